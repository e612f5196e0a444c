"""Flaschenteufel: a pool of opponent styles, each a person's habit in a few lines.

The bench plays the levels against them (``bench.policies --game flaschenteufel --against
styles``; docs/PLAYERS.md); they are not offered at tables. Each is a pure policy on its
seat's view, like the levels: a rule for the card to play (from the legal cards, the trick
on the table and the bottle's price) and a rule for the cards it gives away (the devil's
trick and the passes). The Glitterhuis open set follows "leicht".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.engine import JSON, Action
from bot.games.flaschenteufel.cards import POINTS, START
from bot.games.flaschenteufel.players.leicht import open_set
from bot.games.flaschenteufel.players.seat_view import (
    legal_cards,
    own_turn,
    pass_action,
    standard,
    verb_now,
)
from bot.games.flaschenteufel.tricks import winning_card
from bot.games.flaschenteufel.view import typed_view
from bot.players.policy import Policy

Play = Callable[[Sequence[int], Sequence[int], int], int]
"""A style's card: from the legal cards, the trick so far and the bottle's price."""
Give = Callable[[Sequence[int], int], list[int]]
"""A style's cards to give away: ``count`` of the cards it holds."""


class Style:
    """A style: it plays ``play`` and gives away ``give``."""

    game = "flaschenteufel"

    def __init__(self, name: str, play: Play, give: Give) -> None:
        self.level = f"style:{name}"
        self._play, self._give = play, give

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        own_turn(view, seat)
        verb = verb_now(view)
        cards = legal_cards(view, verb)
        if verb == "play":
            shown = typed_view(view)
            trick = [t["card"] for t in shown["trick"]]
            return Action("play", {"card": self._play(cards, trick, shown["price"])})
        if verb == "open":
            return Action("open", {"set": open_set(view, seat)})
        if verb == "discard":
            return Action("discard", {"card": self._give(cards, 1)[0]})
        return pass_action(view, self._give(cards, 2 if standard(view) else 1))


def _buys(trick: Sequence[int], price: int) -> Callable[[int], bool]:
    """Whether a card played into ``trick`` would take the bottle."""
    return lambda c: winning_card([*trick, c], price) == (c, True)


def _takes(trick: Sequence[int], price: int) -> Callable[[int], bool]:
    """Whether a card played into ``trick`` would win it (with or without the bottle)."""
    return lambda c: bool(trick) and winning_card([*trick, c], price)[0] == c


def _bottle(legal: Sequence[int], trick: Sequence[int], price: int) -> int:
    """The bottle hunter: the highest card that takes the bottle, else its lowest card."""
    buying = [c for c in legal if _buys(trick, price)(c)]
    return max(buying) if buying else min(legal)


def _duck(legal: Sequence[int], trick: Sequence[int], price: int) -> int:
    """The ducker: its highest card that neither wins the trick nor buys the bottle (a lead:
    its lowest card at or above the price), else its lowest card."""
    if not trick:
        safe = [c for c in legal if c >= price]
        return min(safe) if safe else min(legal)
    safe = [c for c in legal if not _takes(trick, price)(c)]
    return max(safe) if safe else min(legal)


def _copy(legal: Sequence[int], trick: Sequence[int], price: int) -> int:
    """The copycat: the card nearest in number to the card led (a lead: its lowest)."""
    if not trick:
        return min(legal)
    return min(legal, key=lambda c: (abs(c - trick[0]), c))


def _greedy(legal: Sequence[int], trick: Sequence[int], price: int) -> int:
    """The greedy one: takes any trick it can without the bottle, with its highest such
    card; leads and otherwise plays the card with the most coins."""
    taking = [c for c in legal if _takes(trick, price)(c) and not _buys(trick, price)(c)]
    if taking:
        return max(taking)
    return max(legal, key=lambda c: (POINTS[c], c))


def _highest(cards: Sequence[int], count: int) -> list[int]:
    return sorted(cards, reverse=True)[:count]


def _lowest(cards: Sequence[int], count: int) -> list[int]:
    return sorted(cards)[:count]


def _below_start(cards: Sequence[int], count: int) -> list[int]:
    """The highest cards below the start price first (they buy the bottle at 19), then
    those with the fewest coins."""
    return sorted(cards, key=lambda c: (c > START, -c if c < START else POINTS[c]))[:count]


def _fewest_coins(cards: Sequence[int], count: int) -> list[int]:
    return sorted(cards, key=lambda c: (POINTS[c], c))[:count]


STYLES_RULES: dict[str, tuple[Play, Give]] = {
    # dumps its highest card every time, gives away its low cards
    "hoch": (lambda legal, trick, price: max(legal), _lowest),
    # hoards its high cards: always plays its lowest card, gives away its highest
    "tief": (lambda legal, trick, price: min(legal), _highest),
    # always goes for the bottle, and keeps its low cards for it
    "flasche": (_bottle, _highest),
    # never wants a trick: the highest card that stays under the winner
    "ducken": (_duck, _below_start),
    # plays what was led: the nearest number, and leads its lowest
    "nachmacher": (_copy, _fewest_coins),
    # takes every trick it can, and plays its richest cards early
    "gierig": (_greedy, _fewest_coins),
}


def _factory(name: str) -> Callable[[int], Policy]:
    play, give = STYLES_RULES[name]
    return lambda seed: Style(name, play, give)


STYLES: dict[str, Callable[[int], Policy]] = {name: _factory(name) for name in STYLES_RULES}
