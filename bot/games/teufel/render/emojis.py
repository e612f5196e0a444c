"""Teufel's tiles as the app's emojis (its plugin's family, :mod:`bot.render.emojis`): a
coal tile is its value, the devil's tile 😈."""

from __future__ import annotations

from bot.games.teufel.state import DEVIL, TILES
from bot.render.emojis import Family

DEVIL_SIGN = "😈"
"""What a devil tile stands for in a text (the Teufel texts start a devil's line with it)."""


def tile_name(value: int) -> str:
    """``coal_tile_25`` for a coal tile, ``devil_tile`` for the devil (:data:`DEVIL`)."""
    return "devil_tile" if value == DEVIL else f"coal_tile_{value}"


TILE_EMOJIS = Family(
    {
        tile_name(value): DEVIL_SIGN if value == DEVIL else str(value)
        for value in sorted(set(TILES), reverse=True)
    },
    pictures="bot.games.teufel.render.emoji_pictures",
)


def tile(value: int) -> str:
    """A Teufel tile: a coal tile's emoji or its value; the devil's emoji or 😈."""
    name = tile_name(value)
    return TILE_EMOJIS.write(name) if name in TILE_EMOJIS.fallbacks else str(value)
