"""The fairness report's histogram: one bar per face of a die with its count on it, a die
under each bar, and a dashed line where fair dice would put every bar (the expected count).
The bars take the verdict's colour: green fine, gold unusual, red an alarm, grey untested."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, die, fit, width
from bot.render.pictures.look import DICE, TITLED, Look
from bot.render.pictures.palette import (
    BACKGROUND,
    GOLD,
    GREEN,
    MAX_WIDTH,
    MUTED,
    PADDING,
    RAISED,
    RED,
    SMALL_SIZE,
    SURFACE,
    TEXT,
    TITLE_SIZE,
    Colour,
)

WIDTH = MAX_WIDTH
TITLE_H, CHART_H, DIE_SIZE, DIE_GAP = 34, 220, 30, 10
NUMBER_H = 20  # room above the tallest bar for its number
BAR_SHARE = 0.62  # of a face's slot
DASH, DASH_GAP = 8, 5
LINE_CLEAR = 3  # between a bar's number and the dashed line
TONES: dict[str, Colour] = {"fine": GREEN, "unusual": GOLD, "alarm": RED, "": MUTED}
"""A verdict's colour (``bot.audit.dice_fairness.Verdict``; "": no test)."""
LOOK = (
    TITLED
    + DICE
    + Look((SURFACE, RAISED, TEXT, *TONES.values()), ((TEXT, (SURFACE,)), (MUTED, (BACKGROUND,))))
)


def histogram_png(
    title: str,
    bars: Sequence[tuple[int, str]],
    expected: float,
    expected_label: str,
    tone: str = "",
) -> bytes:
    """``bars``: (count, the count as the reader writes it) for faces 1, 2, …; ``expected``
    the count each face would have if the dice were fair, ``expected_label`` its legend
    ("erwartet: 16.667"); ``tone`` the verdict (:data:`TONES`)."""
    height = PADDING + TITLE_H + CHART_H + DIE_GAP + DIE_SIZE + PADDING
    canvas = Canvas(WIDTH, height, look=LOOK)
    sample = 2 * DASH + DASH_GAP
    legend_w = width(expected_label, SMALL_SIZE) + sample + 6
    right = WIDTH - PADDING
    title_room = WIDTH - 2 * PADDING - legend_w - 12
    canvas.text(PADDING, PADDING + 13, fit(title, title_room, TITLE_SIZE, bold=True),
                size=TITLE_SIZE, bold=True)  # fmt: skip
    canvas.text(right, PADDING + 13, expected_label, size=SMALL_SIZE, fill=MUTED, anchor="rm")
    _dashes(canvas, right - legend_w, right - legend_w + sample, PADDING + 13)
    top = PADDING + TITLE_H
    base = top + CHART_H
    canvas.box((PADDING, top, right, base), fill=SURFACE, radius=8)
    highest = max([expected, *(count for count, _ in bars), 1])
    scale = (CHART_H - NUMBER_H - 8) / highest
    slot = (right - PADDING) / max(1, len(bars))
    colour = TONES.get(tone, MUTED)
    middles = [PADDING + slot * (index + 0.5) for index in range(len(bars))]
    for index, (count, _) in enumerate(bars):
        half = slot * BAR_SHARE / 2
        if count:
            canvas.box((middles[index] - half, base - count * scale, middles[index] + half, base),
                       fill=colour)  # fmt: skip
        die(canvas, middles[index] - DIE_SIZE / 2, base + DIE_GAP, DIE_SIZE, index + 1)
    line_y = base - expected * scale
    _dashes(canvas, PADDING, right, line_y, line=1.5)
    canvas.line([(PADDING, base), (right, base)], fill=RAISED)
    for middle, (count, text) in zip(middles, bars, strict=True):
        shown = fit(text, slot - 8, bold=True)
        y, half = label_middle(base - count * scale, line_y), width(shown, bold=True) / 2 + 4
        canvas.box((middle - half, y - NUMBER_H / 2 + 1, middle + half, y + NUMBER_H / 2),
                   fill=SURFACE, radius=4)  # fmt: skip
        canvas.text(middle, y, shown, bold=True, fill=TEXT, anchor="mm")
    return canvas.png()


def label_middle(bar_top: float, line_y: float) -> float:
    """Where a bar's number stands (its middle): on top of the bar, unless the dashed line
    would run through it (a bar just below the expected count); then just above the line."""
    y = bar_top - NUMBER_H / 2
    if abs(y - line_y) < NUMBER_H / 2 + LINE_CLEAR:
        return line_y - NUMBER_H / 2 - LINE_CLEAR
    return y


def _dashes(canvas: Canvas, x0: float, x1: float, y: float, *, line: float = 1.5) -> None:
    """A dashed line from ``x0`` to ``x1`` at height ``y``."""
    x = x0
    while x < x1:
        canvas.line([(x, y), (min(x + DASH, x1), y)], fill=TEXT, line=line)
        x += DASH + DASH_GAP


def alt_histogram(title: str, bars: Sequence[tuple[int, str]], expected_label: str) -> str:
    """The histogram as one line: "title: ⚀ 1: 16.512; …; erwartet: 16.667"."""
    return one_line(title, [*(f"{i + 1}: {text}" for i, (_, text) in enumerate(bars)),
                            expected_label])  # fmt: skip


__all__ = ["alt_histogram", "histogram_png"]
