"""The cogs load into a bot without a Discord connection and register their commands."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.app import extensions


async def test_every_extension_loads_and_registers_commands() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    for extension in extensions():
        await bot.load_extension(extension)
    names = {command.name for command in bot.tree.get_commands()}
    assert "croupier" in names
    await bot.close()
