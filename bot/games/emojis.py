"""Dice, cards, tiles and items as the app's own emojis in message texts, with a plain
fallback.

Discord lets an app own up to 2,000 emojis that it may use in any server and DM
(``<:die_3:123…>`` in a message's text). The set is fixed here: every name with the text it
stands for (its *fallback*). :mod:`bot.emoji_sync` uploads the images
(:mod:`bot.games.emoji_images`) at the bot's start and :func:`install`\\ s what Discord
holds; until then, and wherever the upload failed (and in the tests), :data:`installed` is
empty and every helper returns exactly the text the bot wrote before the emojis: a die is
its digit, a card its number.

The rule that keeps both in step: **an emoji stands exactly where its fallback stood**.
A die's emoji replaces the digit ("🎲 3" → "🎲 <:die_3:…>"), a card's emoji its number
("17 (blau, ●●●)"), a dice list keeps its separators ("2, 3"). An item's emoji is an
addition in front of its name, with one space (its fallback is empty). So
:func:`as_plain` of a text written with emojis is the text written without them — the one
place that maps markup back (the sandbox's terminal, the leak scan, logs).

Names are readable aloud (a screen reader reads an emoji's name: ``die_3`` is "die 3",
``bottle_card_blue_17`` "bottle card blue 17") and namespaced by their families
(``die_``, ``bottle_card_``, ``coal_tile_``, ``devil_tile``, ``hot_item_``), all [a-z0-9_],
2–32 characters. Emojis are for message texts only: a button's or an option's label, a
placeholder, a modal's title and the pictures show markup raw, so their texts stay plain.
Numbers that are sums or totals stay digits; only faces, cards, tiles and items become
emojis.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.games.dicedevils.state import ITEM_COPIES
from bot.games.flaschenteufel.cards import COLOUR
from bot.games.teufel.state import DEVIL, TILES

FACES = (1, 2, 3, 4, 5, 6)
COLOURS = {"gelb": "yellow", "blau": "blue", "rot": "red"}
"""A Flaschenteufel colour (the engine's German id) as its emoji names say it."""
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
DEVIL_SIGN = "😈"
"""What a devil tile stands for in a text (the Teufel texts start a devil's line with it)."""


def die_name(face: int, *, cursed: bool = False) -> str:
    """``die_3``; the red six of a bust in Die verflixte 6 is ``die_6_cursed``."""
    return f"die_{face}_cursed" if cursed else f"die_{face}"


def card_name(number: int, colour: str) -> str:
    """``bottle_card_blue_17`` for the Flaschenteufel card 17 (``colour``: the engine's)."""
    return f"bottle_card_{COLOURS.get(colour, colour)}_{number}"


def tile_name(value: int) -> str:
    """``coal_tile_25`` for a coal tile, ``devil_tile`` for the devil (:data:`DEVIL`)."""
    return "devil_tile" if value == DEVIL else f"coal_tile_{value}"


def item_name(item: str) -> str:
    """``hot_item_kettle`` for the Dice Devils item ``Wasserkessel``."""
    return f"hot_item_{ITEMS.get(item, item)}"


def _the_set() -> dict[str, str]:
    found = {die_name(face): str(face) for face in FACES}
    found[die_name(6, cursed=True)] = "6"
    for number, colour in sorted(COLOUR.items()):
        found[card_name(number, colour)] = str(number)
    for value in sorted(set(TILES), reverse=True):
        found[tile_name(value)] = DEVIL_SIGN if value == DEVIL else str(value)
    for item in ITEM_COPIES:
        found[item_name(item)] = ""  # in front of the item's name, which says it already
    return found


FALLBACK: dict[str, str] = _the_set()
"""Every emoji of the set by name, with the text it stands for ("" for an item's emoji,
which comes in front of the item's name)."""
NAMES: tuple[str, ...] = tuple(FALLBACK)

_ids: dict[str, int] = {}
"""The emojis in use (name → id), for the whole process: empty until :func:`install`."""


def install(found: Mapping[str, int]) -> None:
    """Use these emojis from now on (name → the id Discord gave it); names outside the set
    are left out. Replaces what was installed before."""
    chosen = {name: int(ident) for name, ident in found.items() if name in FALLBACK}
    _ids.clear()
    _ids.update(chosen)


def clear() -> None:
    """Back to the plain texts (no emojis)."""
    _ids.clear()


def installed() -> dict[str, int]:
    """The emojis in use now (name → id); empty when the texts are plain."""
    return dict(_ids)


def markup(name: str) -> str:
    """The emoji ``name`` as a message writes it (``<:die_3:123>``), or its fallback text
    when it is not installed."""
    ident = _ids.get(name)
    if ident is None:
        return FALLBACK.get(name, "")
    return f"<:{name}:{ident}>"


def die(face: int, *, cursed: bool = False) -> str:
    """A die's face: its emoji, or the digit. ``cursed``: the six that busts."""
    name = die_name(face, cursed=cursed)
    return markup(name) if name in FALLBACK else str(face)


def dice(values: Iterable[int], sep: str = ", ") -> str:
    """Dice in a row with the separator the text has always had ("2, 3"; "2-3")."""
    return sep.join(die(value) for value in values)


def card(number: int, colour: str) -> str:
    """A Flaschenteufel card: its emoji (a card of its colour with its number) or the
    number. ``colour``: the engine's colour id (``gelb``, ``blau``, ``rot``)."""
    name = card_name(number, colour)
    return markup(name) if name in FALLBACK else str(number)


def tile(value: int) -> str:
    """A Teufel tile: a coal tile's emoji or its value; the devil's emoji or 😈."""
    name = tile_name(value)
    return markup(name) if name in FALLBACK else str(value)


def item(item_id: str, label: str) -> str:
    """A Dice Devils item as a text names it: its emoji in front of ``label`` (the item's
    name in the reader's language), or the name alone."""
    name = item_name(item_id)
    if name not in _ids:
        return label
    return f"{markup(name)} {label}"


MARKUP = re.compile(r"<(a?):([A-Za-z0-9_]{2,32}):(\d{1,20})>( ?)")
"""A custom emoji in a message's text (with the one space that may follow it)."""


def _plain(match: re.Match[str]) -> str:
    name, space = match[2], match[4]
    fallback = FALLBACK.get(name)
    if fallback is None:  # none of the set: as Discord's client writes an emoji in text
        return f":{name}:{space}"
    if fallback == "":  # an item's emoji goes with the space before the item's name
        return ""
    return fallback + space


def as_plain(text: str) -> str:
    """``text`` with every emoji of the set written as its fallback (the text the bot
    writes without emojis); another emoji as ``:name:``."""
    if "<" not in text:
        return text
    return MARKUP.sub(_plain, text)


def as_names(text: str) -> str:
    """``text`` with every emoji written as ``:name:`` (how a terminal can show it)."""
    if "<" not in text:
        return text
    return MARKUP.sub(lambda m: f":{m[2]}:{m[4]}", text)


def tail(text: str, limit: int) -> str:
    """The last ``limit`` characters of ``text`` (``text[-limit:]``), without the rest of an
    emoji the cut went through (which would show as raw markup)."""
    if len(text) <= limit:
        return text
    start = len(text) - limit
    for match in MARKUP.finditer(text, max(0, start - 40), min(len(text), start + 40)):
        if match.start() < start < match.end():
            return text[match.end() :]
    return text[start:]
