"""Flaschenteufel as pictures: a hand of cards, and the trick on the table beside the
bottle with its price and owner. A card shows its number on its colour and its points as
coins."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.tricks import winning_card
from bot.i18n import t
from bot.render.pictures.alt import one_line
from bot.render.pictures.canvas import Canvas, coin, fit
from bot.render.pictures.look import Look
from bot.render.pictures.palette import (
    BACKGROUND,
    CARD_COLOURS,
    COIN,
    COIN_EDGE,
    COIN_ON_YELLOW,
    COIN_ON_YELLOW_EDGE,
    DIM,
    GOLD,
    INK,
    LINE,
    MAX_WIDTH,
    MUTED,
    PADDING,
    RAISED,
    SMALL_SIZE,
    TEXT,
)

COINS_PER_ROW = 3
CARD_INK = {"gelb": INK, "blau": (255, 255, 255), "rot": (255, 255, 255)}
CARD_COINS = {"gelb": (COIN_ON_YELLOW, COIN_ON_YELLOW_EDGE), "blau": (COIN, COIN_EDGE),
              "rot": (COIN, COIN_EDGE)}  # fmt: skip
"""A card's coins (fill, edge): gold, but dark on a yellow card, where gold would vanish."""
CARDS_LOOK = Look(
    (BACKGROUND, INK, *CARD_COLOURS.values(), *(c for coin in CARD_COINS.values() for c in coin)),
    tuple((CARD_INK[colour], (CARD_COLOURS[colour],)) for colour in CARD_COLOURS),
)
"""A hand: cards on the background."""


def card(
    canvas: Canvas, corner: tuple[float, float], w: float, shown: tuple[int, str, int]
) -> None:
    """A card ``w`` wide (1.5 times as tall) with its top left ``corner``; ``shown``: its
    number, colour and coins."""
    (x, y), (number, colour, coins) = corner, shown
    h = w * 1.5
    canvas.box((x, y, x + w, y + h), fill=CARD_COLOURS[colour], outline=INK, radius=w * 0.14)
    canvas.text(
        x + w * 0.14, y + w * 0.1, str(number), size=w * 0.36, bold=True, fill=CARD_INK[colour],
        anchor="lt",
    )  # fmt: skip
    radius = w * 0.095
    step = radius * 2.5
    rows = [min(COINS_PER_ROW, coins - i) for i in range(0, coins, COINS_PER_ROW)]
    fill, edge = CARD_COINS[colour]
    for row, count in enumerate(reversed(rows)):  # the full row on top
        cy = y + h - w * 0.16 - radius - row * step
        first = x + w / 2 - (count - 1) * step / 2
        for i in range(count):
            coin(canvas, first + i * step, cy, radius, fill=fill, edge=edge)


HAND_W, HAND_GAP = 44, 6


