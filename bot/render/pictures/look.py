"""The colours a kind of picture draws (its :class:`Look`), and the fixed palette its
pictures are stored in (:func:`palette_of`).

A picture is drawn in RGB and stored as PNG in at most 256 colours. Its colours are known
from its drawing code: flat fills (shapes, lines, the background; Pillow draws them without
anti-aliasing) and texts, whose anti-aliased edges blend an ink into the ground it is
written on. A kind's palette holds each fill exactly and, for each ink on each of its
grounds, evenly spaced blends between the two: built once per process, it keeps Pillow's
nearest-colour cache, so mapping a picture to it costs a fraction of counting the
picture's own colours (docs/PERFORMANCE.md, issue 45). A picture that draws a colour its
look does not hold is stored in its own most used colours instead
(:func:`~bot.render.pictures.canvas.png`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property

from PIL import Image

from bot.render.pictures.palette import (
    BACKGROUND,
    DIE_FACE,
    DIE_PIP,
    DIE_RED,
    DIE_RED_PIP,
    LINE,
    TEXT,
    Colour,
)

Written = tuple[Colour, tuple[Colour, ...]]
"""An ink and the grounds it is written on."""


@dataclass(frozen=True)
class Look:
    """The colours one kind of picture draws: its flat ``fills`` and its ``texts`` (each
    ink with the grounds it is written on). Looks add up (``TITLED + DICE + Look(...)``)."""

    fills: tuple[Colour, ...] = ()
    texts: tuple[Written, ...] = ()

    def __add__(self, other: Look) -> Look:
        return Look(self.fills + other.fills, self.texts + other.texts)

    @cached_property
    def colours(self) -> frozenset[Colour]:
        """Every colour drawn flat: the fills and the inks (a text's inner pixels)."""
        return frozenset(self.fills) | {ink for ink, _ in self.texts}

    @cached_property
    def pairs(self) -> frozenset[tuple[Colour, Colour]]:
        """Every (ink, ground) a text of this look blends."""
        return frozenset((ink, ground) for ink, grounds in self.texts for ground in grounds)


TITLED = Look((BACKGROUND,), ((TEXT, (BACKGROUND,)),))
"""A picture on the card's background with its title (:meth:`Canvas.title`)."""
DICE = Look(
    (DIE_FACE, DIE_PIP, DIE_RED, DIE_RED_PIP, LINE),
    ((DIE_PIP, (DIE_FACE,)), (DIE_RED_PIP, (DIE_RED,))),
)
"""Dice as :func:`~bot.render.pictures.canvas.die` draws them, ivory and red (a value a
die cannot show, and a four-sided die, are written on them)."""

SIZE = 256
"""The most colours a PNG palette holds."""


def entries(look: Look) -> list[Colour]:
    """The palette's colours: the look's flat colours first, then the blends of each ink
    on each of its grounds, the 256 shared out by how far apart the two are (a light text
    on a dark ground gets the most steps)."""
    solids = sorted(look.colours)
    pairs = sorted(pair for pair in look.pairs if pair[0] != pair[1])
    lengths = [math.dist(ink, ground) for ink, ground in pairs]
    room, whole = SIZE - len(solids), sum(lengths) or 1.0
    blends: list[Colour] = []
    for (ink, ground), length in zip(pairs, lengths, strict=True):
        steps = max(1, int(room * length / whole))
        for step in range(1, steps + 1):
            share = step / (steps + 1)
            blends.append(_blend(ink, ground, share))
    kept = set(solids)
    return solids + [c for c in dict.fromkeys(blends) if c not in kept][: SIZE - len(solids)]


def _blend(ink: Colour, ground: Colour, share: float) -> Colour:
    r, g, b = (round(x + (i - x) * share) for i, x in zip(ink, ground, strict=True))
    return (r, g, b)


@cache
def palette_of(look: Look) -> Image.Image:
    """``look``'s palette as Pillow maps to it (kept for the process: its cache of the
    nearest colour of each 4×4×4 cube of colours fills as pictures use it). Each flat
    colour maps to itself: a blend that Pillow's cache would take for it is left out."""
    colours = entries(look)
    solids = sorted(look.colours)
    while True:
        palette = Image.new("P", (1, 1))
        palette.putpalette([level for colour in colours for level in colour])
        strip = Image.new("RGB", (len(solids), 1))
        strip.putdata(solids)
        mapped = strip.quantize(palette=palette, dither=Image.Dither.NONE)
        wrong = {
            colours[index]
            for solid, index in zip(solids, mapped.tobytes(), strict=True)
            if colours[index] != solid
        }
        if not wrong:
            return palette
        if wrong & look.colours:
            raise ValueError(f"flat colours too close for one palette: {sorted(wrong)}")
        colours = [c for c in colours if c not in wrong]


def indexed(image: Image.Image, look: Look) -> Image.Image:
    """``image`` (RGB, drawn in ``look``'s colours) in ``look``'s fixed palette."""
    return image.quantize(palette=palette_of(look), dither=Image.Dither.NONE)
