"""How Teufel's tiles are drawn as emojis (:mod:`bot.games.teufel.render.emojis`): a round
coal tile with its value; the devil's tile red with a devil's face."""

from __future__ import annotations

from PIL import ImageDraw

from bot.games.teufel.render.emojis import tile_name
from bot.games.teufel.state import DEVIL, TILES
from bot.render.pictures.emoji_canvas import (
    EMBER,
    GOLD,
    INK,
    RED,
    SCALE,
    WHITE,
    Painter,
    box,
    centred_text,
    points,
)

COAL = (58, 56, 54, 255)


def _coal_tile(value: int) -> Painter:
    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.ellipse(box(6, 6, 122, 122), fill=(120, 84, 52, 255), outline=INK, width=4 * SCALE)
        draw.ellipse(box(16, 16, 112, 112), fill=COAL)
        for x, y, r in ((40, 38, 7), (86, 40, 5), (36, 88, 5), (90, 90, 7)):
            draw.ellipse(box(x - r, y - r, x + r, y + r), fill=EMBER)
        centred_text(draw, str(value), (64, 65), 46, WHITE, width=84)

    return paint


def _devil_tile(draw: ImageDraw.ImageDraw) -> None:
    draw.ellipse(box(6, 6, 122, 122), fill=(120, 84, 52, 255), outline=INK, width=4 * SCALE)
    draw.ellipse(box(16, 16, 112, 112), fill=RED)
    horn = (60, 10, 10, 255)
    draw.polygon(points((30, 44), (24, 14), (48, 34)), fill=horn)
    draw.polygon(points((98, 44), (104, 14), (80, 34)), fill=horn)
    draw.polygon(points((36, 54), (58, 62), (40, 68)), fill=GOLD)  # eyes, slanted
    draw.polygon(points((92, 54), (70, 62), (88, 68)), fill=GOLD)
    draw.chord(box(34, 60, 94, 100), 20, 160, fill=INK)  # the grin
    draw.polygon(points((46, 84), (52, 84), (49, 92)), fill=WHITE)  # fangs
    draw.polygon(points((76, 84), (82, 84), (79, 92)), fill=WHITE)


PAINTERS: dict[str, Painter] = {
    tile_name(value): _devil_tile if value == DEVIL else _coal_tile(value)
    for value in sorted(set(TILES), reverse=True)
}
