"""The croupier's one entry point for play: ``act(game, actor, action)``.

Per action: take the game's lock, apply the action to a copy of the state, write the
event and the new snapshot in one transaction with a version check, and only then
replace the cached state and answer. A refusal or a failed commit changes nothing.
A table starts as a lobby (join / leave / start); ``start`` seats the game.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import hmac
import logging
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot import clocks
from bot.audit import export
from bot.audit.verify import Report, verify
from bot.engine import JSON, Action, AuditedRng, Event, Game, IllegalAction
from bot.engine.core import player_bounds
from bot.engine.replay import apply_logged
from bot.engine.serial import from_data, renamed, to_data
from bot.games import GAMES
from bot.games.absence import absence_action
from bot.lobby import LOBBY_VERBS, Lobby
from bot.store import EventRow, GameNotFound, GameRow, GameStatus, Store, VersionConflict
from bot.store.clocks import Clock, ClockStore
from bot.store.columns import utcnow
from bot.tournament.game import SYSTEM, TournamentGame

log = logging.getLogger(__name__)

LOBBY, OPEN, PAUSED = GameStatus.LOBBY.value, GameStatus.OPEN.value, GameStatus.PAUSED.value
TOURNAMENT = TournamentGame.kind
FINISHED, ABORTED = GameStatus.FINISHED.value, GameStatus.ABORTED.value
SETUP_VERBS = ("setup", "start")
HOST_ONLY_VERBS = ("pause", "resume", "end", "kick", "clock", "replace")  # no engine action


@dataclass(frozen=True)
class Outcome:
    """What an action produced: the events, and the views to show (public and private)."""

    game_id: int
    kind: str
    status: str  # lobby | open | finished | aborted
    version: int
    events: list[dict[str, JSON]]
    public: dict[str, JSON]
    private: dict[str, dict[str, JSON]]  # player id -> that player's own view
    to_act: list[str]
    players: list[str]
    seed_hash: str
    seed: str | None  # revealed only when the game is over
    head_hash: str = ""  # the hash of the log's newest event (the chain's head)
    locale: str = "de"
    channel_id: int | None = None
    message_id: int | None = None
    linked: tuple[Outcome, ...] = ()  # what this action caused elsewhere (a tournament)
    absent: tuple[tuple[str, dict[str, JSON]], ...] = ()
    """(player, action) the absence rule played for players out of time or declared absent."""

    @property
    def finished(self) -> bool:
        return self.status in (FINISHED, ABORTED)


@dataclass(frozen=True)
class ClockNotice:
    """What a clock did: reminded (``remind``), acted for players out of time (``expire``),
    stopped for the host to decide (``wait``), or closed a lobby (``closed``)."""

    what: str
    outcome: Outcome
    players: tuple[str, ...]
    deadline: datetime | None


CHECKPOINT_EVERY, CHECKPOINT_SHARE = 16, 16
"""A running game's state is stored after every ``CHECKPOINT_EVERY``-th action, or every
``version // CHECKPOINT_SHARE``-th once that is more (a long game's state is large)."""


def checkpoint_due(version: int, snapshot_version: int, status: str) -> bool:
    """Whether the state after the action that makes ``version`` is to be stored: when
    the game is over, and when the actions since the stored state reach the interval, so
    that writing grows with the state only by a share and a reload replays at most
    ``max(CHECKPOINT_EVERY, version // CHECKPOINT_SHARE)`` actions (docs/DECISIONS.md)."""
    if status in (FINISHED, ABORTED):
        return True
    return version - snapshot_version >= max(CHECKPOINT_EVERY, version // CHECKPOINT_SHARE)


def _to_act(game: Game[Any], state: Any, players: Sequence[str]) -> list[str]:
    """The players to act now, in seat order."""
    return [players[s] for s in sorted(game.to_act(state))]


def _merge(first: Outcome, later: Outcome) -> Outcome:
    """Two outcomes of one table in a row, as one (the later state, all the events)."""
    return replace(
        later,
        events=first.events + later.events,
        linked=first.linked + later.linked,
        absent=first.absent + later.absent,
    )


@dataclass(slots=True)
class _Row:
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

    @classmethod
    def of(cls, row: GameRow) -> _Row:
        assert row.id is not None
        return cls(
            row.id, row.kind, row.status, row.version, row.snapshot_version, list(row.players),
            row.options, row.seed, row.seed_hash, row.rng_counter, row.head_hash, row.locale,
            row.guild_id, row.channel_id, row.message_id,
        )  # fmt: skip


@dataclass
class _Table:
    row: _Row  # ids, seed, options, locale; version/status/players kept current below
    state: Any = None  # the engine state once started
    lobby: Lobby | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: GameRow, game: Game[Any], since: Sequence[EventRow] = ()) -> _Table:
        """The table of a stored row: its snapshot (a checkpoint) with the events ``since``
        it replayed. The snapshot itself is not kept (the state is)."""
        snapshot, cached = row.snapshot, _Row.of(row)
        if row.status == LOBBY:
            return cls(cached, lobby=from_data(Lobby, snapshot["lobby"]))
        if row.status == ABORTED and "lobby" in snapshot:
            return cls(cached)
        state = game.load(snapshot)
        players = game.players(state)
        for event in since:
            logged = {"actor": event.actor, "action": event.action, "draws": event.draws}
            state, players = apply_logged(game, state, players, logged, HOST_ONLY_VERBS)
        return cls(cached, state=state)

    @property
    def seed(self) -> bytes:
        return bytes.fromhex(self.row.seed)


