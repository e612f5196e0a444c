"""Flaschenteufel's commands: ``/flaschenteufel tisch`` (variant, hands), ``üben`` and
``regeln``."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.games.flaschenteufel.render import cards
from cogs.croupier_cog import CroupierCog
from cogs.games.flaschenteufel.show import (
    KIND,
)
from cogs.help import send_help
from cogs.opening import open_lobby_here
from cogs.options import Hands
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd


class FlaschenteufelCog(CroupierCog):
    flaschenteufel = app_commands.Group(
        name=cmd("flaschenteufel"), description=cmd("flaschenteufel.desc"), guild_only=True
    )

    @flaschenteufel.command(name=cmd("tisch"), description=cmd("ft.tisch.desc"))
    @app_commands.describe(variante=cmd("variante.desc"), haende=cmd("haende.desc"))
    async def tisch(
        self,
        interaction: discord.Interaction[Any],
        variante: Literal["standard", "lopaka", "glitterhuis"] = "standard",
        haende: Hands | None = None,
    ) -> None:
        options: dict[str, Any] = {"variant": variante}
        if haende is not None:
            options["hands"] = haende
        await open_lobby_here(self, interaction, KIND, options, cards.lobby_card)

    @flaschenteufel.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        await open_practice(
            self, interaction, KIND, gegner, anzahl, options={"variant": "standard"}
        )

    @flaschenteufel.command(name=cmd("regeln"), description=cmd("regeln.spiel.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))
