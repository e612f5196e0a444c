"""Table models: one row per game (its snapshot at the last checkpoint) and one per player
action."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, BigInteger, UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.store.columns import UTCDateTime, utcnow


class GameStatus(StrEnum):
    """Values of :attr:`GameRow.status`."""

    LOBBY = "lobby"
    OPEN = "open"
    PAUSED = "paused"
    FINISHED = "finished"
    ABORTED = "aborted"


class GameRow(SQLModel, table=True):
    """A game and the engine state after its latest action."""

    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    kind: str
    guild_id: int | None = Field(default=None, sa_type=BigInteger)
    channel_id: int | None = Field(default=None, sa_type=BigInteger)
    message_id: int | None = Field(default=None, sa_type=BigInteger)
    status: str = Field(default=GameStatus.OPEN.value, index=True)
    version: int = 0
    """Number of event rows of this game; bumped by every append."""
    announced: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """The newest version whose announcements Discord accepted (bot.play.outbox): a game
    with ``announced < version`` still owes its players messages."""
    players: list[str] = Field(default_factory=list, sa_type=JSON)
    """Player ids in seat order."""
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    snapshot: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    """The engine state as plain JSON after event ``snapshot_version`` (a checkpoint: the
    events after it are replayed to get the current state)."""
    snapshot_version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """The version (event seq) the stored snapshot belongs to; ``version`` once over."""
    seed: str
    """Hex RNG seed; secret until the game is over."""
    seed_hash: str
    """Hex SHA-256 of the seed; public from the start."""
    rng_counter: int = 0
    head_hash: str = Field(default="", sa_column_kwargs={"server_default": ""})
    """Hash of the newest event row (the head of the log's hash chain, bot.engine.chain)."""
    actor_key: str = Field(default="", sa_column_kwargs={"server_default": ""})
    """Hex secret of the game's pseudonyms (bot.engine.chain.pseudonym), never published."""
    people: list[str] = Field(
        default_factory=list, sa_type=JSON, sa_column_kwargs={"server_default": "[]"}
    )
    """Every person the game's log names, in the order they came (only grows): the ids the
    hash chain covers as pseudonyms (chain format 2, bot.engine.chain.Pseudonyms)."""
    locale: str = "de"
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    # The table's turn clock: the fields of bot.store.clock_rows.Clock but its game_id, and when
    # it is next due; written by every action in the same statement as the game
    # (bot.store.clock_rows reads and writes them). ``clock_seconds`` is NULL while none is stored.
    clock_seconds: int | None = None
    clock_on_timeout: str | None = None
    clock_version: int | None = None
    clock_waiting: list[str] | None = Field(default=None, sa_type=JSON)
    clock_started: datetime | None = Field(default=None, sa_type=UTCDateTime)
    clock_deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    clock_reminded: bool | None = None
    clock_remaining: float | None = None
    clock_absent: list[str] | None = Field(default=None, sa_type=JSON)
    clock_stand_in: list[str] | None = Field(default=None, sa_type=JSON)
    clock_due: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When the clock next asks for something (``Clock.due_at``): what the poll compares."""
    turn_notice: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    """Who was told that he must act, and the ping that told them (bot.play.turn_notice;
    None: nobody yet)."""


class EventRow(SQLModel, table=True):
    """One player (or system) action and what it caused. Rows are never changed."""

    __tablename__ = "game_events"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_game_events_game_id_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    """Looked up through the unique (game_id, seq) index."""
    seq: int
    """1 for the setup, then one more per action; equals the game version it produced."""
    actor: str | None = None
    """Player id, or None for the system."""
    action: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    events: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    draws: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    """Random draws as ``{"n", "sides", "value", "nonce"}`` dicts."""
    prev_hash: str = Field(default="", sa_column_kwargs={"server_default": ""})
    """Hash of the previous event; for seq 1 the game's seed commitment."""
    hash: str = Field(default="", sa_column_kwargs={"server_default": ""})
    """SHA-256 over this event and ``prev_hash`` (see bot.engine.chain)."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class GuildSettings(SQLModel, table=True):
    """Per-server settings chosen by its admins."""

    __tablename__ = "guild_settings"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    locale: str = "de"
    croupier_role_id: int | None = Field(default=None, sa_type=BigInteger)
    """Members with this role may use the host tools (besides Manage Server)."""
    time_zone: str | None = None
    """IANA time zone of tournament evenings typed without one (None: Europe/Berlin)."""
    web_key: str | None = Field(default=None, unique=True, index=True)
    """The opaque key of the server's web pages (``/s/<key>``); None: its pages are off."""
    left_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When the bot was removed from the server (None: it is there); its data is erased
    ``SERVER_DATA_DAYS`` later unless the bot is added back."""


class Erasure(SQLModel, table=True):
    """A person's confirmed request to erase his data, kept until it is done: written in
    its own transaction when he confirms, removed by the erasure's (bot.privacy), so that
    a process killed in between finishes it at its next start."""

    __tablename__ = "erasures"

    user_id: str = Field(primary_key=True)
    requested_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PlayerName(SQLModel, table=True):
    """The display name a Discord user last had, for places mentions cannot go (select
    options, pictures, exports), and the Discord language he last used (his DMs' language)."""

    __tablename__ = "player_names"

    user_id: str = Field(primary_key=True)
    name: str
    locale: str | None = None
    notify: str | None = None
    """How he is told that he must act (bot.play.turn_notice: None, the channel's ping)."""
