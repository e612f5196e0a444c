"""Flaschenteufel on Discord (the extension ``cogs.games.flaschenteufel``): its controls
(``controls``) and what an outcome shows (``show``); its commands are generated from
its declaration (``bot.games.flaschenteufel.COMMANDS``)."""

from __future__ import annotations

from bot.games.flaschenteufel import PLUGIN
from cogs.game_commands import game_cog
from cogs.games.flaschenteufel.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, game_cog(PLUGIN))
