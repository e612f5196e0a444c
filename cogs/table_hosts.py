"""Tables that never get stuck: the turn clocks' task (reminders, the absence rule, lobbies
that close themselves) and the host controls any table has (``/tisch …``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.clocks import timing as clocks
from bot.cluster.member import CLOCK
from bot.engine import IllegalAction
from bot.games.dicedevils.render.cards import slot_number
from bot.i18n import listed, reasoned, t
from bot.ops.failures import log_failure
from bot.render.cards import Button, Card
from bot.render.fit import fit
from bot.render.lobby_card import mention, stand_in_mention, table_lobby_card
from bot.service import ClockNotice, Outcome
from cogs.croupier_cog import CroupierCog
from cogs.options import ON_TIMEOUT, ClockMinutes, OnTimeout, Reason, StandIn
from cogs.permission_notices import log_missing
from cogs.pipeline import payload as ui
from cogs.pipeline.delivery import Delivery, send_private
from cogs.pipeline.dms import closed_notice, dm_players
from cogs.pipeline.incoming import actor_of
from cogs.pipeline.payload import accent_of, send_kwargs
from cogs.pipeline.replies import refuse, refuse_key, respond
from cogs.pipeline.seat_back import back_button
from cogs.pipeline.session import TableSession
from cogs.pipeline.table_places import channel_by_id, table_link
from cogs.table_bot import TableBot, table_bot
from cogs.translator import cmd

log = logging.getLogger(__name__)

POLL_SECONDS = 5


async def _channel(client: discord.Client, channel_id: int | None) -> Any:
    """The table's channel, or None if it is gone (the clock task must not stop for it)."""
    try:
        return await channel_by_id(client, channel_id)
    except discord.HTTPException:
        return None


def _absent_line(player: str, action: dict[str, Any], locale: str) -> str:
    args = {k: v for k, v in action.items() if k != "do"}
    verb = str(action["do"])
    if args.get("skip") is True or args.get("force") is False:
        verb = "skip"
    elif verb == "pass" and "card" in args:
        verb = "pass_card"
    what = t(f"absent.do.{verb}", locale, **_flat(args))
    return t("absent.played", locale, player=mention(player), action=what)


def _flat(args: dict[str, Any]) -> dict[str, Any]:
    keep = ("card", "left", "right", "slot", "amount", "victim", "set")
    flat: dict[str, Any] = {
        k: (mention(v) if k == "victim" else v) for k, v in args.items() if k in keep
    }
    slot = flat.get("slot")
    if isinstance(slot, int):  # Dice Devils' display, as players count it
        flat["slot"] = slot_number(slot)
    return flat


async def refresh_table(session: TableSession, outcome: Outcome, note: str) -> None:
    """Bring a table up to date without the interaction's answer: the note in public, then
    what the outcome owes delivered as after a click (the table message, results, a new
    turn's message, private states by DM)."""
    await session.deliver(outcome, answer=False, note=("note", note))


async def refreshed(bot: TableBot, outcome: Outcome, note: str) -> None:
    """:func:`refresh_table` in a session of its own (what a clock did)."""
    async with bot.router.sessions(outcome.game_id) as session:
        await refresh_table(session, outcome, note)


async def tell_clock(bot: TableBot, notice: ClockNotice) -> None:
    """Tell the table what its clock did."""
    outcome, locale = notice.outcome, notice.outcome.locale
    game = t(f"game.name.{outcome.kind}", locale)
    if notice.what == clocks.REMIND:
        channel = await _channel(bot, outcome.channel_id)
        when = f"<t:{int(notice.deadline.timestamp())}:R>" if notice.deadline else "–"
        guild = getattr(channel, "guild", None)
        link = table_link(guild.id, outcome) if guild is not None else ""
        readers = bot.service.directory
        messages = {}
        for p in notice.players:
            mine = readers.reader_locale(p, locale)
            game = t(f"game.name.{outcome.kind}", mine)
            messages[p] = ui.note(t("clock.remind", mine, game=game, when=when, link=link))

        if channel is not None:
            closed = closed_notice("clock.remind_public", locale, when=when)
            await dm_players(bot, channel, messages, closed, accent=ui.accent_of(outcome.kind))
        return
    if notice.what == "closed":
        channel = await _channel(bot, outcome.channel_id)
        if channel is not None and outcome.message_id is not None:
            text = t("clock.lobby_closed", locale, game=game)  # and the seed, revealed
            card = replace(table_lobby_card(outcome, locale, ""), description=text)

            async def lobby_closed(d: Delivery, actor: str | None) -> None:
                await d.table(card, what="lobby")

            async with bot.router.sessions(outcome.game_id) as session:
                await session.deliver(outcome, show=lobby_closed)
        return
    if notice.what == clocks.COMPUTER:
        await stand_in_note(bot, outcome, notice.players)
        return
    names = ", ".join(map(mention, notice.players))
    if notice.what == clocks.WAIT:
        await refreshed(bot, outcome, t("clock.waiting", locale, players=names))
        return
    lines = [t("clock.expired", locale, players=names)]
    lines += [_absent_line(p, a, locale) for p, a in outcome.absent]
    await refreshed(bot, outcome, "\n".join(lines))