class Service:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any]] = GAMES,
        rng_factory: Callable[[bytes, int, str], AuditedRng] = AuditedRng,
        now: Callable[[], datetime] = utcnow,
    ) -> None:
        """``rng_factory`` builds the RNG of one action from (seed, counter, nonce); tests
        pass one that plays fixed dice, the bot keeps the audited default. ``now`` is the
        turn clocks' time (tests pass a fake clock)."""
        self.store = store
        self.clocks = ClockStore(store.engine)
        self.now = now
        self.games = games
        self.rng_factory = rng_factory
        self._tables: dict[int, _Table] = {}
        self._names: dict[str, str] = {}
        self._guild_locales: dict[int, str] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def load_open_games(self) -> int:
        """Load every lobby and running game into memory (at start); returns how many."""
        rows = self.store.open_games()
        since = self.store.since_checkpoints(rows)
        for row in rows:
            assert row.id is not None
            table = _Table.from_row(row, self.games[row.kind], since.get(row.id, ()))
            self._tables[row.id] = table
        return len(rows)

    # --- creating tables -----------------------------------------------------------

    async def open_lobby(
        self,
        kind: str,
        host: str,
        options: Mapping[str, JSON] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "de",
    ) -> Outcome:
        """Open a table with its host seated; the seed is committed (hash shown) now."""
        game = self.games[kind]
        lobby = Lobby(host, [host], *player_bounds(game, options or {}))
        rng = self.rng_factory(AuditedRng.fresh().seed, 0, "")
        return self._insert(
            kind,
            rng,
            players=[host],
            options=options,
            place=(guild_id, channel_id, locale),
            status=LOBBY,
            snapshot={"lobby": to_data(lobby)},
            actor=host,
            action={"do": "open"},
            events=[Event("lobby", {"host": host})],
        )

    async def create(
        self,
        kind: str,
        players: Sequence[str],
        options: Mapping[str, JSON] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "de",
        actor: str | None = None,
        nonce: str = "",
    ) -> Outcome:
        """Seat the players and start a game at once (no lobby), with a fresh seed."""
        game = self.games[kind]
        rng = self.rng_factory(AuditedRng.fresh().seed, 0, nonce)
        state, events = game.setup(list(players), dict(options or {}), rng)
        return self._insert(
            kind,
            rng,
            players=list(players),
            options=options,
            place=(guild_id, channel_id, locale),
            status=OPEN,
            snapshot=game.dump(state),
            actor=actor,
            action={"do": "setup", "players": list(players)},
            events=events,
        )

    def _insert(
        self,
        kind: str,
        rng: AuditedRng,
        *,
        players: list[str],
        options: Mapping[str, JSON] | None,
        place: tuple[int | None, int | None, str],
        status: str,
        snapshot: dict[str, JSON],
        actor: str | None,
        action: dict[str, JSON],
        events: list[Event],
    ) -> Outcome:
        guild_id, channel_id, locale = place
        row = self.store.create_game(
            kind=kind,
            players=players,
            options=dict(options or {}),
            snapshot=snapshot,
            seed=rng.seed.hex(),
            seed_hash=rng.commitment,
            rng_counter=rng.counter,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            status=status,
            actor=actor,
            action=action,
            events=[e.to_dict() for e in events],
            draws=[d.to_dict() for d in rng.take_draws()],
        )
        assert row.id is not None
        table = _Table.from_row(row, self.games[kind])
        self._tables[row.id] = table
        outcome = self._outcome(table, [e.to_dict() for e in events])
        self._advance_clock(table, outcome, actor)
        return outcome

    # --- acting ----------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome:
        """Apply one player's action; raises :class:`IllegalAction` and changes nothing
        when it is refused (wrong player, stale button, illegal move, lost race). If a
        player a host declared absent is to act next, the absence rule plays for him."""
        outcome = await self._act_once(
            game_id, actor, action, nonce=nonce, expected_version=expected_version
        )
        return await self._after(outcome, actor)

    async def _act_once(
        self,
        game_id: int,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome:
        if expected_version is not None:
            self.catch_up(game_id, expected_version)
        async with self._locks[game_id]:
            table = self._table(game_id)
            try:
                if expected_version is not None and expected_version != table.row.version:
                    raise IllegalAction("game.stale")
                if table.lobby is not None:
                    return self._lobby_act(table, actor, action, nonce)
                outcome = self._game_act(table, actor, action, nonce)
            except IllegalAction as exc:
                log.info("refused game=%s actor=%s %s: %s", game_id, actor, action.do, exc)
                raise
        if outcome.status == FINISHED and "tournament" in table.row.options:
            linked = await self._report_to_tournament(table)
            outcome = replace(outcome, linked=tuple(linked))
        return outcome

    async def host_action(
        self,
        game_id: int,
        host: str,
        verb: str,
        *,
        reason: str = "",
        for_player: str = "",
        action: Action | None = None,
        nonce: str = "",
    ) -> Outcome:
        """What a host may do to a running table, logged with who and why:
        ``pause`` / ``resume`` (also to adjourn an evening), and ``act`` for an absent
        player (the player's action, recorded as taken by the host)."""
        if verb == "act":
            assert action is not None
            args = {**action.args, "by_host": host, "reason": reason}
            return await self.act(game_id, for_player, Action(action.do, args), nonce=nonce)
        async with self._locks[game_id]:
            table = self._table(game_id)
            wanted = {"pause": (OPEN, PAUSED), "resume": (PAUSED, OPEN)}.get(verb)
            if wanted is None:
                raise IllegalAction("game.unknown_action", action=verb)
            if table.row.status != wanted[0]:
                raise IllegalAction(f"game.cannot_{verb}")
            rng = self.rng_factory(table.seed, table.row.rng_counter, nonce)
            event = Event(verb, {"host": host, "reason": reason})
            self._commit(
                table, host, Action(verb, {"reason": reason}), events=[event], rng=rng,
                snapshot=None, status=wanted[1], players=None,
            )  # fmt: skip
            outcome = self._outcome(table, [event.to_dict()])
        return await self._after(outcome, None)

    async def _report_to_tournament(self, table: _Table) -> list[Outcome]:
        """A tournament group's Abend is over: its result goes into the tournament."""
        link = table.row.options["tournament"]
        result = self.games[table.row.kind].result(table.state)
        lines = [{"player": p, **result[p]} for p in table.row.players]
        record = Action("record", {"group": link["group"], "round": link["round"], "lines": lines})
        try:
            return [await self.act(int(link["id"]), SYSTEM, record)]
        except IllegalAction:
            return []  # already recorded (e.g. by the reconciliation after a restart)

    async def reconcile(self) -> list[Outcome]:
        """After a restart: results of finished group games that did not reach their
        tournament (the process died between the two transactions) are recorded now."""
        done: list[Outcome] = []
        for table in list(self._tables.values()):
            state = table.state
            if table.row.kind != TOURNAMENT or state is None or state.current is None:
                continue
            for group in state.current.groups:
                if group.done or group.game_id is None:
                    continue
                game = self._table(group.game_id)
                if game.row.status == FINISHED:
                    done += await self._report_to_tournament(game)
        return done

    def _game_act(self, table: _Table, actor: str, action: Action, nonce: str) -> Outcome:
        if table.row.status == PAUSED:
            if "tournament" in table.row.options:
                raise IllegalAction("game.paused")
            assert table.row.id is not None  # a casual table: its opener resumes it
            raise IllegalAction("game.paused_casual", host=self.opener(table.row.id) or "–")
        if table.row.status != OPEN:
            raise IllegalAction("game.over")
        game, game_id = self.games[table.row.kind], table.row.id
        assert game_id is not None
        open_seats = getattr(game, "open_seats", False)
        if actor not in table.row.players and not open_seats:
            raise IllegalAction("game.not_a_player")
        if open_seats:  # anyone may act (a tournament): the engine learns who
            action = Action(action.do, {**action.args, "actor": actor})
        rng = self.rng_factory(table.seed, table.row.rng_counter, nonce)
        seat = table.row.players.index(actor) if actor in table.row.players else -1
        state = table.state
        try:  # in place: no copy per action; a failure drops the table: it is read anew
            events = game.apply(state, seat, action, rng)
            status = FINISHED if game.is_over(state) else OPEN
            self._commit(
                table,
                actor,
                action,
                events=events,
                rng=rng,
                snapshot=None,
                status=status,
                players=game.players(state) if open_seats else None,
            )
        except BaseException:
            self._reload(game_id)  # the stored checkpoint and log are the truth
            raise
        return self._outcome(table, [e.to_dict() for e in events])

    def _lobby_act(self, table: _Table, actor: str, action: Action, nonce: str) -> Outcome:
        if action.do not in LOBBY_VERBS:
            raise IllegalAction("lobby.not_started")
        assert table.lobby is not None
        lobby = copy.deepcopy(table.lobby)
        game = self.games[table.row.kind]
        rng = self.rng_factory(table.seed, table.row.rng_counter, nonce)
        if action.do == "join":
            lobby.join(actor)
        elif action.do == "leave":
            lobby.leave(actor)
        else:
            lobby.check_start(actor)
        events = [Event(action.do, {"player": actor})]
        if action.do == "start":
            state, setup_events = game.setup(list(lobby.players), table.row.options, rng)
            events += setup_events
            self._commit(
                table,
                actor,
                action,
                events=events,
                rng=rng,
                snapshot=game.dump(state),
                status=OPEN,
                players=lobby.players,
                state=state,
            )
            table.state, table.lobby = state, None
        else:
            status = ABORTED if lobby.empty else LOBBY
            snapshot = {"lobby": to_data(lobby)}
            self._commit(
                table,
                actor,
                action,
                events=events,
                rng=rng,
                snapshot=snapshot,
                status=status,
                players=lobby.players,
            )
            table.lobby = None if lobby.empty else lobby
        return self._outcome(table, [e.to_dict() for e in events])

    def _commit(
        self,
        table: _Table,
        actor: str,
        action: Action,
        *,
        events: list[Event],
        rng: AuditedRng,
        snapshot: dict[str, JSON] | None,
        status: str,
        players: list[str] | None,
        state: Any = None,
    ) -> None:
        """Write the action and the table's clock after it in one transaction; on success
        bring the cached row up to date. ``state``: the engine state after the action, if
        it is not ``table.state``. ``snapshot``: the stored state to write now (a lobby, a
        renamed seat); without one, the engine state is written when a checkpoint is due."""
        row = table.row
        assert row.id is not None
        state = table.state if state is None else state
        due = checkpoint_due(row.version + 1, row.snapshot_version, status)
        if snapshot is None and state is not None and due:
            snapshot = self.games[row.kind].dump(state)
        clock = self._next_clock(table, actor, status, players, state)
        try:
            version, head_hash = self.store.append(
                row.id,
                expected_version=row.version,
                actor=actor,
                action=action.to_dict(),
                events=[e.to_dict() for e in events],
                draws=[d.to_dict() for d in rng.take_draws()],
                snapshot=snapshot,
                rng_counter=rng.counter,
                status=status if status != row.status else None,
                players=players,
                prev_hash=row.head_hash,
                clock=clock,
            )
        except VersionConflict:
            self._reload(row.id)  # another process moved on
            raise IllegalAction("game.conflict") from None
        row.version, row.rng_counter, row.status = version, rng.counter, status
        if snapshot is not None:
            row.snapshot_version = version
        row.head_hash = head_hash
        if players is not None:
            row.players = list(players)
        if clock is not None:
            table.extra["clock"] = clock

    def _next_clock(
        self, table: _Table, actor: str, status: str, players: list[str] | None, state: Any
    ) -> Clock | None:
        """The table's clock once the action is committed (None: a tournament has none);
        ``state``: the engine state after the action (None in a lobby)."""
        if table.row.kind == TOURNAMENT:
            return None
        seated = table.row.players if players is None else players
        to_act: list[str] = []
        if status == OPEN and state is not None:
            to_act = _to_act(self.games[table.row.kind], state, seated)
        return clocks.advance(
            self._clock(table),
            version=table.row.version + 1,
            status=status,
            to_act=to_act,
            actor=actor,
            now=self.now(),
        )

    # --- turn clocks, absence and host controls -------------------------------------

    def _clock(self, table: _Table) -> Clock:
        """The table's clock (cached; created from the table's options on first use)."""
        row: Clock | None = table.extra.get("clock")
        if row is None:
            assert table.row.id is not None
            options = table.row.options
            row = self.clocks.get(table.row.id) or Clock(
                game_id=table.row.id,
                seconds=int(options.get("clock_seconds", clocks.DEFAULT_SECONDS)),
                on_timeout=str(options.get("on_timeout", clocks.RULE)),
            )
            table.extra["clock"] = row
        return row

    def _put_clock(self, table: _Table, row: Clock) -> None:
        if row != table.extra.get("clock"):
            self.clocks.put(row)
            table.extra["clock"] = row

    def _advance_clock(self, table: _Table, outcome: Outcome, actor: str | None) -> None:
        if table.row.kind == TOURNAMENT:
            return
        old = self._clock(table)
        new = clocks.advance(
            old,
            version=outcome.version,
            status=outcome.status,
            to_act=outcome.to_act,
            actor=actor,
            now=self.now(),
        )
        self._put_clock(table, new)

    async def _after(self, outcome: Outcome, actor: str | None) -> Outcome:
        """After an action: the absence rule plays for absent players who are to act (the
        clock was written with the action itself)."""
        table = self._table(outcome.game_id)
        if table.row.kind != TOURNAMENT and table.state is not None:
            absent = self._clock(table).absent
            if set(absent) & set(outcome.to_act) and outcome.status == OPEN:
                more = await self._play_absent(table, absent, "absent")
                outcome = _merge(outcome, more)
        return outcome

    async def _play_absent(self, table: _Table, players: Sequence[str], reason: str) -> Outcome:
        """Play the game's absence rule for ``players`` while one of them is to act."""
        assert table.row.id is not None
        game_id, game = table.row.id, self.games[table.row.kind]
        outcome: Outcome | None = None
        acted: list[tuple[str, dict[str, JSON]]] = []
        for _ in range(200):  # a Dice Devils round or a V6 turn ends long before
            table = self._table(game_id)
            if table.state is None or table.row.status != OPEN:
                break
            to_act = _to_act(game, table.state, table.row.players)
            who = next((p for p in to_act if p in players), None)
            if who is None:
                break
            action = absence_action(game, table.state, table.row.players.index(who))
            if action is None:
                break
            marked = Action(action.do, {**action.args, "by_croupier": reason})
            nonce = f"{reason}:{game_id}:{table.row.version}"
            step = await self._act_once(game_id, who, marked, nonce=nonce)
            acted.append((who, action.to_dict()))
            outcome = step if outcome is None else _merge(outcome, step)
        if outcome is None:
            return self.current(game_id)
        return replace(outcome, absent=tuple(acted))

    async def tick(self) -> list[ClockNotice]:
        """Do what every due clock asks for (the bot's clock task calls this)."""
        notices, now = [], self.now()
        for stored in self.clocks.due_by(now):
            if clocks.due(stored, now) is None:
                continue
            self.catch_up(stored.game_id, stored.version)  # another process moved it on
            try:
                notice = await self._on_due(stored.game_id)
            except IllegalAction as exc:
                log.warning("clock of game %s: %s", stored.game_id, exc)
                continue
            if notice is not None:
                notices.append(notice)
        return notices

    async def _on_due(self, game_id: int) -> ClockNotice | None:
        table = self._table(game_id)
        row, current = self._clock(table), self._outcome(table, [])
        if row.version != table.row.version:  # a clock older than its game's last action
            self._advance_clock(table, current, None)  # (stored before clocks shared the
            return None  # action's transaction): it starts afresh
        due = clocks.due(row, self.now())
        if due is None:
            return None
        if due.what == clocks.REMIND:
            self._put_clock(table, replace(row, reminded=True))
            waiting = tuple(p for p in due.players if p in current.to_act)
            return ClockNotice(clocks.REMIND, current, waiting, row.deadline)
        if table.lobby is not None:
            return ClockNotice("closed", await self._close_lobby(table), (), None)
        if row.on_timeout == clocks.WAIT:
            self._put_clock(table, replace(row, deadline=None))
            return ClockNotice(clocks.WAIT, current, due.players, None)
        outcome = await self._play_absent(table, due.players, "clock")
        if not outcome.absent:  # nothing the rule could play: stop instead of looping
            self._put_clock(table, replace(self._clock(table), deadline=None))
        return ClockNotice(clocks.EXPIRE, outcome, due.players, None)

    async def _close_lobby(self, table: _Table) -> Outcome:
        async with self._locks[table.row.id or 0]:
            event = Event("lobby_expired", {})
            rng = self.rng_factory(table.seed, table.row.rng_counter, "")
            self._commit(
                table, SYSTEM, Action("expire"), events=[event], rng=rng,
                snapshot=None, status=ABORTED, players=None,
            )  # fmt: skip
            table.lobby = None
            return self._outcome(table, [event.to_dict()])

    async def _host_commit(
        self, game_id: int, host: str, verb: str, args: dict[str, JSON], **changes: Any
    ) -> Outcome:
        """A logged host action on a running or paused table (no engine action)."""
        async with self._locks[game_id]:
            table = self._table(game_id)
            if table.row.status not in (OPEN, PAUSED) and not (
                verb == "end" and table.row.status == LOBBY
            ):
                raise IllegalAction("game.over")
            event = Event(verb, {"host": host, **args})
            rng = self.rng_factory(table.seed, table.row.rng_counter, "")
            self._commit(
                table,
                host,
                Action(verb, args),
                events=[event],
                rng=rng,
                snapshot=changes.get("snapshot"),
                status=changes.get("status", table.row.status),
                players=changes.get("players"),
            )
            if "snapshot" in changes:
                table.state = self.games[table.row.kind].load(changes["snapshot"])
            if changes.get("status") == ABORTED:
                table.lobby = None
            return self._outcome(table, [event.to_dict()])

    async def end_table(self, game_id: int, host: str, reason: str = "") -> Outcome:
        """End a table early: the results so far are kept in the log and shown."""
        table = self._table(game_id)
        result = {} if table.state is None else self.games[table.row.kind].result(table.state)
        args = {"reason": reason, "result": result}
        return await self._host_commit(game_id, host, "end", args, status=ABORTED)

    async def replace_player(
        self, game_id: int, host: str, old: str, new: str, reason: str = ""
    ) -> Outcome:
        """Seat ``new`` in ``old``'s place: same seat, same cards, dice and points."""
        table = self._table(game_id)
        if table.state is None:
            raise IllegalAction("game.not_started")
        if old not in table.row.players:
            raise IllegalAction("game.not_a_player")
        if new in table.row.players:
            raise IllegalAction("game.already_seated")
        snapshot = renamed(self.games[table.row.kind].dump(table.state), old, new)
        players = [new if p == old else p for p in table.row.players]
        args = {"old": old, "new": new, "reason": reason}
        outcome = await self._host_commit(
            game_id, host, "replace", args, snapshot=snapshot, players=players
        )
        clock = self._clock(table)
        moved = replace(
            clock,
            waiting=[new if p == old else p for p in clock.waiting],
            absent=[p for p in clock.absent if p != old],
        )
        self._put_clock(table, moved)
        return await self._after(outcome, None)

    async def kick(self, game_id: int, host: str, player: str, reason: str = "") -> Outcome:
        """Declare a player absent: from now on the absence rule plays for him at once."""
        table = self._table(game_id)
        if table.state is None or player not in table.row.players:
            raise IllegalAction("game.not_a_player")
        outcome = await self._host_commit(
            game_id, host, "kick", {"player": player, "reason": reason}
        )
        clock = self._clock(table)
        if player not in clock.absent:
            self._put_clock(table, replace(clock, absent=[*clock.absent, player]))
        return await self._after(outcome, None)

    async def set_clock(
        self, game_id: int, host: str, *, seconds: int | None = None, on_timeout: str | None = None
    ) -> Outcome:
        """Change a table's turn clock (0 seconds = no clock); a running clock restarts."""
        if on_timeout not in (None, clocks.RULE, clocks.WAIT):
            raise IllegalAction("game.bad_clock")
        args = {"seconds": seconds, "on_timeout": on_timeout}
        outcome = await self._host_commit(game_id, host, "clock", args)
        table = self._table(game_id)
        changed = clocks.setting(self._clock(table), seconds=seconds, on_timeout=on_timeout)
        self._put_clock(table, changed)
        self._advance_clock(table, outcome, None)
        return outcome

    def clock_of(self, game_id: int) -> Clock:
        """The table's clock as it stands (read-only use)."""
        return self._clock(self._table(game_id))

    def opener(self, game_id: int) -> str | None:
        """Who opened the table (its host for casual play)."""
        first = self.store.events(game_id)[:1]
        return first[0].actor if first else None

    # --- reading ---------------------------------------------------------------------

    def _table(self, game_id: int) -> _Table:
        table = self._tables.get(game_id)
        if table is None:
            table = self._tables[game_id] = self._read(game_id)
        return table

    def _read(self, game_id: int) -> _Table:
        """A table as stored: its checkpoint with the logged actions since replayed."""
        try:
            row = self.store.get(game_id)
        except GameNotFound:
            raise IllegalAction("game.not_found") from None
        since = self.store.events(game_id, row.version, after=row.snapshot_version)
        return _Table.from_row(row, self.games[row.kind], since)

    def stored_state(self, game_id: int) -> dict[str, JSON] | None:
        """The engine state as a restart reads it from the database (its checkpoint and the
        actions since), as plain data; None for a lobby. For checks, not for play."""
        table = self._read(game_id)
        return None if table.state is None else self.games[table.row.kind].dump(table.state)

    def _reload(self, game_id: int) -> None:
        """Read a table anew from its stored checkpoint and log (after a refusal that may
        have changed the state in memory, or a failed commit); if that fails too, it is read
        on its next use."""
        self._tables.pop(game_id, None)
        try:
            self._table(game_id)
        except Exception:
            log.exception("game %s: could not be read again (next use reads it)", game_id)

    def _outcome(self, table: _Table, events: list[dict[str, JSON]]) -> Outcome:
        row = table.row
        assert row.id is not None
        game = self.games[row.kind]
        players = list(row.players)
        if table.state is None:
            lobby = to_data(table.lobby) if table.lobby is not None else None
            public: dict[str, JSON] = {"lobby": lobby, "options": dict(row.options or {})}
            private = {p: public for p in players}
            to_act: list[str] = []
        else:
            public = game.view(table.state, None)
            private = {p: game.view(table.state, seat) for seat, p in enumerate(players)}
            to_act = _to_act(game, table.state, players)
        done = row.status in (FINISHED, ABORTED)
        return Outcome(
            game_id=row.id,
            kind=row.kind,
            status=row.status,
            version=row.version,
            events=events,
            public=public,
            private=private,
            to_act=to_act,
            players=players,
            seed_hash=row.seed_hash,
            seed=row.seed if done else None,
            head_hash=row.head_hash,
            locale=row.locale,
            channel_id=row.channel_id,
            message_id=row.message_id,
        )

    def catch_up(self, game_id: int, version: int) -> None:
        """A click carries a newer version than this process knows: another process (a
        second shard) moved the game on, so the cached copy is dropped and read anew."""
        table = self._tables.get(game_id)
        if table is not None and version > table.row.version:
            log.info("game %s is at %s elsewhere (here %s): reloading", game_id, version,
                     table.row.version)  # fmt: skip
            self._tables.pop(game_id, None)

    def current(self, game_id: int) -> Outcome:
        """The game as it stands (e.g. to redraw its message), without acting."""
        return self._outcome(self._table(game_id), [])

    def locale_of(self, game_id: int) -> str:
        """A table's language, without building its views as :meth:`current` does (most
        clicks need no more before they act)."""
        return self._table(game_id).row.locale

    def is_over(self, game_id: int) -> bool:
        """Whether a game has ended (finished, or ended early by a host or its lobby's
        clock), without building its views; False for a game that does not exist."""
        try:
            return self._table(game_id).row.status in (FINISHED, ABORTED)
        except IllegalAction:
            return False

    def find_table(
        self, channel_id: int, player: str | None, kind: str | None = None
    ) -> int | None:
        """The newest live table in a channel (at which ``player`` sits, if given). A
        tournament is no table: ``/tisch beenden`` beside its registration must not end it."""
        found = [
            game_id
            for game_id, table in self._tables.items()
            if table.row.channel_id == channel_id
            and (player is None or player in table.row.players)
            and table.row.status in (LOBBY, OPEN, PAUSED)
            and (table.row.kind == kind if kind is not None else table.row.kind != TOURNAMENT)
        ]
        return max(found) if found else None

    def remember_name(self, player: str, name: str) -> None:
        """Keep a player's display name (written only when it changed)."""
        if self.display_name(player) != name:
            self.store.set_player_name(player, name)
            self._names[player] = name

    def display_name(self, player: str) -> str:
        """The player's last known display name, else the id."""
        if player not in self._names:
            stored = self.store.player_name(player)
            if stored is None:
                return player
            self._names[player] = stored
        return self._names[player]

    def latest_in_channel(self, kind: str, channel_id: int) -> int | None:
        row = self.store.latest_game(kind, channel_id)
        return None if row is None else row.id

    def state_copy(self, game_id: int) -> Any:
        """A copy of a game's engine state (to ask the engine, e.g. for legal actions)."""
        return copy.deepcopy(self._table(game_id).state)

    def live_games(self, kind: str) -> list[int]:
        """Ids of the loaded lobbies and running games of one kind."""
        return [
            game_id
            for game_id, table in self._tables.items()
            if table.row.kind == kind and table.row.status in (LOBBY, OPEN)
        ]

    def guild_locale(self, guild_id: int | None) -> str:
        """The server's language (German unless its admins chose English); read once, then
        kept (it changes through :meth:`set_guild_locale`; a server is one shard's)."""
        if guild_id is None:
            return "de"
        locale = self._guild_locales.get(guild_id)
        if locale is None:
            locale = self._guild_locales[guild_id] = self.store.guild_locale(guild_id) or "de"
        return locale

    def set_guild_locale(self, guild_id: int, locale: str) -> None:
        self.store.set_guild_locale(guild_id, locale)
        self._guild_locales[guild_id] = locale

    def recent_events(self, game_id: int, limit: int = 20) -> list[dict[str, JSON]]:
        """The last ``limit`` events of a game's log, oldest first."""
        events = [e for row in self.store.events(game_id) for e in row.events]
        return events[-limit:]

    def export_log(self, game_id: int) -> list[dict[str, JSON]]:
        """Every logged action of a game: who, what, the events, the dice and the hashes
        that chain it to the action before."""
        return [export.event_entry(r) for r in self.store.events(game_id)]

    def seal(self, game_id: int, text: str) -> str:
        """A short public seal of a secret (e.g. a sealed bet): HMAC with the game's seed, so
        it can be checked once the seed is revealed, and not guessed before."""
        digest = hmac.new(self._table(game_id).seed, text.encode(), hashlib.sha256).hexdigest()
        return digest[:8]

    def seed_info(self, game_id: int) -> dict[str, JSON]:
        """The seed's commitment, and the seed itself once the game is over."""
        table = self._table(game_id)
        done = table.row.status in (FINISHED, ABORTED)
        return {"seed_hash": table.row.seed_hash, "seed": table.row.seed if done else None}

    def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the Discord message that shows the table."""
        table = self._table(game_id)
        self.store.set_message(game_id, message_id)
        table.row.message_id = message_id

    def audit(self, game_id: int) -> list[str]:
        """Check a finished game (empty = fair): the hash chain, every draw recomputed from
        the revealed seed, and the logged actions replayed with those draws give the stored
        snapshot (:meth:`verify`)."""
        table = self._table(game_id)
        if table.row.status != FINISHED:
            raise IllegalAction("game.not_over")
        return [problem.detail for problem in self.verify(game_id).problems]

    def verify(self, game_id: int) -> Report:
        """The offline verifier (``croupier verify``) run on the game's export as stored
        now; its draws are checked once the seed is revealed."""
        self._table(game_id)  # IllegalAction for an unknown game
        document = export.read(export.to_json(export.from_store(self.store, game_id)))
        return verify(document, self.games, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)

    def live_tables(self, guild_id: int) -> list[Outcome]:
        """The lobbies, running and paused game tables of one server, oldest first
        (tournaments are not tables: their groups' games are)."""
        return [
            self._outcome(table, [])
            for _, table in sorted(self._tables.items())
            if table.row.guild_id == guild_id
            and table.row.status in (LOBBY, OPEN, PAUSED)
            and table.row.kind != TOURNAMENT
        ]
