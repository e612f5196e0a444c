"""The 36 cards of the Bottle Imp and the neutral start card 19."""

from __future__ import annotations

START = 19
YELLOW, BLUE, RED = "gelb", "blau", "rot"

_TABLE = {
    YELLOW: (1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 25, 28),
    BLUE: (4, 6, 8, 10, 13, 17, 20, 24, 27, 30, 32, 34),
    RED: (11, 14, 16, 21, 23, 26, 29, 31, 33, 35, 36, 37),
}
_POINTS = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)

COLOUR: dict[int, str] = {card: colour for colour, cards in _TABLE.items() for card in cards}
POINTS: dict[int, int] = {
    card: points for cards in _TABLE.values() for card, points in zip(cards, _POINTS, strict=True)
}
DECK: tuple[int, ...] = tuple(sorted(COLOUR))


def points(cards: list[int]) -> int:
    return sum(POINTS[c] for c in cards)
