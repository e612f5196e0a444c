"""The croupier's one write path: ``act(game, actor, action)``, and opening tables.

Per action: apply the action to the state, write the events, the
new checkpoint (when due) and the table's clock in one transaction with a version check,
and only then bring the cached table up to date and answer. A refusal or a failed commit
changes nothing. A table starts as a lobby (join / leave / start); ``start`` seats the
game. Everything else is a part of the service (``bot.play``): the table cache
(``tables``), turn clocks and absence (``clocks``), host tools (``host``), the tournament
workflow (``tournaments``: groups' tables, evenings, corrections; it listens to
finished games), names and languages (``directory``)
and the game records (``records``).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.cluster.notices import GameNotice, Notice
from bot.computer_players import levels
from bot.engine import JSON, Action, AuditedRng, Event, Game, IllegalAction
from bot.engine.core import player_bounds
from bot.engine.serial import to_data
from bot.history.keeping import listener as history_listener
from bot.history.queries import History
from bot.lobby import LOBBY_VERBS, Lobby
from bot.play.computer_seats import ComputerSeats
from bot.play.directory import Directory
from bot.play.host import HostTools
from bot.play.outbox import Outbox
from bot.play.outcome import (
    ABORTED,
    FINISHED,
    HOST_ONLY_VERBS,
    LOBBY,
    OPEN,
    PAUSED,
    SETUP_VERBS,
    ClockNotice,
    FollowUp,
    Outcome,
)
from bot.play.people import named_people
from bot.play.records import Records
from bot.play.table_locks import TableLocks
from bot.play.tables import Table, Tables
from bot.play.tournaments import Tournaments
from bot.play.turn_clocks import TurnClocks
from bot.play.watchers import Watchers
from bot.players.seats import COMPUTERS_RATED, computers, is_computer
from bot.plugins import GAMES
from bot.store import Store, VersionConflict
from bot.store.columns import utcnow
from bot.store.outage import is_outage

__all__ = ["HOST_ONLY_VERBS", "SETUP_VERBS", "ClockNotice", "FollowUp", "Outcome", "Service"]

log = logging.getLogger(__name__)

CHECKPOINT_EVERY, CHECKPOINT_SHARE = 16, 16
"""A running game's state is stored after every ``CHECKPOINT_EVERY``-th action, or every
``version // CHECKPOINT_SHARE``-th once that is more (a long game's state is large)."""

FinishedListener = Callable[[Table], list[FollowUp]]
"""What a finished game causes elsewhere, as follow-ups of its finishing action."""


def seated_options(options: Mapping[str, JSON], lobby: Lobby) -> dict[str, JSON]:
    """A starting table's options: with computer players seated, whether the host let the
    game count for the humans' ratings (the players' history reads it)."""
    chosen = dict(options)
    if computers(lobby.players):
        chosen[COMPUTERS_RATED] = lobby.computers_rated
    return chosen


