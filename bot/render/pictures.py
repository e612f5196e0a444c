"""Standings as pictures (Pillow). The same rows also go out as text for screen readers."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

PADDING, ROW_HEIGHT, FONT_SIZE = 16, 30, 18
BACKGROUND, HEADER, INK, STRIPE = (32, 34, 40), (250, 200, 80), (235, 235, 235), (44, 47, 54)


def table_png(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    """A simple striped table: a title, a header row, one line per row."""
    font = ImageFont.load_default(size=FONT_SIZE)
    cells = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [
        max(int(font.getlength(row[i])) for row in cells if i < len(row)) + 2 * PADDING
        for i in range(len(header))
    ]
    width = max(sum(widths), int(font.getlength(title)) + 2 * PADDING)
    height = ROW_HEIGHT * (len(cells) + 1) + PADDING
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PADDING, PADDING // 2), title, font=font, fill=HEADER)
    for number, row in enumerate(cells):
        top = ROW_HEIGHT * (number + 1)
        if number % 2 == 0 and number:
            draw.rectangle((0, top, width, top + ROW_HEIGHT), fill=STRIPE)
        x = 0
        for i, text in enumerate(row):
            draw.text((x + PADDING, top + 5), text, font=font, fill=HEADER if number == 0 else INK)
            x += widths[i]
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def track_png(title: str, marks: Sequence[str], pawns: Sequence[tuple[str, int]]) -> bytes:
    """The track: marks left to right, each pawn (name, position 0..2*(marks-1)) as a
    labelled dot on its mark or between two marks; pawns on one spot stack upwards."""
    font = ImageFont.load_default(size=FONT_SIZE - 4)
    step, left = 70, PADDING * 3
    width = left * 2 + step * (2 * (len(marks) - 1))
    stacks: dict[int, int] = {}
    for _, spot in pawns:
        stacks[spot] = stacks.get(spot, 0) + 1
    height = 120 + 26 * max(stacks.values(), default=1)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PADDING, PADDING // 2), title, font=font, fill=HEADER)
    base = height - 40
    draw.line((left, base, width - left, base), fill=INK, width=3)
    for index, mark in enumerate(marks):
        x = left + step * 2 * index
        draw.line((x, base - 8, x, base + 8), fill=HEADER, width=3)
        draw.text((x - font.getlength(mark) / 2, base + 12), mark, font=font, fill=HEADER)
    placed: dict[int, int] = {}
    for name, spot in pawns:
        level = placed.get(spot, 0)
        placed[spot] = level + 1
        x, y = left + step * spot, base - 22 - 26 * level
        draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=(200, 60, 50))
        draw.text((x + 14, y - 9), name[:14], font=font, fill=INK)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


CARD_COLOURS = {"gelb": (230, 190, 40), "blau": (60, 110, 200), "rot": (200, 60, 50)}


def cards_png(cards: Sequence[tuple[int, str, int]]) -> bytes:
    """A hand of cards (number, colour, points) side by side, coins as dots."""
    font = ImageFont.load_default(size=FONT_SIZE + 4)
    small = ImageFont.load_default(size=FONT_SIZE - 6)
    card_w, card_h, gap = 56, 84, 6
    width = max(1, len(cards)) * (card_w + gap) + gap
    image = Image.new("RGB", (width, card_h + 2 * gap), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, (number, colour, coins) in enumerate(cards):
        x = gap + index * (card_w + gap)
        draw.rounded_rectangle(
            (x, gap, x + card_w, gap + card_h), radius=8, fill=CARD_COLOURS[colour]
        )
        draw.text((x + 8, gap + 8), str(number), font=font, fill=(20, 20, 20))
        draw.text((x + 8, gap + card_h - 24), "●" * coins, font=small, fill=(20, 20, 20))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
