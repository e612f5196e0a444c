"""The table cache: every lobby and running game in memory, as its stored checkpoint with
the logged actions since replayed; read anew when another process moved a game on or an
action failed half-way. The outcome of a table (its views per viewer) is built here."""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from bot.cluster.notices import GameNotice
from bot.computer_players import offered_levels
from bot.engine import JSON, Game, IllegalAction, redacted
from bot.engine.chain import Pseudonyms
from bot.engine.replay import apply_logged
from bot.engine.serial import from_data, to_data
from bot.lobby import Lobby
from bot.play.outcome import ABORTED, FINISHED, HOST_ONLY_VERBS, LIVE, LOBBY, OPEN, Outcome
from bot.play.turn_notice import TurnNotice
from bot.store import GameNotFound, GameRow, Store
from bot.store.outage import describe, is_outage

log = logging.getLogger(__name__)


def newer_message(known: int | None, message_id: int) -> int:
    """The table's message of the two: the newer (a greater Discord id is a later one)."""
    return message_id if known is None else max(known, message_id)


def to_act(game: Game[Any], state: Any, players: Sequence[str]) -> list[str]:
    """The players to act now, in seat order."""
    return [players[s] for s in sorted(game.to_act(state))]


class Logged(Protocol):
    """What replaying a logged action reads of its row: a :class:`~bot.store.EventRow`, or the
    history fold's plain row of it (bot.history.fold)."""

    @property
    def actor(self) -> str | None: ...
    @property
    def action(self) -> Mapping[str, Any]: ...
    @property
    def draws(self) -> Sequence[Mapping[str, Any]]: ...


def replayed(game: Game[Any], snapshot: JSON, since: Sequence[Logged] = ()) -> Any:
    """The engine state of a started game's checkpoint ``snapshot`` with the actions
    logged ``since`` it played again."""
    state = game.load(snapshot)
    players = game.players(state)
    for event in since:
        logged = {"actor": event.actor, "action": event.action, "draws": event.draws}
        state, players = apply_logged(game, state, players, logged, HOST_ONLY_VERBS)
    return state


@dataclass(slots=True)
class CachedRow:
    """The cached copy of a game row, as plain attributes: a detached SQLModel row would
    validate every assignment and keep every replaced value (the old snapshot included)."""

    id: int
    kind: str
    status: str
    version: int
    snapshot_version: int
    players: list[str]
    options: dict[str, Any]
    seed: str
    seed_hash: str
    rng_counter: int
    head_hash: str
    locale: str
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    turn_notice: dict[str, Any] | None
    names: Pseudonyms
    """The game's pseudonyms (its key and people), grown by the store's appends."""

    @classmethod
    def of(cls, row: GameRow) -> CachedRow:
        assert row.id is not None
        return cls(
            row.id, row.kind, row.status, row.version, row.snapshot_version, list(row.players),
            row.options, row.seed, row.seed_hash, row.rng_counter, row.head_hash, row.locale,
            row.guild_id, row.channel_id, row.message_id, row.turn_notice,
            Pseudonyms(row.actor_key, row.people),
        )  # fmt: skip


@dataclass
class Table:
    row: CachedRow  # ids, seed, options, locale; version/status/players kept current
    state: Any = None  # the engine state once started
    lobby: Lobby | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: GameRow, game: Game[Any], since: Sequence[Logged] = ()) -> Table:
        """The table of a stored row: its snapshot (a checkpoint) with the events ``since``
        it replayed. The snapshot itself is not kept (the state is)."""
        snapshot, cached = row.snapshot, CachedRow.of(row)
        if row.status == LOBBY:
            return cls(cached, lobby=from_data(Lobby, snapshot["lobby"]))
        if row.status == ABORTED and "lobby" in snapshot:
            return cls(cached)
        return cls(cached, state=replayed(game, snapshot, since))

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def seed(self) -> bytes:
        return bytes.fromhex(self.row.seed)

    @property
    def over(self) -> bool:
        return self.row.status in (FINISHED, ABORTED)

    @property
    def live(self) -> bool:
        return self.row.status in LIVE


