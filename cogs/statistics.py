"""``/statistik [spieler] [spiel]``: a player's statistics on this server, privately: games,
wins and average place per game, each game's own measures, his tournaments. Read from the
history's kept sums in one query (bot.history.statistics); what a crash left unfolded is
folded first (bot.history.keeping), and at the bot's start.

Refusals are private, in the reader's language: asked in DMs (statistics are per server),
a player or game without a finished game here.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import IllegalAction
from bot.history.keeping import catch_up
from bot.history.statistics import player_measures
from bot.i18n import t
from bot.render.statistics import statistics_card
from bot.tournament.game import TournamentGame
from cogs.croupier_cog import CroupierCog
from cogs.pipeline.payload import accent_of, send_kwargs
from cogs.pipeline.replies import refuse
from cogs.translator import cmd

log = logging.getLogger(__name__)

GAME_KINDS = ("verflixte6", "teufel", "flaschenteufel", "dicedevils")
SHOWN_WITH = {"verflixte6": ("verflixte6", TournamentGame.kind)}
"""A game's statistics show its tournaments too (Die verflixte 6's are the tournaments)."""


class Statistics(CroupierCog):
    async def cog_load(self) -> None:
        """At the bot's start: fold what a stop left unfolded (a bot without a service, as
        a test builds one, has nothing to fold)."""
        if getattr(self.bot, "service", None) is None:
            return
        folded = catch_up(self.service.store)
        if folded:
            log.info("history: %d finished games folded that a stop had left unfolded", folded)

    @app_commands.command(name=cmd("statistik"), description=cmd("statistik.desc"))
    @app_commands.describe(spieler=cmd("statistik.spieler.desc"), spiel=cmd("statistik.spiel.desc"))
    @app_commands.choices(
        spiel=[app_commands.Choice(name=t(f"game.name.{k}"), value=k) for k in GAME_KINDS]
    )
    async def statistik(
        self,
        interaction: discord.Interaction[Any],
        spieler: discord.User | None = None,
        spiel: str | None = None,
    ) -> None:
        locale = self.private_locale(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, IllegalAction("stats.in_dm"), locale)
            return
        store = self.service.store
        catch_up(store)  # a game a crash left unfolded counts (two indexed reads)
        player = str((spieler or interaction.user).id)
        kinds = SHOWN_WITH.get(spiel, (spiel,)) if spiel else None
        found = {
            kind: sums
            for kind, sums in player_measures(store, guild_id, player).items()
            if kinds is None or kind in kinds
        }
        if not found or (spiel and spiel not in found):
            refusal = (
                IllegalAction(
                    "stats.no_data_game", player=player, game=t(f"game.name.{spiel}", locale)
                )
                if spiel
                else IllegalAction("stats.no_data", player=player)
            )
            await refuse(interaction, refusal, locale)
            return
        card = statistics_card(player, found, locale)
        await interaction.response.send_message(
            ephemeral=True, **send_kwargs(card, accent_of(spiel or ""))
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Statistics(bot))
