"""``/turnier``: Verflixte 6 tournaments — registration with DMs, the draw, one thread and
one table per group, group tables, the next round, the Finale and the champion.
Thin: the format lives in bot.tournament, the storing and auditing in the service.
"""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.engine import Action, IllegalAction
from bot.i18n import t
from bot.render import tournament_cards as tcards
from bot.render import v6_cards
from bot.render.pictures import table_png
from bot.service import Outcome, Service
from bot.tournament.export import full_json, standings_csv
from bot.tournament.game import SYSTEM
from bot.tournament.rules import reminders_due
from cogs.base import (
    CroupierCog,
    actor_of,
    channel_by_id,
    client_service,
    closed_notice,
    refuse,
    send_dm,
    send_kwargs,
)
from cogs.delivery import Delivery, announce, nonce_of, wake
from cogs.options import (
    BestThirds,
    Date,
    Durchgaenge,
    Eyes,
    GroupNumber,
    GroupSize,
    OnTimeout,
    Points,
    Reason,
    RequiredReason,
    Time,
    TournamentClockMinutes,
    TournamentName,
)
from cogs.permissions import tell_host
from cogs.router import Click, GameRoute, router_of
from cogs.translator import cmd

log = logging.getLogger(__name__)

KIND = "turnier"


THREAD_ARCHIVE_MINUTES = 10080  # a week, the longest Discord offers: evenings are days apart
THREAD_EXISTS = 160004  # "A thread has already been created for this message"


async def start_groups(client: discord.Client, tournament: Outcome) -> None:
    """A thread and a Verflixte 6 table for every group of the current round that has none
    yet. Idempotent, so a restart finishes what a crash left half done: each group's thread
    hangs on a starter message posted with a fixed nonce (Discord hands back the message
    it accepted before) and a message has one thread at most (its id is the message's); a
    table already opened in the thread is the group's. One at a time per tournament (a
    restart's reconciliation and the deliverer may both get here)."""
    service = client_service(client)
    async with _starting(client, tournament.game_id):
        await _start_groups(client, service.tables.current(tournament.game_id))


def _starting(client: discord.Client, tournament_id: int) -> asyncio.Lock:
    locks: dict[int, asyncio.Lock] = client.__dict__.setdefault("_group_starts", {})
    return locks.setdefault(tournament_id, asyncio.Lock())


async def _start_groups(client: discord.Client, tournament: Outcome) -> None:
    service = client_service(client)
    tour = tournament.public
    current = tour["rounds"][-1]
    channel = await channel_by_id(client, tournament.channel_id)
    locale = tournament.locale
    options = service.tables.options(tournament.game_id)
    clock: dict[str, Any] = {k: options[k] for k in ("clock_seconds", "on_timeout") if k in options}
    for group in current["groups"]:
        if group["game_id"] is not None:
            continue
        thread = await _group_thread(client, channel, tournament, current, group)
        game_id = service.tables.latest_in_channel("verflixte6", thread.id)
        if game_id is None:
            options = {
                **tour["group_options"],  # the tournament's: Durchgänge, Finale
                "tournament": {
                    "id": tournament.game_id,
                    "round": current["number"],
                    "group": group["number"],
                },
                **clock,  # the tournament's turn clock for every group table
            }
            game = await service.create(
                "verflixte6",
                group["players"],
                options,
                guild_id=service.tables.guild_of(tournament.game_id),
                channel_id=thread.id,
                locale=locale,
            )
            game_id = game.game_id
        await announce(client, service.tables.owed(game_id, [1]))  # its table message
        linked = await service.act(
            tournament.game_id,
            SYSTEM,
            Action("game", {"group": group["number"], "game_id": game_id}),
        )
        service.outbox.delivered(linked.game_id, linked.version)  # nothing to show


