"""The slash commands as Discord receives them when the bot syncs (names, descriptions,
options, choices, ranges and every localization) must read exactly as
tests/cogs/commands.json. A game's ``tisch``/``üben``/``regeln`` are generated from its
declaration; this golden shows any change of what the players are offered as a diff.
``CROUPIER_UPDATE_TRANSCRIPTS=1`` rewrites the file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import discord

from bot.app import extensions
from bot.service import Service
from bot.store import Store
from cogs.table_bot import TableBot
from cogs.translator import CommandTranslator

GOLDEN = Path(__file__).parent / "commands.json"
UPDATE = os.environ.get("CROUPIER_UPDATE_TRANSCRIPTS") == "1"


async def test_the_commands_discord_receives_read_as_the_golden(store: Store) -> None:
    bot = TableBot(Service(store), command_prefix="!", intents=discord.Intents.default())
    try:
        for extension in extensions():
            await bot.load_extension(extension)
        translator = CommandTranslator()
        payload = [
            await command.get_translated_payload(bot.tree, translator)
            for command in sorted(bot.tree.get_commands(), key=lambda c: c.name)
        ]
    finally:
        await bot.close()
    seen = json.dumps(payload, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if UPDATE:
        GOLDEN.write_text(seen, encoding="utf-8", newline="\n")
        return
    assert seen == GOLDEN.read_text(encoding="utf-8"), (
        "the commands changed; if meant, run with CROUPIER_UPDATE_TRANSCRIPTS=1 and review "
        "the diff of tests/cogs/commands.json"
    )
