"""Dice Devils' commands: ``/dicedevils tisch``, ``üben`` and ``regeln``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games.dicedevils.render import cards
from cogs.croupier_cog import CroupierCog
from cogs.games.dicedevils.show import KIND
from cogs.help import send_help
from cogs.opening import open_lobby_here
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd


class DiceDevilsCog(CroupierCog):
    dicedevils = app_commands.Group(
        name=cmd("dicedevils"), description=cmd("dicedevils.desc"), guild_only=True
    )

    @dicedevils.command(name=cmd("tisch"), description=cmd("dd.tisch.desc"))
    @app_commands.describe(mehr_kaempfe=cmd("mehr.desc"))
    async def tisch(
        self, interaction: discord.Interaction[Any], mehr_kaempfe: bool = False
    ) -> None:
        options = {"random_ranks": True, "variant": "more_fights" if mehr_kaempfe else "standard"}
        await open_lobby_here(self, interaction, KIND, options, cards.lobby_card)

    @dicedevils.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        options = {"random_ranks": True, "variant": "standard"}
        await open_practice(self, interaction, KIND, gegner, anzahl, options=options)

    @dicedevils.command(name=cmd("regeln"), description=cmd("regeln.spiel.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))
