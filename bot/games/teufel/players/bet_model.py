"""What the other seats will bet, as "stark" reckons it before it seals its own bet.

Each other seat's bet is drawn from a mix: the bets of people's habits (:data:`HABITS`: the
cautious, the middling, the high bettors, the one who bets everything, the one who bets a
share of his balance), together weighing :data:`HABITS_WEIGHT`, and each of the bets the
table saw him reveal in the last rounds, weighing 1 each (so after a few rounds his own
habit outweighs the guesses). Every bet is cut to what his track position says he may hold
at most (his exact balance when a pact shows it).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.teufel.players.seat_view import Situation, balance_bounds, balance_guess
from bot.games.teufel.state import CHIP

HABITS: tuple[tuple[float, Callable[[int], int]], ...] = (
    (0.15, lambda balance: 10),  # the cautious
    (0.25, lambda balance: 50),  # the middling
    (0.2, lambda balance: 100),  # the high bettor
    (0.15, lambda balance: 150),  # the higher one
    (0.1, lambda balance: 200),  # everything, up to 200
    (0.15, lambda balance: balance * 2 // 5),  # a share of his balance
)
"""The prior: (weight, his bet as a function of his guessed balance); weights sum to 1."""
HABITS_WEIGHT = 1.0
"""What the habits weigh together against each revealed bet (1)."""

Mix = tuple[tuple[int, ...], tuple[float, ...]]
"""Bets and their weights."""


def bet_mix(sit: Situation, index: int) -> Mix:
    """The bets seat ``index`` may seal this round, with their weights (see the module)."""
    _, most = balance_bounds(sit, index)
    guess = balance_guess(sit, index)
    weights: dict[int, float] = {}
    for weight, habit in HABITS:
        amount = _cut(habit(guess), most)
        weights[amount] = weights.get(amount, 0.0) + weight * HABITS_WEIGHT
    for shown in sit.seats[index].shown_bets:
        amount = _cut(shown, most)
        weights[amount] = weights.get(amount, 0.0) + 1.0
    amounts = tuple(sorted(weights))
    return amounts, tuple(weights[a] for a in amounts)


def _cut(amount: int, most: int) -> int:
    """A bet kept within 0 and ``most``, rounded down to a chip."""
    amount = max(0, min(amount, most))
    return amount - amount % CHIP


def spread(mix: Mix, count: int, rng: random.Random) -> list[int]:
    """``count`` bets drawn from ``mix`` in proportion to its weights (systematic sampling
    with a random offset: each bet as often as its weight asks, within one), shuffled."""
    amounts, weights = mix
    total = sum(weights)
    step = total / count
    point = rng.random() * step
    drawn: list[int] = []
    reached = 0.0
    for amount, weight in zip(amounts, weights, strict=True):
        reached += weight
        while point < reached and len(drawn) < count:
            drawn.append(amount)
            point += step
    drawn += [amounts[-1]] * (count - len(drawn))  # rounding at the very end
    rng.shuffle(drawn)
    return drawn


def candidates(sit: Situation, mixes: list[Mix], most: int) -> list[int]:
    """The bets worth weighing: a ladder from the lowest legal bet, every bet another seat
    may seal and the next chip above it (to tie or top the highest bet), and all it has,
    within the legal bets and ``most``."""
    low, high = sit.bets[0], min(sit.bets[-1], most)
    chosen = {low, high, *LADDER}
    for index, (amounts, _) in enumerate(mixes):
        if index != sit.seat:
            chosen.update(a for amount in amounts for a in (amount, amount + CHIP))
    return sorted(a for a in chosen if low <= a <= high)


LADDER = (0, 10, 20, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200)
"""Bets always weighed (where legal)."""