class Tables:
    """The loaded tables, and reading them as outcomes. No locks: an action runs from
    reading its table to its commit without awaiting (``bot.service``)."""

    def __init__(self, store: Store, games: Mapping[str, Game[Any]]) -> None:
        self.store = store
        self.games = games
        self._tables: dict[int, Table] = {}
        self._stale: set[int] = set()
        """Tables whose state in memory may be ahead of the store (a failed commit): read
        anew on their next use; until then kept, so that they are still found."""

    def load_open_games(self, owns: Callable[[int | None], bool] = lambda guild: True) -> int:
        """Load every lobby and running game of the servers this process ``owns`` into
        memory (at start); returns how many. Others' are read when used."""
        rows = [row for row in self.store.open_games() if owns(row.guild_id)]
        since = self.store.since_checkpoints(rows)
        for row in rows:
            assert row.id is not None
            self._tables[row.id] = Table.from_row(row, self.games[row.kind], since.get(row.id, ()))
        return len(rows)

    def drop(self, owns: Callable[[int | None], bool]) -> list[int]:
        """Forget the cached tables of the servers ``owns`` says (a shard this process no
        longer runs: another reads them anew); their ids."""
        dropped = [i for i, table in self._tables.items() if owns(table.row.guild_id)]
        for game_id in dropped:
            del self._tables[game_id]
        return dropped

    def add(self, row: GameRow) -> Table:
        """Cache a table just created."""
        table = Table.from_row(row, self.games[row.kind])
        self._tables[table.id] = table
        return table

    def get(self, game_id: int) -> Table:
        """A table (read from the store on first use); IllegalAction for an unknown one."""
        table = self._tables.get(game_id)
        if table is None or game_id in self._stale:
            table = self._tables[game_id] = self.read(game_id)
            self._stale.discard(game_id)
        return table

    def read(self, game_id: int) -> Table:
        """A table as stored: its checkpoint with the logged actions since replayed."""
        try:
            row = self.store.get(game_id)
        except GameNotFound:
            raise IllegalAction("game.not_found") from None
        since = self.store.events(game_id, row.version, after=row.snapshot_version)
        return Table.from_row(row, self.games[row.kind], since)

    def reload(self, game_id: int) -> None:
        """Read a table anew from its stored checkpoint and log (after a refusal that may
        have changed the state in memory, or a failed commit); if that fails too, it is read
        on its next use."""
        self.stale(game_id)
        try:
            self.get(game_id)
        except Exception as exc:
            if not is_outage(exc):
                log.exception("game %s: could not be read again (next use reads it)", game_id)
            else:
                log.warning("game %s: could not be read again (next use reads it): %s",
                            game_id, describe(exc))  # fmt: skip

    def stale(self, game_id: int) -> None:
        """The table in memory may be ahead of the store (its commit failed): it is read
        anew on its next use, without asking the database now (it may be away)."""
        if game_id in self._tables:
            self._stale.add(game_id)

    def noticed(self, notice: GameNotice, owned: bool) -> int:
        """Another process wrote a game (bot.cluster.notices): a table it moved on is read
        anew (one of a server this process does not own is dropped, and read when used), a
        new live table of an owned server is loaded, a new message or clock is taken over.
        Returns the version the game moved on to past what this process knew (0: it did
        not; the version read anew may be newer than the notice's). A new message is taken
        over whatever version the notice names (the click on it may be quicker than the
        notice of the version), unless the table knows a newer one."""
        table = self._tables.get(notice.game_id)
        if table is None:
            if owned and notice.moved and notice.status in LIVE:
                self.reload(notice.game_id)
            return self._known(notice) if owned and notice.moved else 0
        if notice.version > table.row.version:
            if owned:
                self.reload(notice.game_id)
            else:
                del self._tables[notice.game_id]
            return self._known(notice)
        if notice.message and notice.message_id is not None:
            table.row.message_id = newer_message(table.row.message_id, notice.message_id)
        if notice.clock:
            table.extra.pop("clock", None)  # read again when next used
        return 0

    def _known(self, notice: GameNotice) -> int:
        """The newest version of a noticed game this process knows now: the notice's, or
        the one it read on reloading (the game may have moved on since the notice)."""
        table = self._tables.get(notice.game_id)
        return notice.version if table is None else max(notice.version, table.row.version)

    def resync(self, owns: Callable[[int | None], bool]) -> list[tuple[int, int, int | None]]:
        """After notices may have been missed (the link to the database was down): every
        cached table the database holds at another version is read anew, every live table
        of an owned server not cached yet is loaded. Returns (id, version, server) of those."""
        read = []
        for game_id, version, guild_id in self.store.live_versions():
            table = self._tables.get(game_id)
            stale = table.row.version != version if table is not None else owns(guild_id)
            if stale:
                self.reload(game_id)
                read.append((game_id, version, guild_id))
        return read

    def at(self, game_id: int, version: int) -> Table:
        """The table a click made at ``version`` is for: read anew if that version is newer
        than this process knows (another process, a second shard, moved the game on).
        IllegalAction for an unknown table."""
        table = self._tables.get(game_id)
        if table is not None and version > table.row.version:
            log.info("game %s is at %s elsewhere (here %s): reloading", game_id, version,
                     table.row.version)  # fmt: skip
            del self._tables[game_id]
        return self.get(game_id)

    def check(self, game_id: int, actor: str, verb: str | None) -> None:
        """Whether ``actor`` may ``verb`` now (None: decide whatever he is to decide), as
        the engine says, before a prompt for it opens: nothing, or the engine's refusal
        (not seated, not his turn, not in this phase: the same as acting would raise)."""
        table = self.get(game_id)
        if table.state is None:
            raise IllegalAction("lobby.not_started")
        game = self.games[table.row.kind]
        players = table.row.players
        if actor not in players and not game.info.open_seats:
            raise IllegalAction("game.not_a_player")
        game.check(table.state, players.index(actor) if actor in players else -1, verb)

    def stored_state(self, game_id: int) -> dict[str, JSON] | None:
        """The engine state as a restart reads it from the database (its checkpoint and the
        actions since), as plain data; None for a lobby. For checks, not for play."""
        table = self.read(game_id)
        return None if table.state is None else self.games[table.row.kind].dump(table.state)

    # --- reading as outcomes ---------------------------------------------------------

    def outcome(self, table: Table, events: list[dict[str, JSON]]) -> Outcome:
        """The table as it stands after ``events`` (as logged): its public view and each
        player's, and the events as the public and each player may see them (the game
        redacts them here, the one place an outcome is built)."""
        row = table.row
        game = self.games[row.kind]
        players = list(row.players)
        if table.state is None:
            lobby = to_data(table.lobby) if table.lobby is not None else None
            public: dict[str, JSON] = {"lobby": lobby, "options": dict(row.options or {}),
                                       "computers": offered_levels(row.kind)}  # fmt: skip
            private = {p: public for p in players}
            acting: list[str] = []
        else:
            public, seen = game.views(table.state, len(players))
            private = dict(zip(players, seen, strict=True))
            acting = to_act(game, table.state, players)
        if game.info.secrets:
            shown = redacted(game, events, None)
            own = {p: redacted(game, events, p) for p in players}
        else:  # every event is public: one list for all (each V6 click builds one)
            shown = events
            own = dict.fromkeys(players, events)
        return Outcome(
            game_id=row.id,
            kind=row.kind,
            status=row.status,
            version=row.version,
            events=shown,
            public=public,
            private=private,
            to_act=acting,
            players=players,
            seed_hash=row.seed_hash,
            seed=row.seed if table.over else None,
            head_hash=row.head_hash,
            private_events=own,
            locale=row.locale,
            channel_id=row.channel_id,
            message_id=row.message_id,
        )

    def current(self, game_id: int) -> Outcome:
        """The game as it stands (e.g. to redraw its message), without acting."""
        return self.outcome(self.get(game_id), [])

    def owed(self, game_id: int, versions: Sequence[int]) -> Outcome:
        """The game as it stands now, with the logged events of ``versions`` (those not
        announced yet): what a redelivery shows."""
        table = self.get(game_id)
        rows = self.store.events(game_id, upto=max(versions), after=min(versions) - 1)
        rows = [row for row in rows if row.seq in versions]
        events = [e for row in rows for e in row.events]
        game = self.games[table.row.kind]
        logged_by = tuple(row.seq for row in rows for _ in redacted(game, row.events, None))
        return replace(self.outcome(table, events), first=min(versions), versions=logged_by)

    def public_since(
        self, game_id: int, kinds: Collection[str], before: int, window: int = 200
    ) -> list[dict[str, JSON]]:
        """The public events of the versions after the newest one before ``before`` that
        logged an event of ``kinds`` (a round's start), up to ``before`` (exclusive): what
        a round's earlier actions showed (at most ``window`` versions back)."""
        table = self.get(game_id)
        game = self.games[table.row.kind]
        rows = self.store.events(game_id, upto=before - 1, after=max(0, before - 1 - window))
        starts = [i for i, row in enumerate(rows) if any(e["type"] in kinds for e in row.events)]
        since = starts[-1] if starts else -1
        return [e for row in rows[since + 1 :] for e in redacted(game, row.events, None)]

    def is_over(self, game_id: int) -> bool:
        """Whether a game has ended (finished, or ended early by a host or its lobby's
        clock), without building its views; False for a game that does not exist."""
        try:
            return self.get(game_id).over
        except IllegalAction:
            return False

    def _is_table(self, table: Table) -> bool:
        """A game played at a table (a tournament is none: its groups' games are)."""
        return not self.games[table.row.kind].info.open_seats

    def find(self, channel_id: int, player: str | None, kind: str | None = None) -> int | None:
        """The newest live table in a channel (at which ``player`` sits, if given). A
        tournament is no table: ``/tisch beenden`` beside its registration must not end it."""
        found = [
            game_id
            for game_id, table in self._tables.items()
            if table.row.channel_id == channel_id
            and (player is None or player in table.row.players)
            and table.live
            and (table.row.kind == kind if kind is not None else self._is_table(table))
        ]
        return max(found) if found else None

    def live_games(self, kind: str) -> list[int]:
        """Ids of the loaded lobbies and running games of one kind."""
        return [
            game_id
            for game_id, table in self._tables.items()
            if table.row.kind == kind and table.row.status in (LOBBY, OPEN)
        ]

    def live_tables(self, guild_id: int) -> list[Outcome]:
        """The lobbies, running and paused game tables of one server, oldest first
        (tournaments are not tables: their groups' games are)."""
        return [
            self.outcome(table, [])
            for _, table in sorted(self._tables.items())
            if table.row.guild_id == guild_id and table.live and self._is_table(table)
        ]

    def loaded(self) -> list[Table]:
        """Every table in memory."""
        return list(self._tables.values())

    def options(self, game_id: int) -> dict[str, Any]:
        """The options a table was opened with."""
        return dict(self.get(game_id).row.options)

    def guild_of(self, game_id: int) -> int | None:
        """The server a table is played in."""
        return self.get(game_id).row.guild_id

    def latest_in_channel(self, kind: str, channel_id: int) -> int | None:
        row = self.store.latest_game(kind, channel_id)
        return None if row is None else row.id

    def in_guild(self, kind: str, guild_id: int, limit: int) -> list[int]:
        """Ids of a server's newest ``limit`` games of a kind, newest first (finished ones
        too: ``/turnier liste``)."""
        rows = self.store.games_in_guild(kind, guild_id, limit)
        return [row.id for row in rows if row.id is not None]

    def set_message(self, game_id: int, message_id: int | None) -> int | None:
        """Remember the Discord message that shows the table; returns the one it keeps. A
        table only moves on to a newer message (Discord's ids grow with time): one posted
        by another process, or a process late to write its own, never takes the place of
        a newer one (:func:`newer_message`)."""
        table = self.get(game_id)
        if message_id is not None:  # (an answer Discord did not name)
            self.store.set_message(game_id, message_id)
            table.row.message_id = newer_message(table.row.message_id, message_id)
        return table.row.message_id

    def turn_notice(self, game_id: int) -> TurnNotice:
        """Who was told that he must act at the table, and the line that stands."""
        return TurnNotice.read(self.get(game_id).row.turn_notice)

    def set_turn_notice(self, game_id: int, notice: TurnNotice) -> None:
        """Remember who was told (written only when it changed)."""
        table = self.get(game_id)
        stored = notice.stored()
        if stored != table.row.turn_notice:
            self.store.set_turn_notice(game_id, stored)
            table.row.turn_notice = stored

    def seal(self, game_id: int, text: str) -> str:
        """A short public seal of a secret (e.g. a sealed bet): HMAC with the game's seed, so
        it can be checked once the seed is revealed, and not guessed before."""
        digest = hmac.new(self.get(game_id).seed, text.encode(), hashlib.sha256).hexdigest()
        return digest[:8]

    def seed_info(self, game_id: int) -> dict[str, JSON]:
        """The seed's commitment, and the seed itself once the game is over."""
        table = self.get(game_id)
        return {"seed_hash": table.row.seed_hash, "seed": table.row.seed if table.over else None}
