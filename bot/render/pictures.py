"""Standings as pictures (Pillow). The same rows also go out as text for screen readers.
Every text is drawn in the shipped font of :mod:`bot.render.typeface`, as far as the font
can draw it (:func:`~bot.render.typeface.drawable`)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.typeface import drawable, font, shortened

PADDING, ROW_HEIGHT, FONT_SIZE = 16, 30, 18
TITLE_HEIGHT = 40
BACKGROUND, HEADER, INK, STRIPE = (32, 34, 40), (250, 200, 80), (235, 235, 235), (44, 47, 54)


def png(image: Image.Image) -> bytes:
    """The picture as PNG bytes, as Discord takes a file."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def table_png(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    """A simple striped table: a title, a header row, one line per row. A column of numbers
    is aligned to the right."""
    regular, bold = font(FONT_SIZE), font(FONT_SIZE, bold=True)
    title = drawable(title, bold=True)
    head = [drawable(str(c), bold=True) for c in header]
    body = [[drawable(str(c)) for c in row] for row in rows]
    numeric = [
        bool(rows) and all(isinstance(row[i], int | float) for row in rows if i < len(row))
        for i in range(len(head))
    ]
    widths = [
        max(
            [
                int(bold.getlength(head[i])),
                *(int(regular.getlength(r[i])) for r in body if i < len(r)),
            ]
        )
        + 2 * PADDING
        for i in range(len(head))
    ]
    width = max(sum(widths), int(bold.getlength(title)) + 2 * PADDING)
    height = TITLE_HEIGHT + ROW_HEIGHT * (len(body) + 1) + PADDING // 2
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PADDING, TITLE_HEIGHT // 2), title, font=bold, fill=HEADER, anchor="lm")
    for number, row in enumerate([head, *body]):
        top = TITLE_HEIGHT + ROW_HEIGHT * number
        if number % 2 == 0 and number:
            draw.rectangle((0, top, width, top + ROW_HEIGHT - 1), fill=STRIPE)
        face, colour = (bold, HEADER) if number == 0 else (regular, INK)
        x, middle = 0, top + ROW_HEIGHT // 2
        for i, text in enumerate(row[: len(widths)]):
            if numeric[i]:
                draw.text(
                    (x + widths[i] - PADDING, middle), text, font=face, fill=colour, anchor="rm"
                )
            else:
                draw.text((x + PADDING, middle), text, font=face, fill=colour, anchor="lm")
            x += widths[i]
    return png(image)


LABEL_MAX, DOT, LEVEL = 150, 10, 26


def track_png(title: str, marks: Sequence[str], pawns: Sequence[tuple[str, int]]) -> bytes:
    """The track: marks left to right, each pawn (name, position 0..2*(marks-1)) as a
    labelled dot on its mark or between two marks. Pawns on one spot stack upwards, and so
    does a pawn whose name would run into a neighbour's; the picture widens for a name at
    the right end."""
    small, bold = font(FONT_SIZE - 4), font(FONT_SIZE - 2, bold=True)
    step, left = 70, PADDING * 3
    track_width = left * 2 + step * (2 * (len(marks) - 1))
    levels: list[list[tuple[float, float]]] = []  # per level: the spans taken, dot to name
    placed: list[tuple[str, int, int]] = []
    for name, spot in sorted(pawns, key=lambda pawn: pawn[1]):  # stable: a spot keeps order
        x = left + step * spot
        label = shortened(drawable(name), small, LABEL_MAX)
        span = (x - DOT, x + DOT + 4 + small.getlength(label))
        level = next((i for i, taken in enumerate(levels) if _free(span, taken)), len(levels))
        if level == len(levels):
            levels.append([])
        levels[level].append(span)
        placed.append((label, x, level))
    right = max((b for taken in levels for _, b in taken), default=0)
    width = max(
        track_width, int(right) + PADDING, int(bold.getlength(drawable(title))) + 2 * PADDING
    )
    height = 120 + LEVEL * max(1, len(levels))
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PADDING, PADDING), drawable(title, bold=True), font=bold, fill=HEADER, anchor="lm")
    base = height - 40
    draw.line((left, base, track_width - left, base), fill=INK, width=3)
    for index, mark in enumerate(marks):
        x = left + step * 2 * index
        draw.line((x, base - 8, x, base + 8), fill=HEADER, width=3)
        draw.text((x, base + 12), drawable(mark), font=small, fill=HEADER, anchor="mt")
    for label, x, level in placed:
        y = base - 22 - LEVEL * level
        draw.ellipse((x - DOT, y - DOT, x + DOT, y + DOT), fill=(200, 60, 50))
        draw.text((x + DOT + 4, y), label, font=small, fill=INK, anchor="lm")
    return png(image)


def _free(span: tuple[float, float], taken: Sequence[tuple[float, float]]) -> bool:
    """Whether ``span`` keeps a small gap to each of the spans ``taken``."""
    return all(span[0] > right + 6 or span[1] < left - 6 for left, right in taken)


CARD_COLOURS = {"gelb": (230, 190, 40), "blau": (60, 110, 200), "rot": (200, 60, 50)}
COINS_PER_ROW = 3


def cards_png(cards: Sequence[tuple[int, str, int]]) -> bytes:
    """A hand of cards (number, colour, points) side by side, the points as coins (●), at
    most three to a row."""
    number_font, coin_font = font(FONT_SIZE + 4, bold=True), font(FONT_SIZE - 6)
    card_w, card_h, gap = 56, 84, 6
    width = max(1, len(cards)) * (card_w + gap) + gap
    image = Image.new("RGB", (width, card_h + 2 * gap), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, (number, colour, coins) in enumerate(cards):
        x = gap + index * (card_w + gap)
        draw.rounded_rectangle(
            (x, gap, x + card_w, gap + card_h), radius=8, fill=CARD_COLOURS[colour]
        )
        draw.text((x + 8, gap + 6), str(number), font=number_font, fill=(20, 20, 20))
        lines = ["●" * min(COINS_PER_ROW, coins - i) for i in range(0, coins, COINS_PER_ROW)]
        for row, line in enumerate(reversed(lines)):  # the full row on top
            y = gap + card_h - 10 - 14 * row
            draw.text((x + 8, y), line, font=coin_font, fill=(20, 20, 20), anchor="ls")
    return png(image)
