"""The cogs load into a bot without a Discord connection and register their commands; a bot
without the cogs' parts is refused at once."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from bot.app import extensions
from bot.service import Service
from bot.store import Store
from cogs.table_bot import TableBot


async def test_every_extension_loads_and_registers_commands(store: Store) -> None:
    bot = TableBot(Service(store), command_prefix="!", intents=discord.Intents.default())
    for extension in extensions():
        await bot.load_extension(extension)
    names = {command.name for command in bot.tree.get_commands()}
    assert "croupier" in names
    await bot.close()


async def test_a_bot_without_the_cogs_parts_is_refused_when_it_loads_them() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    with pytest.raises(commands.ExtensionFailed, match="run on a TableBot, not on Bot"):
        await bot.load_extension("cogs.info")
    await bot.close()
