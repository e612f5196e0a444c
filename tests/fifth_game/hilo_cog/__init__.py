"""Hoch oder tief on Discord (the extension ``tests.fifth_game.hilo_cog``): its controls,
what an outcome shows, and its commands."""

from __future__ import annotations

from cogs.table_bot import game_extension
from tests.fifth_game.hilo_cog.commands import HiLoCog
from tests.fifth_game.hilo_cog.controls import CLICKS

setup, teardown = game_extension(CLICKS, HiLoCog)
