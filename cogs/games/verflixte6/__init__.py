"""Die verflixte 6 on Discord (the extension ``cogs.games.verflixte6``): its controls
(``controls``), what an outcome shows (``show``) and its commands (``commands``)."""

from __future__ import annotations

from cogs.games.verflixte6.commands import Verflixte6Cog
from cogs.games.verflixte6.controls import CLICKS
from cogs.table_bot import game_extension

setup, teardown = game_extension(CLICKS, Verflixte6Cog)