def cards_png(cards: Sequence[tuple[int, str, int]]) -> bytes:
    """A hand of cards (number, colour id ``gelb``/``blau``/``rot``, points) side by side,
    the points as coins; a hand too wide for one row is split into even rows."""
    per_row = max(1, int((MAX_WIDTH - 2 * PADDING + HAND_GAP) // (HAND_W + HAND_GAP)))
    count = max(1, len(cards))
    rows = -(-count // per_row)
    per_row = -(-count // rows)
    hand_h = HAND_W * 1.5
    canvas = Canvas(
        2 * PADDING + per_row * HAND_W + (per_row - 1) * HAND_GAP,
        2 * PADDING + rows * hand_h + (rows - 1) * HAND_GAP,
        look=CARDS_LOOK,
    )
    for index, (number, colour, coins) in enumerate(cards):
        row, column = divmod(index, per_row)
        x = PADDING + column * (HAND_W + HAND_GAP)
        card(canvas, (x, PADDING + row * (hand_h + HAND_GAP)), HAND_W, (number, colour, coins))
    return canvas.png()


def alt_cards(cards: Sequence[tuple[int, str, int]], locale: str) -> str:
    """The hand as one line: "1 (gelb, 1 Punkt), 37 (rot, 6 Punkte)"."""
    return ", ".join(_label(n, c, p, locale) for n, c, p in cards) or "–"


def _label(number: int, colour: str, coins: int, locale: str) -> str:
    return t(
        "ft.ui.card", locale, number=number, colour=t(f"game.colour.{colour}", locale),
        coins=t("n.points", locale, count=coins),
    )  # fmt: skip


TRICK_W, SLOT_W = 58, 104
BOTTLE_W = 96
GLASS, GLASS_EDGE, LABEL = (46, 112, 92), (24, 60, 50), (240, 236, 222)
CORK = (150, 110, 70)
TRICK_LOOK = CARDS_LOOK + Look(
    (GLASS, GLASS_EDGE, CORK, LABEL, LINE, RAISED, GOLD),
    ((INK, (LABEL,)), (TEXT, (BACKGROUND,)), (MUTED, (BACKGROUND,)), (DIM, (BACKGROUND,))),
)
"""The trick beside the bottle."""


def bottle(canvas: Canvas, x: float, y: float, w: float) -> None:
    """The bottle imp's bottle ``w`` wide (twice as tall), top left corner at (x, y)."""
    neck = w * 0.36
    canvas.box((x + (w - neck) / 2, y, x + (w + neck) / 2, y + w * 0.7), fill=GLASS,
               outline=GLASS_EDGE, radius=w * 0.08)  # fmt: skip
    canvas.box((x + (w - neck) / 2 - w * 0.04, y - w * 0.04, x + (w + neck) / 2 + w * 0.04,
                y + w * 0.12), fill=CORK, radius=w * 0.05)  # fmt: skip
    canvas.box((x, y + w * 0.55, x + w, y + 2 * w), fill=GLASS, outline=GLASS_EDGE,
               radius=w * 0.3)  # fmt: skip


def trick_png(
    cards_played: Sequence[tuple[str, int]], price: int, *, owner: str | None = None
) -> bytes:
    """The trick as it lies (the view's ``trick``: each card with the display name of
    who played it, in play order) beside the bottle with its ``price`` (the view's
    ``price``) and ``owner`` (the owner's display name; None: nobody bought it yet). The
    card that takes the trick as it lies has a gold frame; if it is below the price (it
    would buy the bottle) a small bottle sits on it. An empty trick shows an empty place."""
    slots = max(1, len(cards_played))
    canvas_w = min(MAX_WIDTH, 2 * PADDING + BOTTLE_W + 12 + slots * SLOT_W)
    card_h = TRICK_W * 1.5
    height = 2 * PADDING + max(card_h + 30, 112)
    canvas = Canvas(canvas_w, height, look=TRICK_LOOK)
    bottle_w = 40
    bx = PADDING + (BOTTLE_W - bottle_w) / 2
    by = PADDING + 6
    bottle(canvas, bx, by, bottle_w)
    label_y = by + bottle_w * 1.05
    canvas.box((bx + 4, label_y, bx + bottle_w - 4, label_y + 26), fill=LABEL, radius=4)
    canvas.text(bx + bottle_w / 2, label_y + 13, str(price), bold=True, fill=INK, anchor="mm")
    owner_text = fit(owner, BOTTLE_W) if owner else "–"
    canvas.text(
        PADDING + BOTTLE_W / 2, by + 2 * bottle_w + 14, owner_text, size=SMALL_SIZE,
        fill=MUTED if owner else DIM, anchor="mm",
    )  # fmt: skip
    left = PADDING + BOTTLE_W + 12
    canvas.line([(left - 6, PADDING), (left - 6, height - PADDING)], fill=LINE)
    if not cards_played:
        x = left + (SLOT_W - TRICK_W) / 2
        canvas.box((x, PADDING, x + TRICK_W, PADDING + card_h), outline=RAISED, line=2, radius=8)
        return canvas.png()
    winner, buys = winning_card([c for _, c in cards_played], price)
    for index, (player, number) in enumerate(cards_played):
        x = left + index * SLOT_W + (SLOT_W - TRICK_W) / 2
        if number == winner:
            canvas.box((x - 4, PADDING - 4, x + TRICK_W + 4, PADDING + card_h + 4), outline=GOLD,
                       line=2.5, radius=10)  # fmt: skip
        card(canvas, (x, PADDING), TRICK_W, (number, COLOUR[number], POINTS[number]))
        if number == winner and buys:
            bottle(canvas, x + TRICK_W - 16, PADDING + 8, 9)
        canvas.text(
            left + index * SLOT_W + SLOT_W / 2, PADDING + card_h + 16, fit(player, SLOT_W - 8,
            SMALL_SIZE), size=SMALL_SIZE, fill=TEXT, anchor="mm",
        )  # fmt: skip
    return canvas.png()


def alt_trick(
    cards_played: Sequence[tuple[str, int]], price: int, owner: str | None, locale: str
) -> str:
    """ "Flasche: Preis 19, Besitzer –; Anna 24 (blau, 4 Punkte); …"."""
    bottle_text = t("ft.ui.bottle", locale, price=price, owner=owner or "–")
    cards = [f"{p} {_label(c, COLOUR[c], POINTS[c], locale)}" for p, c in cards_played]
    return one_line(bottle_text, cards)