async def _group_thread(
    client: discord.Client,
    channel: Any,
    tournament: Outcome,
    current: dict[str, Any],
    group: dict[str, Any],
) -> discord.Thread:
    """The group's thread, on a starter message that names its players."""
    tour, locale = tournament.public, tournament.locale
    if current["finale"]:
        title = t("ui.tour.finale_thread", locale, name=tour["name"])
    else:
        title = t(
            "ui.tour.thread", locale, name=tour["name"], round=current["number"],
            group=group["number"],
        )  # fmt: skip
    players = ", ".join(v6_cards.mention(p) for p in group["players"])
    key = f"round{current['number']}:group{group['number']}"
    starter = await channel.send(
        t("ui.tour.thread_start", locale, title=title, players=players),
        nonce=nonce_of(tournament.game_id, 0, key),
    )
    try:
        thread: discord.Thread = await starter.create_thread(
            name=title[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
    except discord.HTTPException as exc:
        if exc.code != THREAD_EXISTS:
            raise
        found = await client.fetch_channel(starter.id)  # a message's thread has its id
        assert isinstance(found, discord.Thread)
        thread = found
    return thread


async def deliver(d: Delivery) -> None:
    """What a tournament's action owes: its registration message up to date, a group's
    table, a new round (and its groups' threads and tables), the champion, reminders."""
    outcome = d.outcome
    name, locale = outcome.public["name"], outcome.locale
    if outcome.message_id is not None:
        await d.table(tcards.registration_card(outcome, locale), what="registration")
    for event in outcome.events:
        if event["type"] == "group_table":
            finale = outcome.public["rounds"][event["round"] - 1]["finale"]
            card = tcards.group_table_card(event, locale, finale=finale)
            picture = group_picture(d.service, event["table"], card.title, locale)
            await d.post("group_table", card, file=picture)
        elif event["type"] == "round":
            await d.post("round", tcards.round_card(event, name, locale))
            await start_groups(d.client, d.service.tables.current(outcome.game_id))
        elif event["type"] == "champion":
            await d.post("champion", tcards.champion_card(event, name, outcome, locale))
        elif event["type"] == "reminded":
            await remind(d, event["group"])


async def remind(d: Delivery, number: int) -> None:
    """DM a group's players that their evening is near (closed DMs: a mention in the
    group's thread instead)."""
    outcome, service = d.outcome, d.service
    group = next(g for g in outcome.public["rounds"][-1]["groups"] if g["number"] == number)
    locale, when = outcome.locale, shown_time(datetime.fromisoformat(group["evening"]))
    game_id = group["game_id"]
    thread_id = None if game_id is None else service.tables.current(game_id).channel_id
    text = t(
        "ui.tour.reminder",
        locale,
        name=outcome.public["name"],
        group=number,
        when=when,
        thread=f"<#{thread_id or outcome.channel_id}>",
    )
    notice = closed_notice("ui.tour.reminder_public", locale, when=when)
    thread = await channel_by_id(d.client, thread_id or outcome.channel_id)
    await wake(thread)  # archived since the draw: players can use its table again
    players = {p: (text, None) for p in group["players"]}
    await d.dms(players, notice, part=f"remind{number}", channel=thread)


def group_picture(
    service: Service, table: list[dict[str, Any]], title: str, locale: str
) -> discord.File:
    """The group table as a picture; the message carries the same rows as text."""
    header = [t(f"ui.tour.col.{c}", locale) for c in ("place", "player", "points", "eyes")]
    rows = tcards.group_rows(table, service.directory.display_name)
    return discord.File(io.BytesIO(table_png(title, header, rows)), filename="tabelle.png")


BERLIN = ZoneInfo("Europe/Berlin")
REMIND_BEFORE = timedelta(hours=1)


def parse_evening(date: str, clock: str) -> datetime:
    """``2026-11-28`` and ``19:30`` in Berlin time, as an aware datetime."""
    try:
        local = datetime.fromisoformat(f"{date.strip()}T{clock.strip()}")
    except ValueError:
        raise IllegalAction("tour.bad_time") from None
    return local.replace(tzinfo=BERLIN)


def shown_time(when: datetime) -> str:
    return when.astimezone(BERLIN).strftime("%d.%m.%Y %H:%M")


def round_picture(
    service: Service, tour: dict[str, Any], title: str, locale: str
) -> discord.File | None:
    """The current round's finished groups in one picture (the text shows the same rows)."""
    current = tour["rounds"][-1]
    rows = [
        [group["number"], *row]
        for group in current["groups"]
        for row in tcards.group_rows(group["table"], service.directory.display_name)
    ]
    if not rows:
        return None
    header = [t(f"ui.tour.col.{c}", locale) for c in ("group", "place", "player", "points", "eyes")]
    return discord.File(io.BytesIO(table_png(title, header, rows)), filename="runde.png")


async def on_click(interaction: discord.Interaction[Any], click: Click) -> None:
    service, actor, locale = client_service(interaction.client), actor_of(interaction), "de"
    service.directory.remember_name(actor, interaction.user.display_name)
    try:
        current = service.tables.current(click.game_id)
        locale = current.locale
        cog = interaction.client.get_cog("TournamentCog")
        args = {"host": True} if isinstance(cog, CroupierCog) and cog.host(interaction) else {}
        outcome = await service.act(
            click.game_id, actor, Action(click.verb, args), nonce=str(interaction.id)
        )
    except IllegalAction as exc:
        await refuse(interaction, exc, locale)
        return
    await announce(interaction.client, outcome, interaction)  # the registration, a round
    if click.verb == "register":
        await interaction.followup.send(await _welcome(interaction, outcome), ephemeral=True)
    elif click.verb == "unregister":
        await interaction.followup.send(t("ui.tour.left", locale), ephemeral=True)


async def _welcome(interaction: discord.Interaction[Any], outcome: Outcome) -> str:
    """DM the new player; closed DMs are told privately, never in public."""
    locale = outcome.locale
    text = t("ui.tour.dm", locale, name=outcome.public["name"])
    if await send_dm(interaction.client, interaction.user, text):
        return t("ui.tour.joined_dm", locale)
    return t("ui.tour.joined_no_dm", locale)


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
            await interaction.response.send_message(t("ui.host_only", locale), ephemeral=True)
            return
        options = {
            "name": name,
            "group_size": gruppe,
            "durchgaenge": durchgaenge,
            "best_thirds": dritte,
            "finale_size": finale,
            "clock_seconds": zugzeit * 60,
            "on_timeout": "rule" if zeitablauf == "regel" else "wait",
        }
        outcome = await self.service.create(
            KIND,
            [actor_of(interaction)],
            options,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=locale,
            announced=True,
        )
        callback = await interaction.response.send_message(
            **send_kwargs(tcards.registration_card(outcome, locale))
        )
        self.service.tables.set_message(outcome.game_id, callback.message_id)
        # Group threads and evenings need more than a table: tell the host what is missing.
        await tell_host(interaction, "tournament", locale)

    @turnier.command(name=cmd("turnierstand"), description=cmd("turnierstand.desc"))
    async def stand(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self._here(interaction)
        if outcome is None:
            return
        tour = outcome.public
        if not tour["rounds"]:
            card = tcards.registration_card(outcome, outcome.locale)
            card.rows = []  # buttons only on the registration message itself
        else:
            card = tcards.standings_card(tour, outcome.locale, self.service.directory.display_name)
            picture = round_picture(self.service, tour, card.title, outcome.locale)
            if picture is not None:
                await interaction.response.send_message(
                    ephemeral=True, file=picture, **send_kwargs(card)
                )
                return
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card))

    @turnier.command(name=cmd("export"), description=cmd("export.desc"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """Standings (CSV) and the full log with every die (JSON), for the host."""
        outcome = await self._here(interaction)
        if outcome is None:
            return
        if not self.host(interaction) and actor_of(interaction) != outcome.public["host"]:
            await interaction.response.send_message(
                t("tour.host_only", outcome.locale), ephemeral=True
            )
            return
        tour = outcome.public
        games = [outcome.game_id] + [
            g["game_id"] for r in tour["rounds"] for g in r["groups"] if g["game_id"] is not None
        ]
        logs = {gid: self.service.records.export_log(gid) for gid in games}
        seeds = {gid: self.service.tables.seed_info(gid) for gid in games}
        files = [
            discord.File(
                io.BytesIO(standings_csv(tour, self.service.directory.display_name).encode()),
                "stand.csv",
            ),
            discord.File(io.BytesIO(full_json(tour, logs, seeds).encode()), "protokoll.json"),
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
    )
    async def korrigieren(  # noqa: PLR0917 - slash options are parameters
        self,
        interaction: discord.Interaction[Any],
        gruppe: GroupNumber,
        spieler: discord.Member,
        punkte: Points,
        augen: Eyes,
        grund: RequiredReason,
    ) -> None:
        args = {
            "group": gruppe,
            "target": str(spieler.id),
            "points": punkte,
            "eyes": augen,
            "reason": grund,
        }
        await self._host_tool(interaction, Action("correct", args))

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
        gruppe=cmd("gruppe.nr.desc"), datum=cmd("datum.desc"), uhrzeit=cmd("uhrzeit.desc")
    )
    async def termin(
        self,
        interaction: discord.Interaction[Any],
        gruppe: GroupNumber,
        datum: Date,
        uhrzeit: Time,
    ) -> None:
        """A group's evening: stored in the tournament (for reminders) and, where the bot
        may, a Discord scheduled event."""
        current = await self._here(interaction)
        if current is None:
            return
        locale = current.locale
        try:
            when = parse_evening(datum, uhrzeit)
            action = Action(
                "schedule",
                {"group": gruppe, "at": when.isoformat(), "now": discord.utils.utcnow().isoformat()}
                | ({"host": True} if self.host(interaction) else {}),
            )
            outcome = await self.service.act(
                current.game_id, actor_of(interaction), action, nonce=str(interaction.id)
            )
        except IllegalAction as exc:
            await refuse(interaction, exc, locale)
            return
        text = t("ui.tour.scheduled", locale, group=gruppe, when=shown_time(when))
        await interaction.response.send_message(text)
        await announce(self.bot, outcome, interaction)
        if not await self._server_event(interaction, outcome, gruppe, when):
            await interaction.followup.send(t("ui.tour.no_event", locale), ephemeral=True)

    async def _server_event(
        self, interaction: discord.Interaction[Any], outcome: Outcome, group: int, when: datetime
    ) -> bool:
        guild = interaction.guild
        if guild is None:
            return False
        try:
            await guild.create_scheduled_event(
                name=t(
                    "ui.tour.event_name", outcome.locale, name=outcome.public["name"], group=group
                )[:100],
                start_time=when,
                end_time=when + timedelta(hours=3),
                entity_type=discord.EntityType.external,
                location=f"#{getattr(interaction.channel, 'name', 'discord')}",
                privacy_level=discord.PrivacyLevel.guild_only,
            )
        except discord.Forbidden:
            return False
        return True

    @tasks.loop(seconds=60)
    async def reminders(self) -> None:
        await self.remind_due(discord.utils.utcnow())

    async def cog_load(self) -> None:
        self.reminders.start()

    async def cog_unload(self) -> None:
        self.reminders.cancel()

    async def remind_due(self, now: datetime) -> int:
        """Remind the players of every group whose evening starts within the hour (each
        group once; see :func:`remind`). Returns how many groups."""
        count = 0
        for tid in self.service.tables.live_games(KIND):
            outcome = self.service.tables.current(tid)
            for group in reminders_due(outcome.public, now.isoformat(), REMIND_BEFORE):
                reminded = await self.service.act(
                    tid, SYSTEM, Action("reminded", {"group": group["number"]})
                )
                await announce(self.bot, reminded)
                count += 1
        return count

    async def _host_tool(self, interaction: discord.Interaction[Any], action: Action) -> None:
        """Withdraw, correct, advance: the host's word, logged with who and why, and shown."""
        current = await self._here(interaction)
        if current is None:
            return
        args = {**action.args, "host": True} if self.host(interaction) else dict(action.args)
        try:
            outcome = await self.service.act(
                current.game_id,
                actor_of(interaction),
                Action(action.do, args),
                nonce=str(interaction.id),
            )
        except IllegalAction as exc:
            await refuse(interaction, exc, current.locale)
            return
        event = outcome.events[-1]
        text = t(
            f"ui.tour.host.{action.do}",
            outcome.locale,
            by=v6_cards.mention(event["by"]),
            target=v6_cards.mention(event["target"]),
            reason=event.get("reason") or "–",
        )
        if event["type"] == "correction":
            rounds = outcome.public["rounds"]
            card = tcards.group_table_card(
                {**event, "round": len(rounds)}, outcome.locale, finale=rounds[-1]["finale"]
            )
            card.description = text + "\n" + card.description
            await interaction.response.send_message(**send_kwargs(card))
        else:
            await interaction.response.send_message(text)
        await announce(self.bot, outcome, interaction)

    async def _here(self, interaction: discord.Interaction[Any]) -> Outcome | None:
        game_id = self.service.tables.latest_in_channel(KIND, interaction.channel_id or 0)
        if game_id is None:
            await interaction.response.send_message(
                t("ui.tour.none", self.locale(interaction)), ephemeral=True
            )
            return None
        return self.service.tables.current(game_id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a restart: results that did not reach their tournament, and groups whose
        thread or table was not created yet."""
        for outcome in await self.service.tournaments.reconcile():
            await announce(self.bot, outcome)
        for game_id in self.service.tables.live_games(KIND):
            current = self.service.tables.current(game_id)
            if current.public["rounds"] and current.status == "open":
                await start_groups(self.bot, current)


async def setup(bot: commands.Bot) -> None:
    router_of(bot).add(GameRoute(KIND, (tcards.BUTTON,), on_click, deliver=deliver))
    await bot.add_cog(TournamentCog(bot))


async def teardown(bot: commands.Bot) -> None:
    router_of(bot).remove(KIND)
