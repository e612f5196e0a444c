"""How Flaschenteufel's cards are drawn as emojis
(:mod:`bot.games.flaschenteufel.render.emojis`): a card of its colour, its number, its
coins below."""

from __future__ import annotations

from PIL import ImageDraw

from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.render.emojis import card_name
from bot.render.pictures.emoji_canvas import (
    GOLD,
    GOLD_EDGE,
    INK,
    SCALE,
    WHITE,
    Painter,
    box,
    centred_text,
)

CARD = {
    "gelb": ((242, 193, 46, 255), (60, 42, 0, 255)),
    "blau": ((43, 108, 196, 255), WHITE),
    "rot": ((201, 48, 44, 255), WHITE),
}
"""A card's colour and the colour of its number."""


def _card(number: int) -> Painter:
    colour, ink = CARD[COLOUR[number]]
    coins = POINTS[number]
    coin, coin_edge = (ink, ink) if COLOUR[number] == "gelb" else (GOLD, GOLD_EDGE)

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(box(20, 4, 108, 124), radius=12 * SCALE, fill=colour,
                               outline=INK, width=4 * SCALE)  # fmt: skip
        draw.rounded_rectangle(box(27, 11, 101, 117), radius=8 * SCALE, outline=ink,
                               width=2 * SCALE)  # fmt: skip
        centred_text(draw, str(number), (64, 52), 56, ink, width=68)
        per_row = 3
        for index in range(coins):
            row, col = divmod(index, per_row)
            in_row = min(per_row, coins - row * per_row)
            x = 64 + (col - (in_row - 1) / 2) * 19
            y = 92 + row * 15 - (7 if coins > per_row else 0)
            draw.ellipse(box(x - 7, y - 7, x + 7, y + 7), fill=coin, outline=coin_edge,
                         width=2 * SCALE)  # fmt: skip

    return paint


PAINTERS: dict[str, Painter] = {
    card_name(number, COLOUR[number]): _card(number) for number in sorted(COLOUR)
}
