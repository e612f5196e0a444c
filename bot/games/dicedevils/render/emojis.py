"""Dice Devils' items as the app's emojis (its plugin's family, :mod:`bot.render.emojis`):
an item's emoji comes in front of its name, which says it already (its fallback is
empty)."""

from __future__ import annotations

from bot.games.dicedevils.state import ITEM_COPIES
from bot.render.emojis import Family

ITEMS = {
    "Bett": "bed",
    "Heizkörper": "radiator",
    "Ohrenschützer": "earmuffs",
    "Schal": "scarf",
    "Teetasse": "teacup",
    "Wasserkessel": "kettle",
    "Schlafmütze": "nightcap",
    "Peperoni": "chili",
    "heißes Bad": "bath",
    "Bügeleisen": "iron",
    "Grill": "grill",
}
"""A Dice Devils item (the engine's German id) as its emoji name says it."""


def item_name(item: str) -> str:
    """``hot_item_kettle`` for the Dice Devils item ``Wasserkessel``."""
    return f"hot_item_{ITEMS.get(item, item)}"


ITEM_EMOJIS = Family(
    dict.fromkeys(map(item_name, ITEM_COPIES), ""),
    pictures="bot.games.dicedevils.render.emoji_pictures",
)


def item(item_id: str, label: str) -> str:
    """A Dice Devils item as a text names it: its emoji in front of ``label`` (the item's
    name in the reader's language), or the name alone."""
    name = item_name(item_id)
    written = ITEM_EMOJIS.write(name) if name in ITEM_EMOJIS.fallbacks else ""
    return f"{written} {label}" if written else label
