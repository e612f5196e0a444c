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
