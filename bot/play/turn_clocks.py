"""Turn clocks and absence: each table's clock is written with every action (the service's
commit asks :meth:`TurnClocks.next` for it); a due clock reminds, waits for the host, or
lets the game's absence rule play for the players out of time; players a host declared
absent are played for at once."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.clocks import timing as clocks
from bot.clocks.clock import Clock
from bot.engine import JSON, Action, Event, IllegalAction
from bot.play.outcome import ABORTED, OPEN, ClockNotice, Outcome, merge
from bot.play.tables import Table, to_act
from bot.play.writer import Writer
from bot.players.seats import is_computer
from bot.store.clock_rows import ClockStore
from bot.tournament.game import SYSTEM

log = logging.getLogger(__name__)

ABSENCE_STEPS = 200  # a Dice Devils round or a V6 turn ends long before


class TurnClocks:
    def __init__(self, service: Writer) -> None:
        self.service = service
        self.tables = service.tables
        self.store = ClockStore(service.store.engine)

    def _has_clock(self, table: Table) -> bool:
        """Clocks time seated players; a game with open seats (a tournament) has none."""
        return not self.service.games[table.row.kind].info.open_seats

    def of(self, game_id: int) -> Clock:
        """The table's clock as it stands (read-only use)."""
        return self.get(self.tables.get(game_id))

    def get(self, table: Table) -> Clock:
        """The table's clock (cached; created from the table's options on first use)."""
        row: Clock | None = table.extra.get("clock")
        if row is None:
            options = table.row.options
            row = self.store.get(table.id) or Clock(
                game_id=table.id,
                seconds=int(options.get("clock_seconds", clocks.DEFAULT_SECONDS)),
                on_timeout=str(options.get("on_timeout", clocks.RULE)),
            )
            table.extra["clock"] = row
        return row

    def put(self, table: Table, row: Clock) -> None:
        if row != table.extra.get("clock"):
            self.store.put(row)
            table.extra["clock"] = row

    def next(
        self, table: Table, actor: str, status: str, players: list[str] | None, state: Any
    ) -> Clock | None:
        """The table's clock once an action is committed (None: the game has no clock);
        ``state``: the engine state after the action (None in a lobby)."""
        if not self._has_clock(table):
            return None
        seated = table.row.players if players is None else players
        acting: list[str] = []
        if status == OPEN and state is not None:
            acting = to_act(self.service.games[table.row.kind], state, seated)
        return clocks.advance(
            self.get(table),
            version=table.row.version + 1,
            status=status,
            to_act=acting,
            actor=actor,
            now=self.service.now(),
        )

    def advance(self, table: Table, outcome: Outcome, actor: str | None) -> None:
        """Bring the clock up to an outcome written without it (a new table, a setting)."""
        if not self._has_clock(table):
            return
        new = clocks.advance(
            self.get(table),
            version=outcome.version,
            status=outcome.status,
            to_act=outcome.to_act,
            actor=actor,
            now=self.service.now(),
        )
        self.put(table, new)

    def move(self, game_id: int, **changes: Any) -> None:
        """Change a table's stored clock (``waiting``, ``absent``: lists of players)."""
        table = self.tables.get(game_id)
        self.put(table, replace(self.get(table), **changes))

    async def after(self, outcome: Outcome, actor: str | None) -> Outcome:
        """After an action: the absence rule plays for absent players who are to act (the
        clock was written with the action itself)."""
        table = self.tables.get(outcome.game_id)
        if self._has_clock(table) and table.state is not None and outcome.status == OPEN:
            absent = self.get(table).absent
            if set(absent) & set(outcome.to_act):
                outcome = merge(outcome, await self.play_absent(table, absent, "absent"))
        return outcome

    async def play_absent(self, table: Table, players: Sequence[str], reason: str) -> Outcome:
        """Play the game's absence rule for ``players`` while one of them is to act: for an
        absent player (``absent``) every decision that comes to him, for one whose time ran
        out (``clock``) only the decision that timed out; a later one has its own clock."""
        game_id, game = table.id, self.service.games[table.row.kind]
        outcome: Outcome | None = None
        acted: list[tuple[str, dict[str, JSON]]] = []
        left = list(players)
        for _ in range(ABSENCE_STEPS):
            table = self.tables.get(game_id)
            if table.state is None or table.row.status != OPEN:
                break
            now = to_act(game, table.state, table.row.players)
            if reason == "clock":  # whose decision is done is not played for again
                left = [p for p in left if p in now or p not in {w for w, _ in acted}]
            who = next((p for p in now if p in left), None)
            if who is None:
                break
            action = game.absence_action(table.state, table.row.players.index(who))
            if action is None:
                break
            marked = Action(action.do, {**action.args, "by_croupier": reason})
            nonce = f"{reason}:{game_id}:{table.row.version}"
            step = await self.service.act_once(game_id, who, marked, nonce=nonce)
            acted.append((who, action.to_dict()))
            outcome = step if outcome is None else merge(outcome, step)
        if outcome is None:
            return self.tables.current(game_id)
        return replace(outcome, absent=tuple(acted))

    async def tick(self, owns: Callable[[int | None], bool] | None = None) -> list[ClockNotice]:
        """Do what every due clock asks for (the bot's clock task calls this). ``owns``:
        whether this process owns a server (None: all). A table of another process's
        server waits while the database shows it still owes announcements: its process
        is still drawing the last move (or is down and redelivers when back), and a clock
        played meanwhile would draw the table from here at the same time, each process
        editing and posting its messages unaware of the other's."""
        notices, now = [], self.service.now()
        for stored in self.store.due_by(now):
            if clocks.due(stored, now) is None:
                continue
            try:
                table = self.tables.at(stored.game_id, stored.version)  # moved elsewhere?
                if owns is not None and not owns(table.row.guild_id) and self._owing(table):
                    log.info("clock of game %s waits for its table's announcements", table.id)
                    continue
                async with self.service.locks(stored.game_id):
                    notice = await self._on_due(stored.game_id)
            except IllegalAction as exc:
                log.warning("clock of game %s: %s", stored.game_id, exc)
                continue
            if notice is not None:
                notices.append(notice)
        return notices

    def _owing(self, table: Table) -> bool:
        """Whether the database shows ``table`` owing announcements of its version."""
        return self.service.store.announced(table.id) < table.row.version

    async def _on_due(self, game_id: int) -> ClockNotice | None:
        table = self.tables.get(game_id)
        row, current = self.get(table), self.tables.outcome(table, [])
        if row.version != table.row.version:  # a clock older than its game's last action
            self.advance(table, current, None)  # (stored before clocks shared the action's
            return None  # transaction): it starts afresh
        due = clocks.due(row, self.service.now())
        if due is None:
            return None
        if due.what == clocks.REMIND:
            self.put(table, replace(row, reminded=True))
            waiting = tuple(p for p in due.players if p in current.to_act)
            return ClockNotice(clocks.REMIND, current, waiting, row.deadline)
        if table.lobby is not None:
            return ClockNotice("closed", await self._close_lobby(table), (), None)
        if row.on_timeout == clocks.WAIT:
            self.put(table, replace(row, deadline=None))
            return ClockNotice(clocks.WAIT, current, due.players, None)
        if (
            row.on_timeout == clocks.COMPUTER
        ):  # a computer plays on for them (bot.play.computer_seats)
            taken = [p for p in due.players if p not in row.stand_in and not is_computer(p)]
            self.put(table, replace(row, deadline=None, stand_in=[*row.stand_in, *taken]))
            return ClockNotice(clocks.COMPUTER, current, tuple(taken), None)
        outcome = await self.play_absent(table, due.players, "clock")
        if not outcome.absent:  # nothing the rule could play: stop instead of looping
            self.put(table, replace(self.get(table), deadline=None))
        return ClockNotice(clocks.EXPIRE, outcome, due.players, None)

    async def _close_lobby(self, table: Table) -> Outcome:
        event = Event("lobby_expired", {})
        self.service.commit(table, SYSTEM, Action("expire"), [event], status=ABORTED)
        table.lobby = None
        return self.tables.outcome(table, [event.to_dict()])
