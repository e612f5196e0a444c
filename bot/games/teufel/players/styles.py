"""Auf Teufel komm raus: a pool of opponent styles, each a person's habit in a few lines.

The bench plays the levels against them (``bench.policies --game teufel --against
style:hoch``; docs/PLAYERS.md); they are not offered at tables. Each is a pure policy on its
seat's :class:`~bot.games.teufel.players.seat_view.Situation`, like the levels: a bet rule
and a pulling rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine import JSON, Action
from bot.games.teufel.players.seat_view import Situation, balance_guess, bet, situation, top_coal
from bot.players.policy import Policy

Rule = Callable[[Situation], int]
"""A style's bet, or the coal it draws to, in a situation."""


class Style:
    """A style: it bets ``betting`` and draws while its coal is short of ``target``."""

    game = "teufel"

    def __init__(self, name: str, betting: Rule, target: Rule) -> None:
        self.level = f"style:{name}"
        self._bet, self._target = betting, target

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        sit = situation(view, seat)
        if sit.bets:
            return bet(sit, self._bet(sit))
        return Action("draw" if sit.me.coal < self._target(sit) else "stopp")


def _top(sit: Situation) -> int:
    return top_coal(sit, sit.seat)


def _ahead(sit: Situation) -> bool:
    """Whether its pawn stands at least as far as every other."""
    return all(s.position <= sit.me.position for s in sit.seats)


def _leader_guess(sit: Situation) -> int:
    """The balance of the seat furthest on the track but its own (a guess from the track)."""
    others = [i for i in range(len(sit.seats)) if i != sit.seat]
    return max(balance_guess(sit, i) for i in others)


STYLES_RULES: dict[str, tuple[Rule, Rule]] = {
    # the high bettor: a high bet every round, then pulls until it is covered
    "hoch": (lambda s: 120, lambda s: max(120, _top(s) + 1)),
    # everything it has, up to 200: the double win or nothing
    "alles": (lambda s: 200, lambda s: max(s.me.bet or 0, _top(s) + 1)),
    # the cautious one: a small bet, stops at a safe 40 or just past the best so far
    "vorsichtig": (lambda s: 10, lambda s: min(40, _top(s) + 1) if _top(s) else 40),
    # the greedy puller: a middling bet, pulls on to 120 whatever the others hold
    "gierig": (lambda s: 50, lambda s: 120),
    # the copycat of the leader: bets a fifth of what the leader seems to hold, beats his coal
    "nachahmer": (lambda s: _leader_guess(s) // 5, lambda s: max(50, _top(s) + 1)),
    # bets a share of its balance: 40 %, draws to 70
    "anteil": (lambda s: s.balance * 2 // 5, lambda s: 70),
    # the catch-up player: a big bet when behind, a small one when ahead
    "aufholer": (lambda s: 30 if _ahead(s) else 110, lambda s: max(60, _top(s) + 1)),
    # the heuristic that beat the first stark: above its 70, and pulls to cover the bet
    "heuristik": (lambda s: 100, lambda s: max(s.me.bet or 0, _top(s) + 1, 60)),
}


def _factory(name: str) -> Callable[[int], Policy]:
    betting, target = STYLES_RULES[name]
    return lambda seed: Style(name, betting, target)


STYLES: dict[str, Callable[[int], Policy]] = {name: _factory(name) for name in STYLES_RULES}
