"""The app's emoji set, built from the games' declarations: the shared dice
(:mod:`bot.render.dice_emojis`) and each game's family (``emojis`` of its plugin in
:data:`bot.plugins.PLUGINS`, declared in its folder: Teufel's tiles, Flaschenteufel's cards,
Dice Devils' items). A game registered later (:func:`bot.plugins.register`) brings its
family with it, and takes it away when it is unregistered.

It is what :mod:`bot.emoji_sync` uploads (:mod:`bot.emoji_images` draws it), what
:func:`install` accepts and what :func:`as_plain` maps back; the machinery is
:mod:`bot.render.emojis`."""

from __future__ import annotations

from collections.abc import Mapping

from bot.plugins import PLUGINS
from bot.render import emojis
from bot.render.dice_emojis import DICE
from bot.render.emojis import Family


def families() -> list[Family]:
    """The dice, then each game's family in the order of the games."""
    return [DICE, *(plugin.emojis for plugin in PLUGINS if plugin.emojis is not None)]


def fallbacks() -> dict[str, str]:
    """Every emoji of the set by name, with the text it stands for ("" for an item's
    emoji, which comes in front of the item's name). A name two families declare is an
    error of their declarations."""
    found: dict[str, str] = {}
    for family in families():
        twice = found.keys() & family.fallbacks.keys()
        if twice:
            raise ValueError(f"emoji names declared twice: {', '.join(sorted(twice))}")
        found.update(family.fallbacks)
    return found


def names() -> tuple[str, ...]:
    """Every emoji of the set, in the order it is uploaded."""
    return tuple(fallbacks())


def family_of(name: str) -> Family:
    """The family the emoji ``name`` belongs to; KeyError when it is none of the set's."""
    for family in families():
        if name in family.fallbacks:
            return family
    raise KeyError(name)


def install(found: Mapping[str, int]) -> None:
    """Use these emojis from now on (name → the id Discord gave it); names outside the set
    are left out. Replaces what was installed before."""
    emojis.install(found, fallbacks())


def as_plain(text: str) -> str:
    """``text`` with every emoji of the set written as its fallback (the text the bot
    writes without emojis); another emoji as ``:name:``."""
    return emojis.as_plain(text, fallbacks())
