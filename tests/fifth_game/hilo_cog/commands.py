"""Hoch oder tief's command: ``/hilo tisch``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.croupier_cog import CroupierCog
from cogs.opening import open_lobby_here
from tests.fifth_game.hilo import cards


class HiLoCog(CroupierCog):
    hilo = app_commands.Group(name="hilo", description="Hoch oder tief", guild_only=True)

    @hilo.command(name="tisch", description="Öffnet einen Tisch für Hoch oder tief.")
    async def tisch(self, interaction: discord.Interaction[Any]) -> None:
        await open_lobby_here(self, interaction, "hilo", {}, cards.lobby_card)
