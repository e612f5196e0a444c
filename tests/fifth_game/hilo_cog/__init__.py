"""Hoch oder tief on Discord (the extension ``tests.fifth_game.hilo_cog``): its controls and
what an outcome shows; its commands are generated from its declaration, like every
game's (cogs.game_commands)."""

from __future__ import annotations

from cogs.game_commands import game_cog
from cogs.table_bot import game_extension
from tests.fifth_game.hilo import PLUGIN
from tests.fifth_game.hilo_cog.controls import CLICKS

setup, teardown = game_extension(CLICKS, game_cog(PLUGIN))
