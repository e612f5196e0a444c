"""``/turnier``: Verflixte 6 tournaments — registration with DMs, the draw, one thread and
one table per group, group tables, the next round, the Finale and the champion.
Thin: the format lives in bot.tournament, the storing and auditing in the service.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.cluster.member import CLOCK
from bot.engine import Action, IllegalAction
from bot.games.verflixte6.render import cards as v6_cards
from bot.i18n import reasoned, t
from bot.ops.failures import log_failure
from bot.play.tournaments import group_of
from bot.render import tournament_cards as tcards
from bot.render.drawn import ready
from bot.service import Outcome
from bot.tournament.evening_time import (
    BERLIN,
    REMIND_BEFORE,
    parse_evening,
    shown_time,
    zone_choices,
    zone_named,
)
from bot.tournament.results_export import full_json, standings_csv
from bot.tournament.standings import ADVANCE_PER_GROUP
from bot.tournament.view import typed_view
from bot.web.links import linked_card, tournament_page
from cogs.croupier_cog import CroupierCog
from cogs.options import (
    ON_TIMEOUT,
    BestThirds,
    Date,
    Durchgaenge,
    Eyes,
    GraceMinutes,
    GroupNumber,
    GroupSize,
    OnTimeout,
    Points,
    Reason,
    RequiredReason,
    RoundNumber,
    Time,
    TournamentClockMinutes,
    TournamentName,
    ZoneName,
)
from cogs.permission_notices import tell_host
from cogs.pipeline import payload as ui
from cogs.pipeline.incoming import actor_of
from cogs.pipeline.payload import accent_of, send_kwargs
from cogs.pipeline.replies import reader_locale, refuse, refuse_key, respond
from cogs.table_bot import game_extension
from cogs.tournament import correction_prompt as tournament_fix
from cogs.tournament.bracket_picture import bracket_picture
from cogs.tournament.buttons import CLICKS
from cogs.tournament.evening_calls import open_evenings, resume, start, wait_for_evening
from cogs.tournament.group_threads import start_groups, substitute
from cogs.tournament.scheduled_events import delete_server_event, server_event
from cogs.translator import cmd

log = logging.getLogger(__name__)
TOUR = accent_of("turnier")

KIND = "turnier"
LIST_MAX = 10  # /turnier liste: the newest ten


class TournamentCog(CroupierCog):
    turnier = app_commands.Group(
        name=cmd("turnier"), description=cmd("turnier.desc"), guild_only=True
    )

    @turnier.command(name=cmd("erstellen"), description=cmd("erstellen.desc"))
    @app_commands.describe(
        name=cmd("name.desc"),
        gruppe=cmd("gruppe.desc"),
        durchgaenge=cmd("durchgaenge.desc"),
        dritte=cmd("dritte.desc"),
        finale=cmd("finale.desc"),
        zugzeit=cmd("zugzeit.desc"),
        zeitablauf=cmd("zeitablauf.desc"),
    )
    async def erstellen(  # noqa: PLR0917 - slash options are parameters
        self,
        interaction: discord.Interaction[Any],
        name: TournamentName,
        gruppe: GroupSize = 4,
        durchgaenge: Durchgaenge = 3,
        dritte: BestThirds = 0,
        finale: GroupSize = 4,
        zugzeit: TournamentClockMinutes = 10,
        zeitablauf: OnTimeout = "regel",
    ) -> None:
        locale = self.locale(interaction)
        if not self.host(interaction):
            await refuse_key(interaction, "ui.host_only", self.private_locale(interaction))
            return
        options = {
            "name": name,
            "group_size": gruppe,
            "durchgaenge": durchgaenge,
            "best_thirds": dritte,
            "finale_size": finale,
            "clock_seconds": zugzeit * 60,
            "on_timeout": ON_TIMEOUT[zeitablauf],
        }
        outcome = await self.bot.router.sessions.create(
            KIND,
            [actor_of(interaction)],
            options,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=locale,
            announced=True,
        )
        card = tcards.registration_card(outcome, locale)
        link = self.bot.links.line(interaction.guild_id, tournament_page(outcome.game_id), locale)
        callback = await interaction.response.send_message(
            **send_kwargs(linked_card(card, link), TOUR)
        )
        self.service.tables.set_message(outcome.game_id, callback.message_id)
        if gruppe <= ADVANCE_PER_GROUP:  # the draw makes larger groups: the host learns why
            least = ADVANCE_PER_GROUP + 1
            text = t("ui.tour.groups_raised", self.private_locale(interaction), size=gruppe,
                     advance=ADVANCE_PER_GROUP, least=least)  # fmt: skip
            await interaction.followup.send(text, ephemeral=True)
        # Group threads and evenings need more than a table: tell the host what is missing.
        await tell_host(interaction, "tournament", locale)

    @turnier.command(name=cmd("turnierstand"), description=cmd("turnierstand.desc"))
    async def stand(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self._here(interaction)
        if outcome is None:
            return
        tour, mine = typed_view(outcome.public), reader_locale(interaction, outcome.locale)
        if not tour["rounds"]:
            card = tcards.registration_card(outcome, mine)
            card.rows = []  # buttons only on the registration message itself
        else:  # the whole tournament: a bracket picture, and its numbers as text
            card = tcards.standings_card(outcome.public, mine, self.service.directory.display_name)
            card.pictures = (bracket_picture(self.service, outcome.public, card.title, mine),)
            await ready(card)
        link = self.bot.links.line(interaction.guild_id, tournament_page(outcome.game_id), mine)
        await interaction.response.send_message(
            ephemeral=True, **send_kwargs(linked_card(card, link), TOUR)
        )

    @turnier.command(name=cmd("liste"), description=cmd("liste.desc"))
    async def liste(self, interaction: discord.Interaction[Any]) -> None:
        """The server's tournaments, running and finished, newest first."""
        locale = self.private_locale(interaction)
        ids = self.service.tables.in_guild(KIND, interaction.guild_id or 0, LIST_MAX + 1)
        outcomes = [self.service.tables.current(i) for i in ids[:LIST_MAX]]
        card = tcards.overview_card(outcomes, locale, more=len(ids) > LIST_MAX)
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card, TOUR))

    @turnier.command(name=cmd("export"), description=cmd("export.desc"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """Standings (CSV) and the full log with every die (JSON), for the host."""
        outcome = await self._here(interaction)
        if outcome is None:
            return
        if (
            not self.host(interaction)
            and actor_of(interaction) != typed_view(outcome.public)["host"]
        ):
            await refuse(interaction, IllegalAction("tour.host_only"), outcome.locale)
            return
        tour = typed_view(outcome.public)
        games = [outcome.game_id] + [
            g["game_id"] for r in tour["rounds"] for g in r["groups"] if g["game_id"] is not None
        ]
        logs = {gid: self.service.records.export_log(gid) for gid in games}
        seeds = {gid: self.service.tables.seed_info(gid) for gid in games}
        mine = reader_locale(interaction, outcome.locale)
        standings = standings_csv(outcome.public, self.service.directory.display_name)
        files = [
            ui.attachment(standings.encode(), "standings", mine, "csv"),
            ui.attachment(full_json(outcome.public, logs, seeds).encode(), "log", mine, "json"),
        ]
        await interaction.response.send_message(files=files, ephemeral=True)

    @turnier.command(name=cmd("ausschliessen"), description=cmd("ausschliessen.desc"))
    @app_commands.describe(spieler=cmd("spieler.desc"), grund=cmd("grund.desc"))
    async def ausschliessen(
        self, interaction: discord.Interaction[Any], spieler: discord.Member, grund: Reason = ""
    ) -> None:
        await self._host_tool(
            interaction, Action("withdraw", {"target": str(spieler.id), "reason": grund})
        )

    @turnier.command(name=cmd("korrigieren"), description=cmd("korrigieren.desc"))
    @app_commands.describe(
        gruppe=cmd("gruppe.nr.desc"),
        spieler=cmd("spieler.desc"),
        punkte=cmd("punkte.desc"),
        augen=cmd("augen.desc"),
        grund=cmd("grund.desc"),
        runde=cmd("runde.desc"),
    )
    async def korrigieren(  # noqa: PLR0917 - slash options are parameters
        self,
        interaction: discord.Interaction[Any],
        gruppe: GroupNumber,
        spieler: discord.Member,
        punkte: Points,
        augen: Eyes,
        grund: RequiredReason,
        runde: RoundNumber | None = None,
    ) -> None:
        """A group's result corrected, also after its round or the Finale
        (cogs.tournament.correction_prompt): what depended on it is worked out again and
        announced."""
        current = await self._here(interaction)
        if current is None:
            return
        args = {
            "group": gruppe,
            "target": str(spieler.id),
            "points": punkte,
            "eyes": augen,
            "reason": grund,
        } | ({} if runde is None else {"round": runde})
        await tournament_fix.correct(self, interaction, current, args)

    @turnier.command(name=cmd("ersetzen"), description=cmd("ersetzen.turnier.desc"))
    @app_commands.describe(
        gruppe=cmd("gruppe.nr.desc"),
        spieler=cmd("spieler.desc"),
        ersatz=cmd("ersatz.desc"),
        grund=cmd("grund.desc"),
    )
    async def ersetzen(
        self,
        interaction: discord.Interaction[Any],
        gruppe: GroupNumber,
        spieler: discord.Member,
        ersatz: discord.Member,
        grund: RequiredReason,
    ) -> None:
        """A reserve (or any member not playing) takes a missing player's seat in his
        group: the tournament first (it checks who may), then the group's table; the
        newcomer gets his private state by DM (cogs.tournament.group_threads.substitute)."""
        current = await self._here(interaction)
        if current is None:
            return
        self.service.directory.remember_name(str(ersatz.id), ersatz.display_name)
        args = {
            "group": gruppe,
            "target": str(spieler.id),
            "new": str(ersatz.id),
            "reason": grund,
            "now": discord.utils.utcnow().isoformat(),
        } | ({"host": True} if self.host(interaction) else {})
        async with self.session(interaction, current.game_id) as session:
            try:
                outcome = await session.act(actor_of(interaction), Action("substitute", args))
            except IllegalAction as exc:
                await refuse(interaction, exc, current.locale)
                return
            await substitute(session, outcome)

    @turnier.command(name=cmd("starten"), description=cmd("starten.desc"))
    @app_commands.describe(gruppe=cmd("gruppe.nr.desc"), fehlende=cmd("fehlende.desc"))
    async def starten(
        self,
        interaction: discord.Interaction[Any],
        gruppe: GroupNumber,
        fehlende: Literal["regel", "ausschliessen"] = "regel",
    ) -> None:
        """Start a group that waits for its evening now; who has not checked in is handled
        as chosen (cogs.tournament.evening_calls)."""
        current = await self._here(interaction)
        if current is None:
            return
        if (
            not self.host(interaction)
            and actor_of(interaction) != typed_view(current.public)["host"]
        ):
            await refuse(interaction, IllegalAction("tour.host_only"), current.locale)
            return
        async with self.session(interaction, current.game_id, private=True) as session:
            try:
                started = await start(session, gruppe, fehlende, actor_of(interaction))
            except IllegalAction as exc:
                await refuse(interaction, exc, current.locale)
                return
            missing = started.events[-1]["missing"]
            mine = reader_locale(interaction, current.locale)
            if missing:
                text = t("ui.tour.started", mine, group=gruppe, count=len(missing))
            else:
                text = t("ui.tour.started_plain", mine, group=gruppe)
            await respond(interaction, content=text, ephemeral=True)

    @turnier.command(name=cmd("weiterkommen"), description=cmd("weiterkommen.desc"))
    @app_commands.describe(spieler=cmd("spieler.desc"), grund=cmd("grund.desc"))
    async def weiterkommen(
        self, interaction: discord.Interaction[Any], spieler: discord.Member, grund: Reason = ""
    ) -> None:
        await self._host_tool(
            interaction, Action("advance", {"target": str(spieler.id), "reason": grund})
        )

    @turnier.command(name=cmd("termin"), description=cmd("termin.desc"))
    @app_commands.describe(
        gruppe=cmd("gruppe.nr.desc"),
        datum=cmd("datum.desc"),
        uhrzeit=cmd("uhrzeit.desc"),
        zeitzone=cmd("zone.desc"),
        wartezeit=cmd("wartezeit.desc"),
    )
    async def termin(  # noqa: PLR0917 - slash options are parameters
        self,
        interaction: discord.Interaction[Any],
        gruppe: GroupNumber,
        datum: Date,
        uhrzeit: Time,
        zeitzone: ZoneName = "",
        wartezeit: GraceMinutes = 15,
    ) -> None:
        """A group's evening: stored in the tournament (for reminders) and, where the bot
        may, a Discord scheduled event (the group's one: a new time moves it)."""
        current = await self._here(interaction)
        if current is None:
            return
        locale = current.locale
        async with self.session(interaction, current.game_id) as session:
            try:
                server_zone = self.service.directory.guild_time_zone(interaction.guild_id)
                typed = zeitzone.strip() or server_zone
                zone = zone_named(typed) if typed else BERLIN
                american = str(interaction.locale) == "en-US"  # 12/1/2026 is 1 December
                when = parse_evening(datum, uhrzeit, zone, month_first=american)
                args = {
                    "group": gruppe,
                    "at": when.isoformat(),
                    "zone": zone.key,
                    "now": discord.utils.utcnow().isoformat(),
                    "grace": wartezeit,
                }
                host = {"host": True} if self.host(interaction) else {}
                outcome = await session.act(actor_of(interaction), Action("schedule", args | host))
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            text = t("ui.tour.scheduled", locale, group=gruppe, when=shown_time(when))
            await respond(interaction, content=text)
            await session.deliver(outcome)
            await wait_for_evening(session, gruppe)  # its table waits for the evening
            where = f"#{getattr(interaction.channel, 'name', 'discord')}"
            if not await server_event(
                session, interaction.guild, outcome, gruppe, when, location=where
            ):
                text = t("ui.tour.no_event", reader_locale(interaction, locale))
                await interaction.followup.send(text, ephemeral=True)

    @termin.autocomplete("zeitzone")
    async def _zones(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in zone_choices(typed)]

    @turnier.command(name=cmd("absagen"), description=cmd("absagen.desc"))
    @app_commands.describe(gruppe=cmd("gruppe.nr.desc"), grund=cmd("grund.desc"))
    async def absagen(
        self, interaction: discord.Interaction[Any], gruppe: GroupNumber, grund: Reason = ""
    ) -> None:
        """Cancel a group's evening: no reminder, and its scheduled event deleted."""
        current = await self._here(interaction)
        if current is None:
            return
        locale = current.locale
        before = group_of(current, gruppe)
        waited = before is not None and bool(before.get("waiting"))
        args = {"group": gruppe, "reason": grund} | (
            {"host": True} if self.host(interaction) else {}
        )
        async with self.session(interaction, current.game_id) as session:
            try:
                outcome = await session.act(actor_of(interaction), Action("unschedule", args))
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            text = t(reasoned("ui.tour.unscheduled", grund), locale, group=gruppe, reason=grund)
            await respond(interaction, content=text)
            await session.deliver(outcome)
            if waited and before is not None and before["game_id"] is not None:
                await resume(session, int(before["game_id"]), actor_of(interaction))  # plays now
            event_id = outcome.events[-1].get("event_id")
            if event_id and not await delete_server_event(self.bot, interaction.guild, event_id):
                text = t("ui.tour.no_event_change", reader_locale(interaction, locale))
                await interaction.followup.send(text, ephemeral=True)

    @tasks.loop(seconds=60)
    async def reminders(self) -> None:
        if self.runs(CLOCK):  # with the clocks: one process of several
            await self._remind()

    async def _remind(self) -> None:
        try:
            now = discord.utils.utcnow()
            await self.remind_due(now)
            await open_evenings(self.bot, now)
        except Exception:
            log_failure(log, "the tournament reminders failed; they try again")

    @commands.Cog.listener()
    async def on_lease(self, role: str, held: bool) -> None:
        """The clocks came to this process (another holder died): reminders now."""
        if role == CLOCK and held:
            await self._remind()

    async def cog_load(self) -> None:
        self.reminders.start()

    async def cog_unload(self) -> None:
        self.reminders.cancel()

    async def remind_due(self, now: datetime) -> int:
        """Remind the players of every group whose evening starts within the hour (each
        group once; see :func:`remind`). Returns how many groups."""
        sessions, reminded = self.bot.router.sessions, 0
        for tid in self.service.tables.live_games(KIND):
            async with sessions(tid) as session:
                flow = self.service.tournaments
                outcomes = await flow.remind_due_of(tid, now, REMIND_BEFORE)
                await session.deliver_all(outcomes)
                reminded += len(outcomes)
        return reminded

    async def _host_tool(self, interaction: discord.Interaction[Any], action: Action) -> None:
        """Withdraw, advance: the host's word, logged with who and why, and shown."""
        current = await self._here(interaction)
        if current is None:
            return
        args = {**action.args, "host": True} if self.host(interaction) else dict(action.args)
        async with self.session(interaction, current.game_id) as session:
            try:
                outcome = await session.act(actor_of(interaction), Action(action.do, args))
            except IllegalAction as exc:
                await refuse(interaction, exc, current.locale)
                return
            event = outcome.events[-1]
            reason = str(event.get("reason") or "")
            text = t(
                reasoned(f"ui.tour.host.{action.do}", reason),
                outcome.locale,
                by=v6_cards.mention(event["by"]),
                target=v6_cards.mention(event["target"]),
                reason=reason,
            )
            await respond(interaction, content=text)
            await session.deliver(outcome)

    async def _here(self, interaction: discord.Interaction[Any]) -> Outcome | None:
        """The tournament of the channel the command came from: the channel's own, or for
        a group's thread the one it was opened from (its parent's)."""
        tables = self.service.tables
        game_id = tables.latest_in_channel(KIND, interaction.channel_id or 0)
        parent = getattr(interaction.channel, "parent_id", None)
        if game_id is None and parent is not None:
            game_id = tables.latest_in_channel(KIND, parent)
        if game_id is None:
            await refuse_key(interaction, "ui.tour.none", self.private_locale(interaction))
            return None
        return tables.current(game_id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a restart: results that did not reach their tournament, and groups whose
        thread or table was not created yet."""
        sessions = self.bot.router.sessions
        for game_id in self.service.tables.live_games(KIND):
            async with sessions(game_id) as session:
                await session.deliver_all(await self.service.tournaments.reconcile_of(game_id))
                current = self.service.tables.current(game_id)
                if typed_view(current.public)["rounds"] and current.status == "open":
                    await start_groups(self.bot, current)


setup, teardown = game_extension(CLICKS, TournamentCog)