def checkpoint_due(version: int, snapshot_version: int, status: str) -> bool:
    """Whether the state after the action that makes ``version`` is to be stored: when
    the game is over, and when the actions since the stored state reach the interval, so
    that writing grows with the state only by a share and a reload replays at most
    ``max(CHECKPOINT_EVERY, version // CHECKPOINT_SHARE)`` actions (docs/DECISIONS.md)."""
    if status in (FINISHED, ABORTED):
        return True
    return version - snapshot_version >= max(CHECKPOINT_EVERY, version // CHECKPOINT_SHARE)


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
        self.games = games
        self.rng_factory = rng_factory
        self.now = now
        self.tables = Tables(store, games)
        self.locks = TableLocks()
        """One write at a time per table: every write takes its table's lock (re-entrant:
        the table session holding it through the delivery takes it first)."""
        self.directory = Directory(store)
        self.records = Records(store, self.tables, games)
        self.clocks = TurnClocks(self)
        self.host = HostTools(self, self.clocks)
        self.computers = ComputerSeats(self, self.clocks)
        self.outbox = Outbox(store)
        self.watchers = Watchers(store)
        self.history = History(store)
        """The players' history as the commands read it (no command reaches the store)."""
        self.tournaments = Tournaments(self, self.host)
        self._fold = history_listener(store)
        # The history first: a group's Abend is folded before the tournament it ends.
        self.finished_listeners: list[FinishedListener] = [
            self._history_fold,
            self.tournaments.on_finished,
        ]

    def _history_fold(self, table: Table) -> list[FollowUp]:
        return [FollowUp(table.id, "history", lambda: self._fold(table))]

    # --- other processes -----------------------------------------------------------

    def noticed(self, notice: Notice, owns: Callable[[int | None], bool]) -> None:
        """Another process wrote to the database (bot.cluster.notices): the caches learn of
        it now, not at a refused click; what a game of an owned server owes after another
        process's action is delivered here should that process not."""
        if isinstance(notice, GameNotice):
            owned = owns(notice.guild_id)
            moved = self.tables.noticed(notice, owned)
            if moved and owned:
                self.outbox.noticed(notice.game_id, notice.version, moved)
        elif notice.kind == "guild":
            self.directory.forget_guild(int(notice.key))
        else:
            self.directory.forget_player(notice.key)

    def resync(self, owns: Callable[[int | None], bool]) -> None:
        """Notices may have been missed (the link to the database was down): read anew."""
        self.directory.forget_all()
        for game_id, version, guild_id in self.tables.resync(owns):
            if owns(guild_id):
                self.outbox.noticed(game_id, version)

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
        player a host declared absent is to act next, the absence rule plays for him.
        What it causes elsewhere comes back as the outcome's follow-ups, not yet made
        (the table session runs them; :meth:`settle` does without Discord)."""
        async with self.locks(game_id):
            outcome = await self.act_once(
                game_id, actor, action, nonce=nonce, expected_version=expected_version
            )
            return await self.clocks.after(outcome, actor)

    async def settle(self, outcome: Outcome) -> list[Outcome]:
        """Make ``outcome``'s follow-ups now, and theirs, in order (for callers without
        a table session: tools, benches, tests). What they produced, in order."""
        made: list[Outcome] = []
        for follow_up in outcome.follow_ups:
            for caused in await follow_up.run():
                made += [caused, *await self.settle(caused)]
        return made

    async def act_once(
        self,
        game_id: int,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome:
        """One action, without the absence rule after it; listeners learn of a game it
        finished (a tournament group's result goes into its tournament: a follow-up)."""
        async with self.locks(game_id):
            return self._act_once(game_id, actor, action, nonce, expected_version)

    def _act_once(
        self, game_id: int, actor: str, action: Action, nonce: str, expected_version: int | None
    ) -> Outcome:
        # From here to the commit nothing awaits, and the table's lock is held: the table
        # session that holds it through the delivery orders what players see. The version
        # checks are the last guard: ``expected_version`` against the table as this
        # process knows it, and the store's ``WHERE version =`` against another process
        # that moved the game on.
        if expected_version is None:
            table = self.tables.get(game_id)
        else:  # a version newer than this process knows: read the table anew first
            table = self.tables.at(game_id, expected_version)
        try:
            if expected_version is not None and expected_version != table.row.version:
                raise IllegalAction("game.stale")
            if table.lobby is not None:
                return self._lobby_act(table, actor, action, nonce)
            outcome = self._game_act(table, actor, action, nonce)
        except IllegalAction as exc:
            log.info("refused game=%s actor=%s %s: %s", game_id, actor, action.do, exc)
            raise
        if outcome.status == FINISHED:
            caused = [f for listener in self.finished_listeners for f in listener(table)]
            outcome = replace(outcome, follow_ups=(*outcome.follow_ups, *caused))
        return outcome

    def _game_act(self, table: Table, actor: str, action: Action, nonce: str) -> Outcome:
        if table.row.status == PAUSED:
            if "tournament" in table.row.options:
                raise IllegalAction("game.paused")
            opener = self.records.opener(table.id) or "–"  # a casual table: its opener resumes
            raise IllegalAction("game.paused_casual", host=opener)
        game = self.games[table.row.kind]
        if table.row.status != OPEN and not (
            table.row.status == FINISHED and action.do in game.info.after_end
        ):
            raise IllegalAction("game.over")
        open_seats = game.info.open_seats
        if actor not in table.row.players and not open_seats:
            raise IllegalAction("game.not_a_player")
        if open_seats:  # anyone may act (a tournament): the engine learns who
            action = Action(action.do, {**action.args, "actor": actor})
        rng = self.rng_factory(table.seed, table.row.rng_counter, nonce)
        seat = table.row.players.index(actor) if actor in table.row.players else -1
        try:  # in place: no copy per action; a failure drops the state: it is read anew
            events = game.apply(table.state, seat, action, rng)
            status = FINISHED if game.is_over(table.state) else OPEN
            players = game.players(table.state) if open_seats else None
            self.commit(table, actor, action, events, rng=rng, status=status, players=players)
        except BaseException as exc:
            if is_outage(exc):  # the database is away or slow: asking it again would wait
                self.tables.stale(table.id)  # as long once more, on the loop; next use reads
            else:
                self.tables.reload(table.id)  # the stored checkpoint and log are the truth
            raise
        return self.tables.outcome(table, [e.to_dict() for e in events])

    def _lobby_act(self, table: Table, actor: str, action: Action, nonce: str) -> Outcome:
        if action.do not in LOBBY_VERBS:
            raise IllegalAction("lobby.not_started")
        assert table.lobby is not None
        lobby = copy.deepcopy(table.lobby)
        rng = self.rng_factory(table.seed, table.row.rng_counter, nonce)
        events = lobby.act(levels(table.row.kind), actor, action)
        if action.do == "start":
            game = self.games[table.row.kind]
            options = seated_options(table.row.options, lobby)
            state, setup_events = game.setup(list(lobby.players), options, rng)
            events += setup_events
            self.commit(table, actor, action, events, rng=rng, snapshot=game.dump(state),
                        status=OPEN, players=lobby.players, state=state,
                        options=options if options != table.row.options else None)  # fmt: skip
            table.state, table.lobby = state, None
        else:
            status = ABORTED if lobby.empty else LOBBY
            self.commit(table, actor, action, events, rng=rng, snapshot={"lobby": to_data(lobby)},
                        status=status, players=lobby.players)  # fmt: skip
            table.lobby = None if lobby.empty else lobby
        return self.tables.outcome(table, [e.to_dict() for e in events])

    def commit(
        self,
        table: Table,
        actor: str,
        action: Action,
        events: list[Event],
        *,
        status: str,
        rng: AuditedRng | None = None,
        snapshot: dict[str, JSON] | None = None,
        players: list[str] | None = None,
        state: Any = None,
        options: dict[str, JSON] | None = None,
    ) -> None:
        """Write the action and the table's clock after it in one transaction; on success
        bring the cached row up to date. ``rng``: the action's (None: it drew nothing).
        ``state``: the engine state after the action, if it is not ``table.state``.
        ``snapshot``: the stored state to write now (a lobby, a renamed seat); without one,
        the engine state is written when a checkpoint is due. ``options``: the table's
        options from now on (None: unchanged)."""
        row = table.row
        if not self.locks(row.id).held:  # every write path takes it (bot.play.table_locks)
            raise RuntimeError(f"game {row.id}: a write without its table's lock")
        if rng is None:
            rng = self.rng_factory(table.seed, row.rng_counter, "")
        state = table.state if state is None else state
        if (
            snapshot is None
            and state is not None
            and checkpoint_due(row.version + 1, row.snapshot_version, status)
        ):
            snapshot = self.games[row.kind].dump(state)
        clock = self.clocks.next(table, actor, status, players, state)
        marks = self.outbox.unwritten()  # the deliveries' marks ride with the action
        try:
            version, head_hash, stored_clock = self.store.append(
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
                clock_before=table.extra.get("stored_clock"),
                options=options,
                marks=marks,
                names=row.names,
                named=named_people(actor, action.args, players),
            )
        except VersionConflict:
            self.outbox.unwritten_again(marks)
            self.tables.reload(row.id)  # another process moved on
            raise IllegalAction("game.conflict") from None
        except BaseException:
            self.outbox.unwritten_again(marks)
            raise
        row.version, row.rng_counter, row.status = version, rng.counter, status
        self.outbox.owe(row.id, version)
        if snapshot is not None:
            row.snapshot_version = version
        row.head_hash = head_hash
        if players is not None:
            row.players = list(players)
        if clock is not None:
            table.extra["clock"] = clock
            table.extra["stored_clock"] = stored_clock
        if options is not None:
            row.options = dict(options)

    # --- opening tables --------------------------------------------------------------

    async def open_lobby(
        self,
        kind: str,
        host: str,
        options: Mapping[str, JSON] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "de",
        invited: Sequence[str] = (),
    ) -> Outcome:
        """Open a table with its host seated; the seed is committed (hash shown) now. The
        command's answer shows the lobby: nothing is owed for it. ``invited``: players
        whose seats are kept for them (a rematch's), in the order they are to sit; a
        computer among them sits down at once (it cannot click), and the rating chosen for
        a game with computers (``options``) is the lobby's choice again."""
        options = dict(options or {})
        rated = bool(options.pop(COMPUTERS_RATED, False))
        order = list(invited)
        seated = [p for p in order if p == host or is_computer(p)] if host in order else [host]
        bounds = player_bounds(self.games[kind], options)
        lobby = Lobby(
            host, seated, *bounds, order, computers_rated=rated and bool(computers(seated))
        )
        rng = self.rng_factory(AuditedRng.fresh().seed, 0, "")
        return self._insert(
            kind, rng, players=list(seated), options=options, place=(guild_id, channel_id, locale),
            status=LOBBY, snapshot={"lobby": to_data(lobby)}, actor=host,
            action={"do": "open"}, events=[Event("lobby", {"host": host})], announced=True,
            invited=order,
        )  # fmt: skip

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
        announced: bool = False,
    ) -> Outcome:
        """Seat the players and start a game at once (no lobby), with a fresh seed.
        ``announced``: the caller shows it as an interaction's answer; otherwise its table
        message is owed (bot.play.outbox)."""
        game = self.games[kind]
        rng = self.rng_factory(AuditedRng.fresh().seed, 0, nonce)
        state, events = game.setup(list(players), dict(options or {}), rng)
        return self._insert(
            kind, rng, players=list(players), options=options,
            place=(guild_id, channel_id, locale), status=OPEN, snapshot=game.dump(state),
            actor=actor, action={"do": "setup", "players": list(players)}, events=events,
            announced=announced,
        )  # fmt: skip

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
        announced: bool,
        invited: Sequence[str] = (),
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
            announced=announced,
            people=named_people(actor, action, [*players, *invited]),
        )
        table = self.tables.add(row)
        if not announced:
            self.outbox.owe(table.id, row.version)
        outcome = self.tables.outcome(table, [e.to_dict() for e in events])
        self.clocks.advance(table, outcome, actor)
        return outcome
