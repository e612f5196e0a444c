"""Flaschenteufel on Discord (the extension ``cogs.games.flaschenteufel``): its controls
(``controls``), what an outcome shows (``show``) and its commands (``commands``)."""

from __future__ import annotations

from cogs.games.flaschenteufel.commands import FlaschenteufelCog
from cogs.games.flaschenteufel.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, FlaschenteufelCog)
