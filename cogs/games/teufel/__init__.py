"""Auf Teufel komm raus on Discord (the extension ``cogs.games.teufel``): its controls
(``controls``), what an outcome shows (``show``) and its commands (``commands``)."""

from __future__ import annotations

from cogs.games.teufel.commands import TeufelCog
from cogs.games.teufel.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, TeufelCog)