async def stand_in_note(bot: TableBot, outcome: Outcome, players: Sequence[str]) -> None:
    """Their time ran out: a computer plays on for each of them (said once, here: the
    table's rows mark them from now on); the note carries the button with which they take
    their seats back (a message of the table's session, with a nonce)."""
    locale = outcome.locale
    clicks = bot.router.game(outcome.kind)
    if clicks is None:
        return
    plays = (
        t("stand_in.plays", locale, player=mention(p),
          computer=stand_in_mention(outcome.players.index(p)))
        for p in players
    )  # fmt: skip
    text = t("clock.stand_in", locale, plays=listed(plays, locale))
    back = back_button(clicks.prefixes[0], outcome.game_id, outcome.version, locale)
    card = Card(description=text, rows=[(back,)])

    async def noted(d: Delivery, actor: str | None) -> None:
        await d.post("stand_in", card)

    async with bot.router.sessions(outcome.game_id) as session:
        await session.deliver(outcome, show=noted)


class TablesCog(CroupierCog):
    tisch = app_commands.Group(
        name=cmd("tisch"), description=cmd("host.tisch.desc"), guild_only=True
    )

    async def cog_load(self) -> None:
        self.clock_task.start()

    async def cog_unload(self) -> None:
        self.clock_task.cancel()

    @tasks.loop(seconds=POLL_SECONDS)
    async def clock_task(self) -> None:
        if self.runs(CLOCK):  # one process of several runs the clocks
            await self._clocks()

    async def _clocks(self) -> None:
        try:
            await self.run_clocks()
        except Exception:
            log_failure(log, "the clock task failed; it tries again")

    @commands.Cog.listener()
    async def on_lease(self, role: str, held: bool) -> None:
        """The clocks came to this process (another holder died): what is due, at once."""
        if role == CLOCK and held:
            await self._clocks()

    @clock_task.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """For the admin's log: channels with live games where the bot lacks permissions."""
        log_missing(self.bot, self.service)

    async def run_clocks(self) -> list[ClockNotice]:
        """Do what every due clock asks for and tell the tables (also called by tests)."""
        notices = await self.service.clocks.tick(self.owns)
        for notice in notices:
            try:
                await tell_clock(self.bot, notice)
            except discord.HTTPException:
                log.exception("announcing the clock of game %s", notice.outcome.game_id)
        return notices

    # --- host controls -----------------------------------------------------------------

    async def _table(self, interaction: discord.Interaction[Any]) -> int | None:
        """The table in this channel, if the member may host it (Manage Server, the
        croupier role, or — at a casual table — whoever opened it); answers otherwise."""
        locale = self.private_locale(interaction)  # only refusals below
        game_id = self.service.tables.find(interaction.channel_id or 0, None)
        if game_id is None:
            await refuse_key(interaction, "ui.no_table", locale)
            return None
        casual = "tournament" not in self.service.tables.current(game_id).public.get("options", {})
        opener = self.service.records.opener(game_id) if casual else None
        if not self.host(interaction) and opener != actor_of(interaction):
            log.info("host control refused: %s at game %s", actor_of(interaction), game_id)
            key = "ui.table_host_only" if casual else "ui.host_only"  # the opener may, too
            await refuse_key(interaction, key, locale)
            return None
        return game_id

    async def _done(
        self,
        session: TableSession,
        outcome: Outcome,
        text: str,
        newcomer: str | None = None,
        back: Button | None = None,
    ) -> None:
        """Answer in public, then bring the table up to date (and brief a newcomer). The
        text comes fitted to one message (``fit``): cut here, a seed reveal could be lost.
        ``back``: the button with which a player a computer stands in for plays again."""
        interaction = session.interaction
        assert interaction is not None
        if back is None:
            await respond(interaction, content=text)
        else:
            card = Card(description=text, rows=[(back,)])
            await respond(interaction, **send_kwargs(card, accent_of(outcome.kind)))
        lines = [_absent_line(p, a, outcome.locale) for p, a in outcome.absent]
        await refresh_table(session, outcome, "\n".join(lines))
        if newcomer is not None:
            channel = interaction.channel
            await send_private(session.sessions, channel, outcome, [newcomer])

    @tisch.command(name=cmd("beenden"), description=cmd("beenden.desc"))
    @app_commands.describe(grund=cmd("grund.desc"))
    async def beenden(self, interaction: discord.Interaction[Any], grund: Reason = "") -> None:
        game_id = await self._table(interaction)
        if game_id is None:
            return
        host, locale = actor_of(interaction), self.locale(interaction)
        async with self.session(interaction, game_id) as session:
            try:
                outcome = await session.run(lambda s: s.host.end_table(game_id, host, grund))
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            text = fit(
                reasoned("host.ended", grund),
                locale,
                shorten="reason",
                host=mention(host),
                reason=grund,
                seed=outcome.seed,
            )
            await self._done(session, outcome, text)

    @tisch.command(name=cmd("ersetzen"), description=cmd("ersetzen.desc"))
    @app_commands.describe(
        spieler=cmd("spieler.desc"), neu=cmd("neu.desc"), grund=cmd("grund.desc")
    )
    async def ersetzen(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.Member,
        neu: discord.Member,
        grund: Reason = "",
    ) -> None:
        game_id = await self._table(interaction)
        if game_id is None:
            return
        host, locale = actor_of(interaction), self.locale(interaction)
        self.service.directory.remember_name(str(neu.id), neu.display_name)
        async with self.session(interaction, game_id) as session:
            try:
                outcome = await session.run(
                    lambda s: s.host.replace_player(
                        game_id, host, str(spieler.id), str(neu.id), grund
                    )
                )
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            new, old = mention(str(neu.id)), mention(str(spieler.id))
            key = reasoned("host.replaced", grund)
            text = fit(key, locale, shorten="reason", new=new, old=old, reason=grund)
            await self._done(session, outcome, text, newcomer=str(neu.id))

    @tisch.command(name=cmd("abwesend"), description=cmd("abwesend.desc"))
    @app_commands.describe(
        spieler=cmd("spieler.desc"), grund=cmd("grund.desc"), vertretung=cmd("vertretung.desc")
    )
    async def abwesend(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.Member,
        grund: Reason = "",
        vertretung: StandIn = "regel",
    ) -> None:
        game_id = await self._table(interaction)
        if game_id is None:
            return
        host, locale = actor_of(interaction), self.locale(interaction)
        computer = vertretung == "computer"
        async with self.session(interaction, game_id) as session:
            try:
                outcome = await session.run(
                    lambda s: s.host.kick(game_id, host, str(spieler.id), grund, stand_in=computer)
                )
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            player = mention(str(spieler.id))
            key = reasoned("host.absent_stand_in" if computer else "host.absent", grund)
            seat = outcome.players.index(str(spieler.id))
            text = fit(key, locale, shorten="reason", player=player, reason=grund,
                       computer=stand_in_mention(seat))  # fmt: skip
            back = None
            clicks = self.bot.router.game(outcome.kind)
            if computer and clicks is not None:
                back = back_button(clicks.prefixes[0], game_id, outcome.version, locale)
            await self._done(session, outcome, text, back=back)

    @tisch.command(name=cmd("uhr"), description=cmd("uhr.desc"))
    @app_commands.describe(minuten=cmd("minuten.desc"), zeitablauf=cmd("zeitablauf.desc"))
    async def uhr(
        self,
        interaction: discord.Interaction[Any],
        minuten: ClockMinutes,
        zeitablauf: OnTimeout = "regel",
    ) -> None:
        game_id = await self._table(interaction)
        if game_id is None:
            return
        host, locale = actor_of(interaction), self.locale(interaction)
        on_timeout = ON_TIMEOUT[zeitablauf]
        async with self.session(interaction, game_id) as session:
            try:
                outcome = await session.run(
                    lambda s: s.host.set_clock(
                        game_id, host, seconds=minuten * 60, on_timeout=on_timeout
                    )
                )
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            key = "host.clock_off" if minuten == 0 else f"host.clock.{on_timeout}"
            minutes = t("n.minutes", locale, count=minuten)
            await self._done(session, outcome, t(key, locale, minutes=minutes))

    @tisch.command(name=cmd("pause"), description=cmd("pause.desc"))
    @app_commands.describe(grund=cmd("grund.desc"))
    async def pause(self, interaction: discord.Interaction[Any], grund: Reason = "") -> None:
        await self._pause(interaction, "pause", grund)

    @tisch.command(name=cmd("fortsetzen"), description=cmd("fortsetzen.desc"))
    async def fortsetzen(self, interaction: discord.Interaction[Any]) -> None:
        await self._pause(interaction, "resume", "")

    async def _pause(self, interaction: discord.Interaction[Any], verb: str, reason: str) -> None:
        game_id = await self._table(interaction)
        if game_id is None:
            return
        host, locale = actor_of(interaction), self.locale(interaction)
        async with self.session(interaction, game_id) as session:
            try:
                outcome = await session.run(lambda s: s.host.do(game_id, host, verb, reason=reason))
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            stood = self.service.clocks.of(game_id)  # a running clock stopped, or runs on again
            clock = "_clock" if (stood.remaining if verb == "pause" else stood.deadline) else ""
            key = f"host.{verb}{clock}"  # resuming says no reason; a pause says the host's
            text = fit(reasoned(key, reason) if verb == "pause" else key, locale, shorten="reason",
                       reason=reason)  # fmt: skip
            await self._done(session, outcome, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TablesCog(table_bot(bot)))
