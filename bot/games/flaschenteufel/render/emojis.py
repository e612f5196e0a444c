"""Flaschenteufel's cards as the app's emojis (its plugin's family,
:mod:`bot.render.emojis`): a card is its number."""

from __future__ import annotations

from bot.games.flaschenteufel.cards import COLOUR
from bot.render.emojis import Family

COLOURS = {"gelb": "yellow", "blau": "blue", "rot": "red"}
"""A Flaschenteufel colour (the engine's German id) as its emoji names say it."""


def card_name(number: int, colour: str) -> str:
    """``bottle_card_blue_17`` for the Flaschenteufel card 17 (``colour``: the engine's)."""
    return f"bottle_card_{COLOURS.get(colour, colour)}_{number}"


CARD_EMOJIS = Family(
    {card_name(number, colour): str(number) for number, colour in sorted(COLOUR.items())},
    pictures="bot.games.flaschenteufel.render.emoji_pictures",
)


def card(number: int, colour: str) -> str:
    """A Flaschenteufel card: its emoji (a card of its colour with its number) or the
    number. ``colour``: the engine's colour id (``gelb``, ``blau``, ``rot``)."""
    name = card_name(number, colour)
    return CARD_EMOJIS.write(name) if name in CARD_EMOJIS.fallbacks else str(number)
