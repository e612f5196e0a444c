"""Die verflixte 6's commands: ``/v6 stand|log`` (beside the generated ``tisch``, ``üben``
and ``regeln``: cogs.game_commands), the host's ``/v6
pause|fortsetzen|vertreten``, and ``/weiter``, ``/joker``, ``/stopp`` for typists."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.engine import Action, IllegalAction
from bot.games import verflixte6
from bot.games.verflixte6.render import cards
from bot.games.verflixte6.render.lines import describe
from bot.games.verflixte6.view import typed_view
from bot.i18n import t
from bot.render.cards import Card
from bot.service import Outcome
from cogs.croupier_cog import CroupierCog
from cogs.game_commands import game_group
from cogs.games.verflixte6.show import (
    ACCENT,
    KIND,
    LOG_MAX,
    joker_id,
    latest_lines,
    typed_show,
)
from cogs.options import GameNumber, JokerName, Reason
from cogs.pipeline.incoming import actor_of
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.replies import reader_locale, refuse, refuse_key, respond
from cogs.translator import cmd


class Verflixte6Cog(CroupierCog):
    v6 = game_group(verflixte6.PLUGIN)  # tisch, üben, regeln; the rest are V6's own

    @v6.command(name=cmd("stand"), description=cmd("stand.desc"))
    @app_commands.describe(nummer=cmd("verify.nummer.desc"))
    async def stand(
        self, interaction: discord.Interaction[Any], nummer: GameNumber | None = None
    ) -> None:
        outcome = await self._story(interaction, nummer)  # the standings are public
        if outcome is not None:
            mine = reader_locale(interaction, outcome.locale)
            card = cards.table_card(outcome, mine, live=False)
            await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))

    @v6.command(name=cmd("log"), description=cmd("log.desc"))
    @app_commands.describe(nummer=cmd("verify.nummer.desc"))
    async def log_(
        self, interaction: discord.Interaction[Any], nummer: GameNumber | None = None
    ) -> None:
        outcome = await self._story(interaction, nummer)
        if outcome is None:
            return
        events = self.service.records.recent_events(outcome.game_id, limit=None)
        mine = reader_locale(interaction, outcome.locale)
        lines = [describe(e, mine, cards.mention) for e in events if e["type"] != "lobby"]
        text = latest_lines(lines, LOG_MAX, t("ui.log.earlier", mine)) or t("ui.log.empty", mine)
        card = Card(title=t("ui.log.title", mine, game=outcome.game_id), description=text)
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))

    async def _story(
        self, interaction: discord.Interaction[Any], number: int | None
    ) -> Outcome | None:
        """The game whose story ``/v6 log`` and ``/v6 stand`` tell: game ``number`` of this
        server, else the caller's table in this channel, else the one the channel shows,
        else the channel's last game (an ended Abend stays readable)."""
        tables, channel = self.service.tables, interaction.channel_id or 0
        if number is not None:
            found = self.service.records.game(number, interaction.guild_id, channel)
            game_id = found.id if found is not None and found.kind == KIND else None
            missing = "verify.no_game"
        else:
            game_id = tables.find(channel, actor_of(interaction), KIND)
            game_id = game_id or tables.find(channel, None, KIND)
            game_id = game_id or tables.latest_in_channel(KIND, channel)
            missing = "ui.no_v6_game"
        if game_id is None:
            mine = self.private_locale(interaction)
            await refuse_key(interaction, missing, mine)
            return None
        return tables.current(game_id)

    async def _my_table(
        self, interaction: discord.Interaction[Any], *, spectators: bool = False
    ) -> Outcome | None:
        """The caller's table in this channel; with ``spectators`` (for what the channel
        shows anyway) also a table he only watches."""
        channel = interaction.channel_id or 0
        game_id = self.service.tables.find(channel, actor_of(interaction), KIND)
        if game_id is None and spectators:
            game_id = self.service.tables.find(channel, None, KIND)
        if game_id is None:
            await refuse_key(interaction, "ui.no_table", self.private_locale(interaction))
            return None
        return self.service.tables.current(game_id)

    async def _typed(self, interaction: discord.Interaction[Any], action: Action) -> None:
        """``/weiter``, ``/joker``, ``/stopp``: the same as the buttons, for typists (in the
        table's session: what it still owes first, then the action and its delivery)."""
        current = await self._my_table(interaction)
        if current is None:
            return
        actor = actor_of(interaction)
        async with self.session(interaction, current.game_id, private=True) as session:
            try:
                outcome = await session.act(actor, action)
            except IllegalAction as exc:
                await refuse(interaction, exc, current.locale)
                return
            await session.deliver(outcome, actor, show=typed_show())

    async def _hosted(
        self,
        interaction: discord.Interaction[Any],
        verb: str,
        *,
        reason: str = "",
        for_player: str = "",
        action: Action | None = None,
    ) -> None:
        """Host tools on the table in this channel (Manage Server); logged with who and why."""
        locale, mine = self.locale(interaction), self.private_locale(interaction)
        game_id = self.service.tables.find(interaction.channel_id or 0, None, KIND)
        if not self.host(interaction):
            await refuse_key(interaction, "ui.host_only", mine)
            return
        if game_id is None:
            await refuse_key(interaction, "ui.no_table", mine)
            return
        host = actor_of(interaction)
        async with self.session(interaction, game_id) as session:
            try:
                outcome = await session.run(lambda s: s.host.do(
                    game_id, host, verb, reason=reason, for_player=for_player, action=action,
                    nonce=str(interaction.id),
                ))  # fmt: skip
            except IllegalAction as exc:
                await refuse(interaction, exc, locale)
                return
            if verb == "act":
                note = t(
                    "ui.host.acted",
                    locale,
                    host=cards.mention(host),
                    player=cards.mention(for_player),
                    reason=reason,
                )
                await respond(interaction, content=note)
                await session.deliver(outcome, for_player, show=typed_show(answered=True))
                return
            lines = [describe(e, locale, cards.mention) for e in outcome.events]
            await respond(interaction, content="\n".join(lines))
            await session.deliver(outcome)

    @v6.command(name=cmd("pause"), description=cmd("pause.desc"))
    @app_commands.describe(grund=cmd("grund.desc"))
    async def pause(self, interaction: discord.Interaction[Any], grund: Reason = "") -> None:
        await self._hosted(interaction, "pause", reason=grund)

    @v6.command(name=cmd("fortsetzen"), description=cmd("fortsetzen.desc"))
    async def fortsetzen(self, interaction: discord.Interaction[Any]) -> None:
        await self._hosted(interaction, "resume")

    @v6.command(name=cmd("vertreten"), description=cmd("vertreten.desc"))
    @app_commands.describe(
        spieler=cmd("spieler.desc"), aktion=cmd("aktion.desc"), grund=cmd("grund.desc")
    )
    async def vertreten(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.Member,
        aktion: Literal["ohne_joker", "weiter", "stopp"],
        grund: Reason = "",
    ) -> None:
        action = Action("jokers", {"jokers": []}) if aktion == "ohne_joker" else Action(aktion)
        await self._hosted(
            interaction, "act", reason=grund, for_player=str(spieler.id), action=action
        )

    @app_commands.command(name=cmd("weiter"), description=cmd("weiter.desc"))
    async def weiter(self, interaction: discord.Interaction[Any]) -> None:
        await self._typed(interaction, Action("weiter"))

    @app_commands.command(name=cmd("stopp"), description=cmd("stopp.desc"))
    async def stopp(self, interaction: discord.Interaction[Any]) -> None:
        await self._typed(interaction, Action("stopp"))

    @app_commands.command(name=cmd("joker"), description=cmd("joker.desc"))
    @app_commands.describe(name=cmd("joker.name.desc"), ziel=cmd("ziel.desc"))
    async def joker(
        self,
        interaction: discord.Interaction[Any],
        name: JokerName,
        ziel: discord.Member | None = None,
    ) -> None:
        args: dict[str, Any] = {"joker": joker_id(name)}
        if ziel is not None:
            args["target"] = str(ziel.id)
        await self._typed(interaction, Action("weiter", args))

    @joker.autocomplete("name")
    async def joker_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Only the jokers the player can announce right now."""
        game_id = self.service.tables.find(interaction.channel_id or 0, actor_of(interaction), KIND)
        if game_id is None:
            return []
        outcome = self.service.tables.current(game_id)
        turn = typed_view(outcome.public).get("turn")  # none in a lobby
        if not turn or actor_of(interaction) not in outcome.to_act:
            return []
        labels = [(j, t(f"v6.joker.{j}", outcome.locale)) for j in turn["announceable"]]
        return [
            app_commands.Choice(name=label, value=j)
            for j, label in labels
            if current.lower() in label.lower()
        ][:25]
