"""The dice as the app's emojis: a family no one game owns (Die verflixte 6, and so a
tournament's games, and Dice Devils roll them), so it lives with what the games share to
render, beside the dice of the pictures (:mod:`bot.render.pictures.dice`); the set
(:mod:`bot.emoji_set`) takes it with every game's family."""

from __future__ import annotations

from collections.abc import Iterable

from bot.render.emojis import Family

FACES = (1, 2, 3, 4, 5, 6)


def die_name(face: int, *, cursed: bool = False) -> str:
    """``die_3``; the red six of a bust in Die verflixte 6 is ``die_6_cursed``."""
    return f"die_{face}_cursed" if cursed else f"die_{face}"


DICE = Family(
    {
        **{die_name(face): str(face) for face in FACES},
        die_name(6, cursed=True): "6",
    },
    pictures="bot.render.pictures.emoji_dice",
)
"""Each face with its digit, and the six that busts."""


def die(face: int, *, cursed: bool = False) -> str:
    """A die's face: its emoji, or the digit. ``cursed``: the six that busts."""
    name = die_name(face, cursed=cursed)
    return DICE.write(name) if name in DICE.fallbacks else str(face)


def dice(values: Iterable[int], sep: str = ", ") -> str:
    """Dice in a row with the separator the text has always had ("2, 3"; "2-3")."""
    return sep.join(die(value) for value in values)
