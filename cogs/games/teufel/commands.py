"""Auf Teufel komm raus' commands: ``/teufel tisch``, ``üben`` and ``regeln``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games.teufel.render import cards
from cogs.croupier_cog import CroupierCog
from cogs.games.teufel.show import KIND
from cogs.help import send_help
from cogs.opening import open_lobby_here
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd


class TeufelCog(CroupierCog):
    teufel = app_commands.Group(name=cmd("teufel"), description=cmd("teufel.desc"), guild_only=True)

    @teufel.command(name=cmd("tisch"), description=cmd("teufel.tisch.desc"))
    async def tisch(self, interaction: discord.Interaction[Any]) -> None:
        await open_lobby_here(self, interaction, KIND, {"random_start": True}, cards.lobby_card)

    @teufel.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        await open_practice(self, interaction, KIND, gegner, anzahl, options={"random_start": True})

    @teufel.command(name=cmd("regeln"), description=cmd("regeln.spiel.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))
