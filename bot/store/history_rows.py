"""Players' history: tables derived from the event log (issue 32).

The log stays the only source of truth. These rows are projections of it, folded in when
a game ends and rebuilt from the log by ``croupier history rebuild``: a test holds the
kept rows against the rebuilt ones. Season rows (a host's ``/saison neu``) and watchers
(who watches a table now) are the only rows here that the log does not hold.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Index
from sqlmodel import Field, SQLModel

from bot.store.columns import UTCDateTime, utcnow

NO_GUILD = 0
"""The guild id of a game played outside a server (the projections' keys are not null)."""
ALL_TIME = 0
"""The season id of the all-time ratings."""
ALL_PLAYERS = "*"
"""The player of a server's face totals over everyone (:class:`FaceTotal`)."""


class GameResult(SQLModel, table=True):
    """A finished game's places: one row per game, written once when it is folded in (the
    row marks the game as folded)."""

    __tablename__ = "game_results"
    __table_args__ = (Index("ix_game_results_order", "guild_id", "kind", "finished_at", "game_id"),)
    """A server's results of one game in finish order: the ratings' replay, and the games
    a late fold overtakes (bot.history.skill_ratings)."""

    game_id: int = Field(
        primary_key=True, foreign_key="games.id", sa_column_kwargs={"autoincrement": False}
    )
    guild_id: int = Field(default=NO_GUILD, sa_type=BigInteger, index=True)
    kind: str = Field(index=True)
    finished_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime, index=True)
    players: list[str] = Field(default_factory=list, sa_type=JSON)
    places: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    """Player id -> place (1 the best; players tied share a place)."""
    rated: bool = True
    """Counts for the ratings (a practice game, or one a host kept out, does not)."""


class PlayerMeasure(SQLModel, table=True):
    """One number of a player's statistics in one game on one server (games, wins, eyes,
    jokers chosen …): the sum over his folded games."""

    __tablename__ = "player_measures"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    player: str = Field(primary_key=True)
    kind: str = Field(primary_key=True)
    measure: str = Field(primary_key=True)
    value: float = 0.0


class DrawTally(SQLModel, table=True):
    """How often a face came up in one folded game, for the player whose action drew it
    ("" for the system): the fairness report's counts, a projection of the logged draws."""

    __tablename__ = "draw_tallies"
    __table_args__ = (
        Index("ix_draw_tallies_counts", "guild_id", "sides", "face", "player", "kind", "count"),
    )
    """The fairness report's sums (bot.history.face_counts) read this index alone, in the
    order they are grouped, for a server, a player on it or a game on it."""

    game_id: int = Field(
        primary_key=True, foreign_key="games.id", sa_column_kwargs={"autoincrement": False}
    )
    player: str = Field(primary_key=True)
    sides: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    face: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    count: int = 0
    guild_id: int = Field(default=NO_GUILD, sa_type=BigInteger)
    kind: str = ""


class FaceTotal(SQLModel, table=True):
    """How often a face came up on a server in one game, in the actions of one player
    ("" for the system) or of everyone (:data:`ALL_PLAYERS`): the sums of the folded
    :class:`DrawTally` rows, kept up to date by the fold, so that ``/fairness`` reads a
    few hundred rows whatever the server's games."""

    __tablename__ = "face_totals"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    player: str = Field(primary_key=True)
    kind: str = Field(primary_key=True)
    sides: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    face: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    count: int = 0


class HistoryGuild(SQLModel, table=True):
    """A server's folded games. Its row is the server's history lock as well: every fold
    and season start writes it first, so that they take turns per server
    (bot.history.guild_lock)."""

    __tablename__ = "history_guilds"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    folded: int = 0


class UnfoldedGame(SQLModel, table=True):
    """A game the history has to look at again: it finished, was corrected after its end,
    or opened again. The database adds the row (triggers on ``games``, migration 0019) in
    the transaction that changes the game; the fold deletes it. The history's catch-up
    reads this small table, never the games."""

    __tablename__ = "history_unfolded"

    game_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})


class Season(SQLModel, table=True):
    """A server's season, as a host named it: it runs from ``started_at`` until the next
    one starts (``ended_at``)."""

    __tablename__ = "seasons"

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger, index=True)
    name: str
    started_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    ended_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    started_by: str = ""


class Rating(SQLModel, table=True):
    """A player's rating in one game on one server, all time (season :data:`ALL_TIME`) or
    in one season: OpenSkill's mu and sigma after his rated games."""

    __tablename__ = "ratings"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    kind: str = Field(primary_key=True)
    season_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    player: str = Field(primary_key=True)
    mu: float
    sigma: float
    games: int = 0


class Watcher(SQLModel, table=True):
    """Someone who watches a table (its "Zuschauen" button), not a player of it."""

    __tablename__ = "watchers"

    game_id: int = Field(
        primary_key=True, foreign_key="games.id", sa_column_kwargs={"autoincrement": False}
    )
    user_id: str = Field(primary_key=True)
    since: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
