"""Dice Devils on Discord (the extension ``cogs.games.dicedevils``): its controls
(``controls``), what an outcome shows (``show``) and its commands (``commands``)."""

from __future__ import annotations

from cogs.games.dicedevils.commands import DiceDevilsCog
from cogs.games.dicedevils.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, DiceDevilsCog)
