"""What every Croupier cog shares: the bot's service and the server's language."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.service import Service


class CroupierCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        service: Service = self.bot.service  # type: ignore[attr-defined]
        return service

    def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The server's language (German unless its admins chose English)."""
        return self.service.guild_locale(interaction.guild_id)
