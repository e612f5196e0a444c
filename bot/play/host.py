"""Host tools on a running table, each logged with who and why: pause and resume, act for
an absent player, end early, seat a substitute, declare a player absent, set the clock."""

from __future__ import annotations

from typing import Any

from bot.clocks import timing as clocks
from bot.engine import JSON, Action, Event, IllegalAction
from bot.engine.serial import renamed
from bot.play.outcome import ABORTED, LOBBY, OPEN, PAUSED, Outcome
from bot.play.turn_clocks import TurnClocks
from bot.play.writer import Writer
from bot.players.seats import STAND_IN, is_computer

PAUSING = {"pause": (OPEN, PAUSED), "resume": (PAUSED, OPEN)}  # verb: (from, to)


class HostTools:
    def __init__(self, service: Writer, clocks: TurnClocks) -> None:
        self.service = service
        self.tables = service.tables
        self.clocks = clocks

    async def do(
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
        """``pause`` / ``resume`` a table (also to adjourn an evening), or ``act`` for an
        absent player (the player's action, recorded as taken by the host)."""
        if verb == "act":
            assert action is not None
            args = {**action.args, "by_host": host, "reason": reason}
            return await self.service.act(game_id, for_player, Action(action.do, args), nonce=nonce)
        wanted = PAUSING.get(verb)
        if wanted is None:
            raise IllegalAction("game.unknown_action", action=verb)
        outcome = await self._commit(game_id, host, verb, {"reason": reason}, before=wanted[0],
                                     status=wanted[1])  # fmt: skip
        return await self.clocks.after(outcome, None)

    async def _commit(
        self,
        game_id: int,
        host: str,
        verb: str,
        args: dict[str, JSON],
        *,
        before: str | None = None,
        **changes: Any,
    ) -> Outcome:
        """A logged host action (no engine action) on a table in status ``before`` (by
        default a running or paused one), under the table's lock."""
        async with self.service.locks(game_id):
            return self._commit_now(game_id, host, Action(verb, args), before, changes)

    def _commit_now(
        self, game_id: int, host: str, action: Action, before: str | None, changes: dict[str, Any]
    ) -> Outcome:
        verb, args = action.do, action.args
        table = self.tables.get(game_id)
        if before is not None and table.row.status != before:
            raise IllegalAction(f"game.cannot_{verb}")
        allowed = (OPEN, PAUSED, LOBBY) if verb == "end" else (OPEN, PAUSED)
        if table.row.status not in allowed:
            raise IllegalAction("game.over")
        event = Event(verb, {"host": host, **args})
        self.service.commit(
            table,
            host,
            action,
            [event],
            snapshot=changes.get("snapshot"),
            status=changes.get("status", table.row.status),
            players=changes.get("players"),
        )
        if "snapshot" in changes:
            table.state = self.service.games[table.row.kind].load(changes["snapshot"])
        if changes.get("status") == ABORTED:
            table.lobby = None
        return self.tables.outcome(table, [event.to_dict()])

    async def end_table(self, game_id: int, host: str, reason: str = "") -> Outcome:
        """End a table early: the results so far are kept in the log and shown."""
        table = self.tables.get(game_id)
        game = self.service.games[table.row.kind]
        result = {} if table.state is None else game.result(table.state)
        args = {"reason": reason, "result": result}
        return await self._commit(game_id, host, "end", args, status=ABORTED)

    async def replace_player(
        self, game_id: int, host: str, old: str, new: str, reason: str = ""
    ) -> Outcome:
        """Seat ``new`` in ``old``'s place: same seat, same cards, dice and points."""
        table = self.tables.get(game_id)
        if table.state is None:
            raise IllegalAction("game.not_started")
        if old not in table.row.players:
            raise IllegalAction("host.not_seated", player=old)
        if new in table.row.players:
            raise IllegalAction("game.already_seated")
        snapshot = renamed(self.service.games[table.row.kind].dump(table.state), old, new)
        players = [new if p == old else p for p in table.row.players]
        args = {"old": old, "new": new, "reason": reason}
        outcome = await self._commit(
            game_id, host, "replace", args, snapshot=snapshot, players=players
        )
        clock = self.clocks.of(game_id)
        self.clocks.move(
            game_id,
            waiting=[new if p == old else p for p in clock.waiting],
            absent=[p for p in clock.absent if p != old],
        )
        return await self.clocks.after(outcome, None)

    async def kick(
        self, game_id: int, host: str, player: str, reason: str = "", *, stand_in: bool = False
    ) -> Outcome:
        """Declare a player absent: from now on the absence rule plays for him at once, or,
        with ``stand_in``, a computer player ("stark") in his place, within a second or two
        of each of his turns, until he takes his seat back (:meth:`take_back`)."""
        table = self.tables.get(game_id)
        if table.state is None:
            raise IllegalAction("game.not_started")
        if player not in table.row.players or is_computer(player):
            raise IllegalAction("host.not_seated", player=player)
        args: dict[str, JSON] = {"player": player, "reason": reason}
        if stand_in:  # the seat names the stand-in (bot.players.seats.stand_in_name)
            args["stand_in"], args["seat"] = STAND_IN, table.row.players.index(player)
        outcome = await self._commit(game_id, host, "kick", args)
        clock = self.clocks.of(game_id)
        absent = [p for p in clock.absent if p != player]
        standing = [p for p in clock.stand_in if p != player]
        self.clocks.move(
            game_id,
            absent=absent if stand_in else [*absent, player],
            stand_in=[*standing, player] if stand_in else standing,
        )
        return await self.clocks.after(outcome, None)

    async def take_back(self, game_id: int, player: str) -> Outcome:
        """A player a computer played for takes his seat back (logged as his ``back``): his
        next decision is his own again."""
        if player not in self.clocks.of(game_id).stand_in:
            raise IllegalAction("host.no_stand_in")
        outcome = await self._commit(game_id, player, "back", {"player": player})
        standing = self.clocks.of(game_id).stand_in
        self.clocks.move(game_id, stand_in=[p for p in standing if p != player])
        return outcome

    async def set_clock(
        self, game_id: int, host: str, *, seconds: int | None = None, on_timeout: str | None = None
    ) -> Outcome:
        """Change a table's turn clock (0 seconds = no clock); a running clock restarts."""
        if on_timeout is not None and on_timeout not in clocks.ON_TIMEOUT:
            raise IllegalAction("game.bad_clock")
        args = {"seconds": seconds, "on_timeout": on_timeout}
        outcome = await self._commit(game_id, host, "clock", args)
        table, keeper = self.tables.get(game_id), self.clocks
        keeper.put(table, clocks.setting(keeper.get(table), seconds=seconds, on_timeout=on_timeout))
        keeper.advance(table, outcome, None)
        return outcome
