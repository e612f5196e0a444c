"""Playing out the rest of a Flaschenteufel hand on plain data (no engine state): every
seat plays "leicht"'s rules (:func:`pick`), Lopaka his own (:func:`lopaka_card`, as the
engine plays him), in Glitterhuis each player twice a trick (from his open set, then from
his hand), a trick goes to its highest card below the price (which buys the
bottle) or else to its highest card, as
:func:`bot.games.flaschenteufel.tricks.winning_card` says, and the hand is scored as the
rules score it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.flaschenteufel.cards import COLOUR, POINTS, START
from bot.games.flaschenteufel.players.leicht import pick
from bot.games.flaschenteufel.tricks import lopaka_card


def play_out(
    hands: Sequence[Sequence[int]],
    leader: int,
    trick: Sequence[tuple[int, int]],
    *,
    price: int,
    owner: int | None,
    won: Sequence[float],
    devil_points: int,
    order: Sequence[int] | None = None,
    dummy: int | None = None,
    opens: Sequence[Sequence[int]] | None = None,
) -> list[float]:
    """Every seat's score for the hand once all ``hands`` are played, from a ``trick`` on
    the table ((seat, card) in order, led by ``leader``), the bottle's ``price`` and
    ``owner`` and the coins ``won`` so far. The owner scores minus the devil's trick.
    ``order``: the seats in the order they play (None: 0, 1, … n − 1); ``dummy``: the seat
    Lopaka plays (None: none); ``opens``: Glitterhuis's open sets (None: none), from which
    the first two cards of a trick of four come, the last two from the hands."""
    n = len(hands)
    size = n if opens is None else 2 * n
    order = list(range(n)) if order is None else list(order)
    at = {s: i for i, s in enumerate(order)}
    turn = [[order[(at[first] + k) % n] for k in range(size)] for first in range(n)]
    """``turn[leader][k]``: who plays the ``k``-th card of a trick ``leader`` leads."""
    held = [list(h) for h in hands]
    shown = None if opens is None else [list(h) for h in opens]
    score = list(won)
    seats = [s for s, _ in trick]
    cards = [c for _, c in trick]
    below = max((c for c in cards if c < price), default=0)
    top = max(cards, default=0)
    coins = sum(POINTS[c] for c in cards)
    left = sum(len(h) for h in held) + (0 if shown is None else sum(len(h) for h in shown))
    while left or cards:
        if len(cards) == size:
            if below:
                winner = seats[cards.index(below)]
                coins -= POINTS[below]
                if owner is not None and price != START:
                    score[owner] += POINTS[price]
                price, owner = below, winner
            else:
                winner = seats[cards.index(top)]
            score[winner] += coins
            leader, seats, cards, below, top, coins = winner, [], [], 0, 0, 0
            continue
        seat = turn[leader][len(cards)]
        hand = held[seat] if shown is None or len(cards) >= n else shown[seat]
        if seat == dummy:
            card = lopaka_card(hand, cards, price)
        elif cards:
            led = COLOUR[cards[0]]
            legal = [c for c in hand if COLOUR[c] == led] or hand
            card = pick(legal, price, owner == seat, len(cards) == size - 1, (below, top, coins))
        else:
            card = pick(hand, price, owner == seat, False, None)
        hand.remove(card)
        seats.append(seat)
        cards.append(card)
        coins += POINTS[card]
        if below < card < price:
            below = card
        top = max(top, card)
        left -= 1
    if owner is not None:
        score[owner] = -devil_points
    return score
