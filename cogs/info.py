"""``/croupier``: what this bot is and which games it deals."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.i18n import t


class Info(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="croupier", description="Was Croupier ist und welche Spiele es gibt")
    async def croupier(self, interaction: discord.Interaction) -> None:
        locale = str(interaction.locale)
        games = ", ".join(t(f"game.name.{kind}", locale) for kind in sorted(GAMES))
        await interaction.response.send_message(
            t("info.about", locale, games=games), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(bot))
