"""A row of dice, as any game shows what the croupier rolled."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.render.pictures.canvas import Canvas, die
from bot.render.pictures.look import DICE, Look
from bot.render.pictures.palette import BACKGROUND, DIE_RED, DIE_RED_PIP, MAX_WIDTH, PADDING

DIE, GAP = 40, 10
LOOK = Look((BACKGROUND,)) + DICE


def dice_png(values: Sequence[int], *, red: Collection[int] = (), sides: int = 6) -> bytes:
    """``values`` as dice side by side (rows of as many as fit), the ones at the positions
    ``red`` (counted from 0) red with white pips, as Die verflixte 6 shows its verflixte
    6; ``sides=4`` draws four-sided dice (Dice Devils' Satansbraten)."""
    per_row = max(1, int((MAX_WIDTH - 2 * PADDING + GAP) // (DIE + GAP)))
    count = max(1, len(values))
    columns, rows = min(count, per_row), -(-count // per_row)
    canvas = Canvas(
        2 * PADDING + columns * DIE + (columns - 1) * GAP,
        2 * PADDING + rows * DIE + (rows - 1) * GAP,
        look=LOOK,
    )
    for index, value in enumerate(values):
        row, column = divmod(index, per_row)
        x, y = PADDING + column * (DIE + GAP), PADDING + row * (DIE + GAP)
        if index in red:
            die(canvas, x, y, DIE, value, body=DIE_RED, pip=DIE_RED_PIP, sides=sides)
        else:
            die(canvas, x, y, DIE, value, sides=sides)
    return canvas.png()


def alt_dice(values: Sequence[int]) -> str:
    """The dice as a screen reader reads them: "3, 6, 1"."""
    return ", ".join(str(v) for v in values) or "–"
