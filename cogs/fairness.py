"""``/fairness [spieler] [spiel]``: are the dice fair? Every die of the server's finished
games (or one player's, or one game's) counted by face against fair dice, a chi-square
test in one plain sentence, a histogram, and the other draws (cards, tiles) tested too.

Private, like ``/statistik``: nobody's dice are held up in the channel, and whoever asks
can show the answer. The counts are the folded draws (bot.history.face_counts), one
aggregate query; what a crash left unfolded is folded first (bot.history.keeping). Refused
privately: asked in DMs (a report is per server), nothing to count for the choice.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.audit.dice_fairness import report
from bot.engine import IllegalAction
from bot.history.queries import History
from bot.i18n import t
from bot.render.cards import Card
from bot.render.drawn import ready
from bot.render.fairness_card import fairness_card, histogram
from bot.render.lobby_card import mention
from bot.render.pictures.histogram import alt_histogram, histogram_png
from cogs.croupier_cog import CroupierCog
from cogs.options import game_choices
from cogs.pipeline import payload as ui
from cogs.pipeline.replies import refuse
from cogs.statistics import GAME_KINDS
from cogs.table_bot import table_bot
from cogs.translator import cmd


def filtered(prefix: str, player: str | None, kind: str | None, locale: str) -> str:
    """``prefix``'s text for the choice of the server, a player, a game or both: the card's
    first line (``fairness.scope``) or the answer that there is nothing (``fairness.none``)."""
    game = t(f"game.name.{kind}", locale) if kind else ""
    who = mention(player) if player else ""
    if player and kind:
        return t(f"{prefix}.player_game", locale, player=who, game=game)
    if player:
        return t(f"{prefix}.player", locale, player=who)
    return t(f"{prefix}.game", locale, game=game) if kind else t(f"{prefix}.server", locale)


class Fairness(CroupierCog):
    @app_commands.command(name=cmd("fairness"), description=cmd("fairness.desc"))
    @app_commands.describe(spieler=cmd("fairness.spieler.desc"), spiel=cmd("fairness.spiel.desc"))
    @app_commands.choices(spiel=game_choices(GAME_KINDS))
    async def fairness(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.User | None = None,
        spiel: str | None = None,
    ) -> None:
        locale = self.private_locale(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, IllegalAction("fairness.in_dm"), locale)
            return
        player = None if spieler is None else str(spieler.id)
        answer = await fairness_answer(self.service.history, guild_id, player, spiel, locale)
        if isinstance(answer, str):
            await interaction.response.send_message(answer, ephemeral=True)
            return
        await interaction.response.send_message(
            ephemeral=True, **ui.send_kwargs(answer, answer.accent)
        )


async def fairness_answer(
    history: History, guild_id: int, player: str | None, kind: str | None, locale: str
) -> Card | str:
    """``/fairness``'s work without Discord: the report's card with its histogram drawn,
    or the private line that says there is nothing to count for this choice."""
    shown = report(history.face_counts(guild_id, player=player, kind=kind))  # caught up first
    if shown.empty:
        return filtered("fairness.none", player, kind, locale)
    card = fairness_card(shown, filtered("fairness.scope", player, kind, locale), locale)
    if shown.dice:
        title, bars, expected, legend, tone = histogram(shown, locale)
        card.pictures = (
            ui.picture("fairness", locale, histogram_png, title, bars, expected, legend, tone,
                       description=alt_histogram(title, bars, legend)),
        )  # fmt: skip
    return await ready(card)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Fairness(table_bot(bot)))
