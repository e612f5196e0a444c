"""Flaschenteufel, level "leicht": simple rules of thumb, one card at a time.

* Playing: never buy the bottle when another legal card avoids it; take a trick worth
  4 coins or more (or any trick, playing last) with the lowest card that takes it without
  the bottle; otherwise get rid of a dangerous card under a lower price someone else set in
  the trick, or give the winner the fewest coins. Forced to buy, buy at the highest price
  (the bottle is easier to pass on). The bottle's owner never buys it again and sheds its
  highest cards. A lead: the lowest card at or above the price (the owner: its highest).
* The devil's trick and the passes get the lowest cards (they buy the bottle late, when it
  can hardly be passed on).
* Glitterhuis: the set with the higher sum lies open.

:func:`choose_card` is on plain values: "stark" plays its rollouts with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action
from bot.games.flaschenteufel.cards import POINTS
from bot.games.flaschenteufel.players.seat_view import (
    legal_cards,
    own_turn,
    pass_action,
    standard,
    trick_size,
    verb_now,
)
from bot.games.flaschenteufel.view import typed_view

WORTH_TAKING = 4  # coins in a trick that make "leicht" take it before the last card
CHEAP = {c: POINTS[c] * 64 - c for c in POINTS}  # the fewest coins first, then the highest


def choose_card(
    legal: Sequence[int], trick: Sequence[int], price: int, owner: bool, last: bool
) -> int:
    """The card to play: ``legal`` the cards allowed, ``trick`` the cards played into it so
    far, ``owner`` whether the player owns the bottle, ``last`` whether he plays last."""
    if not trick:
        return pick(legal, price, owner, last, None)
    below = max((c for c in trick if c < price), default=0)
    return pick(legal, price, owner, last, (below, max(trick), sum(POINTS[c] for c in trick)))


def pick(
    legal: Sequence[int],
    price: int,
    owner: bool,
    last: bool,
    table: tuple[int, int, int] | None,
) -> int:
    """:func:`choose_card` from the trick's summary ``table``: its highest card below the
    price (0 if none), its highest card and its coins (None: the player leads)."""
    if table is None:
        if owner:
            return max(legal)
        above = [c for c in legal if c >= price]
        return min(above) if above else min(legal)
    below, top, coins = table
    wins: list[int] = []
    under: list[int] = []  # below the price, under a lower price set in this trick
    loses: list[int] = []  # at or above the price, not taking the trick
    buys: list[int] = []
    for c in legal:
        if c < price:
            if c > below:
                buys.append(c)
            else:
                under.append(c)
        elif not below and c > top:
            wins.append(c)
        else:
            loses.append(c)
    if not (wins or under or loses):
        return max(buys)
    if owner:
        return max(wins + under + loses)
    if wins and (last or coins >= WORTH_TAKING):
        return min(wins)
    if under:
        return max(under)
    if loses:
        return min(loses, key=CHEAP.__getitem__)
    return min(wins)


def shed(cards: Sequence[int], count: int) -> list[int]:
    """The ``count`` cards to give away (the devil's trick, the passes): the lowest. A low
    card buys the bottle late, when its price has fallen and nobody takes it back; kept
    (the rule was once the highest below 19 first), the 1s and 2s a neighbour passed on left
    the player with the bottle in 7 hands of 10 against players who pass their lowest."""
    return sorted(cards)[:count]


def open_set(view: Mapping[str, JSON], seat: int) -> int:
    """Glitterhuis: the set with the higher sum lies open (the first of equals)."""
    sets = own_turn(view, seat).get("sets")
    if sets is None or len(sets) != 2:
        return 1
    sums = [sum(s) for s in sets]
    return 2 if sums[1] > sums[0] else 1


def rule_action(view: Mapping[str, JSON], seat: int) -> Action:
    """The rules' choice for every decision but a play (discard, pass, open)."""
    own_turn(view, seat)
    verb = verb_now(view)
    if verb == "open":
        return Action("open", {"set": open_set(view, seat)})
    cards = legal_cards(view, verb)
    if verb == "discard":
        return Action("discard", {"card": shed(cards, 1)[0]})
    return pass_action(view, shed(cards, 2 if standard(view) else 1))


def rule_play(view: Mapping[str, JSON], seat: int) -> Action:
    """The rules' card for a play."""
    shown = typed_view(view)
    trick = [t["card"] for t in shown["trick"]]
    price = shown["price"]
    owner = shown["owner"] == own_turn(view, seat)["player"]
    last = len(trick) == trick_size(view) - 1
    card = choose_card(legal_cards(view, "play"), trick, price, owner, last)
    return Action("play", {"card": card})


class Leicht:
    game = "flaschenteufel"
    level = "leicht"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        own_turn(view, seat)
        if verb_now(view) == "play":
            return rule_play(view, seat)
        return rule_action(view, seat)
