"""What every Croupier cog shares: the bot's service and the server's language."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.service import Service


def is_host(interaction: discord.Interaction[Any], croupier_role: int | None) -> bool:
    """Host tools: Manage Server, or the server's configured croupier role."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return croupier_role is not None and any(role.id == croupier_role for role in roles)


class CroupierCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        service: Service = self.bot.service  # type: ignore[attr-defined]
        return service

    def host(self, interaction: discord.Interaction[Any]) -> bool:
        """May this member use the host tools here?"""
        guild = interaction.guild_id
        role = None if guild is None else self.service.store.croupier_role(guild)
        return is_host(interaction, role)

    def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The server's language (German unless its admins chose English)."""
        return self.service.guild_locale(interaction.guild_id)
