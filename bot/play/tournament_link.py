"""The link from a tournament group's game to its tournament: it listens to finished
outcomes, and a group's finished Abend goes into the tournament as a ``record`` action
(after a restart too, :meth:`TournamentLink.reconcile`)."""

from __future__ import annotations

from bot.engine import Action, IllegalAction
from bot.play.outcome import FINISHED, Outcome
from bot.play.tables import Table
from bot.play.writer import Writer
from bot.tournament.game import SYSTEM, TournamentGame

TOURNAMENT = TournamentGame.kind


class TournamentLink:
    def __init__(self, service: Writer) -> None:
        self.service = service
        self.tables = service.tables

    async def on_finished(self, table: Table) -> list[Outcome]:
        """A game finished: if it is a tournament group's Abend, its result goes into the
        tournament (empty when it is none, or recorded already)."""
        link = table.row.options.get("tournament")
        if link is None:
            return []
        result = self.service.games[table.row.kind].result(table.state)
        lines = [{"player": p, **result[p]} for p in table.row.players]
        record = Action("record", {"group": link["group"], "round": link["round"], "lines": lines})
        try:
            return [await self.service.act(int(link["id"]), SYSTEM, record)]
        except IllegalAction:
            return []  # already recorded (e.g. by the reconciliation after a restart)

    async def reconcile(self) -> list[Outcome]:
        """After a restart: results of finished group games that did not reach their
        tournament (the process died between the two transactions) are recorded now."""
        done: list[Outcome] = []
        for table in self.tables.loaded():
            state = table.state
            if table.row.kind != TOURNAMENT or state is None or state.current is None:
                continue
            for group in state.current.groups:
                if group.done or group.game_id is None:
                    continue
                game = self.tables.get(group.game_id)
                if game.row.status == FINISHED:
                    done += await self.on_finished(game)
        return done
