"""Auf Teufel komm raus on Discord (the extension ``cogs.games.teufel``): its controls
(``controls``) and what an outcome shows (``show``); its commands are generated from
its declaration (``bot.games.teufel.COMMANDS``)."""

from __future__ import annotations

from bot.games.teufel import PLUGIN
from cogs.game_commands import game_cog
from cogs.games.teufel.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, game_cog(PLUGIN))
