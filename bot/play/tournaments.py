"""A tournament's workflow below Discord: each step acts on the tournament and on its
groups' Verflixte 6 tables through the service's one write path and returns what it owes
the players, in the order to announce it (the cogs announce; they never act).

- a group's table opened in its thread and linked to the tournament (:meth:`open_group`);
- a group's finished Abend recorded in the tournament (:meth:`on_finished`, and after a
  restart :meth:`reconcile`);
- evenings: a table that waits for its evening (:meth:`wait_for_evening`), reminders
  (:meth:`remind_due_of`), the call to check in and the start (:meth:`open_evenings_of`,
  :meth:`start_group`), a table that waited opened (:meth:`resume`), a scheduled event's
  id kept (:meth:`keep_event`);
- a correction's undone tables ended (:meth:`end_undone`) and a substitute seated
  (:meth:`seat_substitute`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from bot.engine import Action, IllegalAction
from bot.i18n import t
from bot.play.host import HostTools
from bot.play.outcome import FINISHED, OPEN, PAUSED, FollowUp, Outcome
from bot.play.tables import Table
from bot.play.writer import Writer
from bot.tournament.evening_time import full_time
from bot.tournament.game import SYSTEM, TournamentGame
from bot.tournament.rules import evenings_due, reminders_due
from bot.tournament.view import GroupView, typed_view

log = logging.getLogger(__name__)

TOURNAMENT = TournamentGame.kind
SETUP_VERSION = 1  # a table created with its setup and nothing played since


def group_of(tournament: Outcome, number: int) -> GroupView | None:
    """Group ``number`` of the tournament's current round, as its view shows it."""
    rounds = typed_view(tournament.public)["rounds"]
    groups = rounds[-1]["groups"] if rounds else []
    return next((g for g in groups if g["number"] == number), None)


