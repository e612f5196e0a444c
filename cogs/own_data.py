"""``/meine-daten`` (``/my-data``): everything the bot keeps about the one who asks, as a
JSON file with a short summary, privately (bot.privacy.own_data). One file per person
every :data:`EVERY` seconds: the file reads every table, so asking again at once is
refused, privately, with the minutes left."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.privacy.own_data import collect, summary
from cogs.croupier_cog import CroupierCog
from cogs.pipeline import payload as ui
from cogs.pipeline.replies import refuse_key
from cogs.table_bot import table_bot
from cogs.translator import cmd

EVERY = 600.0
"""Seconds between two files for one person."""


class Exports:
    """When each person last got his file (in this process)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.given: dict[str, float] = {}

    def wait(self, user_id: str) -> float:
        """Seconds until ``user_id`` may have his file again (0: now)."""
        last = self.given.get(user_id)
        return 0.0 if last is None else max(0.0, last + EVERY - self.clock())

    def give(self, user_id: str) -> None:
        self.given[user_id] = self.clock()


class OwnData(CroupierCog):
    exports = Exports()

    @app_commands.command(name=cmd("meine-daten"), description=cmd("meine-daten.desc"))
    async def meine_daten(self, interaction: discord.Interaction[Any]) -> None:
        locale = self.private_locale(interaction)
        user_id = str(interaction.user.id)
        wait = self.exports.wait(user_id)
        if wait > 0:
            await refuse_key(interaction, "privacy.own.too_soon", locale,
                             count=math.ceil(wait / 60))  # fmt: skip
            return
        self.exports.give(user_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await asyncio.to_thread(collect, self.service.store.engine, user_id)
        text = json.dumps(data, ensure_ascii=False, indent=1).encode()
        file = ui.attachment(text, "own_data", locale, "json")
        lines = (summary(data, locale), t("privacy.own.file", locale, file=file.filename))
        await interaction.followup.send("\n".join(lines), file=file, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OwnData(table_bot(bot)))
