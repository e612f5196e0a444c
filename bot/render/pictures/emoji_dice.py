"""How the dice's emojis are drawn (:mod:`bot.render.dice_emojis`): white with black pips;
the six that busts in Die verflixte 6 is red."""

from __future__ import annotations

from PIL import ImageDraw

from bot.render.dice_emojis import FACES, die_name
from bot.render.pictures.canvas import PIPS
from bot.render.pictures.emoji_canvas import INK, PAPER, RED, SCALE, WHITE, Painter, box


def _die(face: int, *, cursed: bool = False) -> Painter:
    body, pip = (RED, WHITE) if cursed else (PAPER, INK)
    edge = (120, 16, 16, 255) if cursed else INK

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(box(8, 8, 120, 120), radius=22 * SCALE, fill=body,
                               outline=edge, width=5 * SCALE)  # fmt: skip
        for fx, fy in PIPS[face]:
            x, y = 8 + 112 * fx, 8 + 112 * fy
            r = 11.5 if face > 1 else 14
            draw.ellipse(box(x - r, y - r, x + r, y + r), fill=pip)

    return paint


PAINTERS: dict[str, Painter] = {
    **{die_name(face): _die(face) for face in FACES},
    die_name(6, cursed=True): _die(6, cursed=True),
}