class Tournaments:
    def __init__(self, service: Writer, host: HostTools) -> None:
        self.service = service
        self.tables = service.tables
        self.host = host

    # --- groups and their tables -------------------------------------------------------

    async def open_group(
        self, tournament_id: int, number: int, channel_id: int | None
    ) -> tuple[Outcome, Outcome]:
        """Group ``number``'s Verflixte 6 table in ``channel_id`` (its thread): the one
        already opened there (a restart finishing what a crash left half done), else a new
        one with the tournament's options and turn clock, linked to the tournament. The
        table as its first message shows it, and the tournament after the link."""
        tournament = self.tables.current(tournament_id)
        tour = typed_view(tournament.public)
        current = tour["rounds"][-1]
        group = group_of(tournament, number)
        assert group is not None, number
        found = None
        if channel_id is not None:
            found = self.tables.latest_in_channel("verflixte6", channel_id)
        if found is None:
            options = self.tables.options(tournament_id)
            link = {"id": tournament_id, "round": current["number"], "group": number}
            clock: dict[str, Any] = {
                k: options[k] for k in ("clock_seconds", "on_timeout") if k in options
            }
            game = await self.service.create(
                "verflixte6",
                group["players"],
                {**tour["group_options"], "tournament": link, **clock},
                guild_id=self.tables.guild_of(tournament_id),
                channel_id=channel_id,
                locale=tournament.locale,
            )
            found = game.game_id
        linked = await self.service.act(
            tournament_id, SYSTEM, Action("game", {"group": number, "game_id": found})
        )
        self.service.outbox.delivered(linked.game_id, linked.version)  # nothing to show
        return self.tables.owed(found, [1]), linked

    def on_finished(self, table: Table) -> list[FollowUp]:
        """A game finished: if it is a tournament group's Abend, its result goes into the
        tournament, a follow-up under the tournament's lock."""
        link = table.row.options.get("tournament")
        if link is None:
            return []
        return [FollowUp(int(link["id"]), "record", lambda: self.record(table))]

    async def record(self, table: Table) -> list[Outcome]:
        """A group's finished Abend recorded in its tournament (empty when recorded
        already)."""
        link = table.row.options["tournament"]
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
            if table.row.kind == TOURNAMENT:
                done += await self.reconcile_of(table.id)
        return done

    async def reconcile_of(self, tournament_id: int) -> list[Outcome]:
        """:meth:`reconcile` for one tournament."""
        state = self.tables.get(tournament_id).state
        if state is None or state.current is None:
            return []
        done: list[Outcome] = []
        for group in state.current.groups:
            if group.done or group.game_id is None:
                continue
            game = self.tables.get(group.game_id)
            if game.row.status == FINISHED and "tournament" in game.row.options:
                done += await self.record(game)
        return done

    # --- evenings ------------------------------------------------------------------------

    async def wait_for_evening(self, tournament_id: int, number: int) -> list[Outcome]:
        """After an evening was set: the group's table waits for it (paused, its clock
        stopped), if nobody has played at it yet."""
        tournament = self.tables.current(tournament_id)
        group = group_of(tournament, number)
        if group is None or group["game_id"] is None or group["waiting"] or not group["evening"]:
            return []
        table = self.tables.current(group["game_id"])
        if table.status != OPEN or table.version > SETUP_VERSION:
            return []  # it has begun: it plays on
        waiting = await self.service.act(tournament_id, SYSTEM, Action("wait", {"group": number}))
        when = full_time(datetime.fromisoformat(group["evening"]))  # the reason is bracketed
        reason = t("ui.tour.waits", tournament.locale, when=when)
        paused = await self.host.do(group["game_id"], SYSTEM, "pause", reason=reason)
        return [waiting, paused]

    async def resume(self, game_id: int, by: str) -> list[Outcome]:
        """Open a group's table that waits (paused for its evening)."""
        if self.tables.current(game_id).status != PAUSED:
            return []
        try:
            return [await self.host.do(game_id, by, "resume")]
        except IllegalAction:  # resumed meanwhile by the host
            return []

    async def start_group(
        self, tournament_id: int, number: int, handling: str, by: str
    ) -> list[Outcome]:
        """A waiting group starts: its table opens; who did not check in is handled as the
        host chose (``regel``: the absence rule plays for him; ``ausschliessen``: also out
        of the tournament). The tournament's outcome comes last. Raises IllegalAction
        (nothing changed) when it cannot start."""
        args = {"group": number, "missing": handling, "host": True}
        started = await self.service.act(tournament_id, by, Action("start_group", args))
        group = group_of(started, number)
        steps: list[Outcome] = []
        if group is not None and group["game_id"] is not None:
            game_id = int(group["game_id"])
            steps += await self.resume(game_id, by)
            reason = t("ui.tour.not_checked_in", started.locale)
            for player in started.events[-1]["missing"]:
                steps.append(await self.host.kick(game_id, by, str(player), reason))
        return [*steps, started]

    async def open_evenings_of(self, tid: int, now: datetime) -> list[list[Outcome]]:
        """At each of tournament ``tid``'s waiting groups' evening: its players called to
        check in; the group's wait later its table opens, the absence rule playing for
        whoever did not check in. One list of outcomes per step taken."""
        steps = []
        for group, due in evenings_due(self.tables.current(tid).public, now.isoformat()):
            number = group["number"]
            if due == "call":
                call = Action("evening", {"group": number})
                steps.append([await self.service.act(tid, SYSTEM, call)])
            else:
                steps.append(await self.start_group(tid, number, "regel", SYSTEM))
        return steps

    async def remind_due_of(self, tid: int, now: datetime, before: timedelta) -> list[Outcome]:
        """Every group of tournament ``tid`` whose evening starts within ``before`` marked
        reminded (each group once); its outcome owes the reminders."""
        reminded = []
        for group in reminders_due(self.tables.current(tid).public, now.isoformat(), before):
            action = Action("reminded", {"group": group["number"]})
            reminded.append(await self.service.act(tid, SYSTEM, action))
        return reminded

    async def keep_event(self, tournament_id: int, number: int, event_id: str) -> None:
        """The id of a group's scheduled event, kept so that a new time moves that one."""
        args = {"group": number, "event_id": event_id}
        kept = await self.service.act(tournament_id, SYSTEM, Action("event", args))
        self.service.outbox.delivered(kept.game_id, kept.version)  # nothing to show

    # --- corrections and substitutes -----------------------------------------------------

    async def end_undone(self, correction: Outcome, host: str) -> list[Outcome]:
        """End the tables of the rounds a correction undid."""
        ended: list[Outcome] = []
        for event in correction.events:
            if event["type"] != "undone":
                continue
            round_ = correction.events[0]["round"]
            reason = t("ui.tour.fix.ended", correction.locale, round=round_)
            for game_id in event["games"]:
                try:
                    ended.append(await self.host.end_table(int(game_id), host, reason))
                except IllegalAction as exc:  # over already
                    log.info("undone table %s not ended: %s", game_id, exc.key)
        return ended

    async def seat_substitute(self, substitution: Mapping[str, Any]) -> Outcome | None:
        """A tournament's substitution at the group's table: the newcomer takes the same
        seat, dice and points (None while the group has no table: it opens with him)."""
        game_id = substitution.get("game_id")
        if not isinstance(game_id, int):
            return None
        return await self.host.replace_player(
            game_id,
            str(substitution["by"]),
            str(substitution["out"]),
            str(substitution["player"]),
            str(substitution["reason"]),
        )
