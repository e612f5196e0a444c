"""The app's own emojis in message texts, with a plain fallback: the machinery every
family of emojis shares (a family: the shared dice, :mod:`bot.render.dice_emojis`, and each
game's own, declared in its folder and named by its plugin).

Discord lets an app own up to 2,000 emojis that it may use in any server and DM
(``<:die_3:123…>`` in a message's text). The set is every family's names with the text each
stands for (its *fallback*), built from the games' declarations (:mod:`bot.emoji_set`).
:mod:`bot.emoji_sync` uploads the pictures (:mod:`bot.emoji_images`) at the bot's start and
installs what Discord holds; until then, and wherever the upload failed (and in the tests),
:func:`installed` is empty and every family's helper returns exactly the text the bot wrote
before the emojis: a die is its digit, a card its number.

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
from collections.abc import Collection, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    """A family of emojis (the dice, a game's cards, tiles or items): every name with the
    text it stands for, and where its pictures are drawn."""

    fallbacks: Mapping[str, str]
    """Each emoji by name, with the text it stands for ("" for one that comes in front of
    a name that says it already, as a Dice Devils item's)."""
    pictures: str
    """The module of its painters (``PAINTERS``: name → how it is drawn), imported only
    when a picture is drawn (the upload at start, the tests of the pictures)."""

    def write(self, name: str) -> str:
        """The emoji ``name`` of this family as a message writes it, or its fallback."""
        return markup(name, self.fallbacks[name])


_ids: dict[str, int] = {}
"""The emojis in use (name → id), for the whole process: empty until :func:`install`."""


def install(found: Mapping[str, int], names: Collection[str]) -> None:
    """Use these emojis from now on (name → the id Discord gave it); names outside the set
    (``names``) are left out. Replaces what was installed before."""
    chosen = {name: int(ident) for name, ident in found.items() if name in names}
    _ids.clear()
    _ids.update(chosen)


def clear() -> None:
    """Back to the plain texts (no emojis)."""
    _ids.clear()


def installed() -> dict[str, int]:
    """The emojis in use now (name → id); empty when the texts are plain."""
    return dict(_ids)


def markup(name: str, fallback: str) -> str:
    """The emoji ``name`` as a message writes it (``<:die_3:123>``), or ``fallback`` when
    it is not installed."""
    ident = _ids.get(name)
    if ident is None:
        return fallback
    return f"<:{name}:{ident}>"


MARKUP = re.compile(r"<(a?):([A-Za-z0-9_]{2,32}):(\d{1,20})>( ?)")
"""A custom emoji in a message's text (with the one space that may follow it)."""


def as_plain(text: str, fallbacks: Mapping[str, str]) -> str:
    """``text`` with every emoji of the set (``fallbacks``: each name with the text it
    stands for) written as its fallback (the text the bot writes without emojis); another
    emoji as ``:name:``."""
    if "<" not in text:
        return text

    def plain(match: re.Match[str]) -> str:
        name, space = match[2], match[4]
        fallback = fallbacks.get(name)
        if fallback is None:  # none of the set: as Discord's client writes an emoji in text
            return f":{name}:{space}"
        if fallback == "":  # an item's emoji goes with the space before the item's name
            return ""
        return fallback + space

    return MARKUP.sub(plain, text)


def as_names(text: str) -> str:
    """``text`` with every emoji written as ``:name:`` (how a terminal can show it)."""
    if "<" not in text:
        return text
    return MARKUP.sub(lambda m: f":{m[2]}:{m[4]}", text)


def tail(text: str, limit: int) -> str:
    """The last ``limit`` characters of ``text`` (``text[-limit:]``), from the first whole
    line among them, so that no mention or emoji is cut in half (which would show as raw
    markup); a single line too long is cut after the emoji the cut went through."""
    if len(text) <= limit:
        return text
    start = len(text) - limit
    newline = text.find("\n", start - 1)
    if newline != -1 and newline + 1 < len(text):
        return text[newline + 1 :]
    for match in MARKUP.finditer(text, max(0, start - 40), min(len(text), start + 40)):
        if match.start() < start < match.end():
            return text[match.end() :]
    return text[start:]
