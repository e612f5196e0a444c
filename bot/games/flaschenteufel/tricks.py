"""Who takes a trick, and which cards may be played into it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.flaschenteufel.cards import COLOUR


def winning_card(cards: Sequence[int], price: int) -> tuple[int, bool]:
    """The card that takes the trick, and whether it buys the bottle (it is below the price)."""
    below = [c for c in cards if c < price]
    if below:
        return max(below), True
    return max(cards), False


def legal(cards: Sequence[int], led: int | None) -> list[int]:
    """Follow the led colour when you can; otherwise anything."""
    if led is None:
        return sorted(cards)
    same = [c for c in cards if COLOUR[c] == COLOUR[led]]
    return sorted(same or cards)


def lopaka_card(hand: Sequence[int], trick: Sequence[int], price: int) -> int:
    """Lopaka leads his highest card; following, he plays the highest legal card that would
    still take the trick as it lies, or his lowest legal card when none would."""
    if not trick:
        return max(hand)
    options = legal(hand, trick[0])
    winners = [c for c in options if winning_card([*trick, c], price)[0] == c]
    return max(winners) if winners else min(options)
