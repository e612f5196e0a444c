"""Dice Devils on Discord (the extension ``cogs.games.dicedevils``): its controls
(``controls``) and what an outcome shows (``show``); its commands are generated from
its declaration (``bot.games.dicedevils.COMMANDS``)."""

from __future__ import annotations

from bot.games.dicedevils import PLUGIN
from cogs.game_commands import game_cog
from cogs.games.dicedevils.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, game_cog(PLUGIN))
