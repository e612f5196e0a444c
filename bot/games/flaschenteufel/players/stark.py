"""Flaschenteufel, level "stark": determinized Monte Carlo over the unseen cards.

For a play at a standard table it draws deals (as many as a budget of rollout plays
allows: few early in the hand, more later) of the unseen cards that agree
with what the seat knows (:mod:`flaschenteufel_sample`), and in each deal plays every legal
card and then the rest of the hand with "leicht"'s rules for all seats
(:mod:`flaschenteufel_rollout`). It plays the card with the best mean of its own score for
the hand minus the mean of the others' (the same deals for every card). The draw is seeded
from the policy's seed and what the seat knows, and the number of deals follows from the
view alone, never from the clock: a view gets the same answer on any machine at any load.
With Lopaka (two players and the open dummy) it plays the same way: Lopaka's hand lies
open, so a deal draws only the other player's hand and the devil's trick, the play-outs
play Lopaka as the engine does, and the margin is over the other player alone (Lopaka's
score decides nothing). Discards, passes (the lowest cards), the Glitterhuis open set and
Glitterhuis plays follow "leicht".
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.engine import JSON, Action
from bot.games.flaschenteufel.cards import POINTS
from bot.games.flaschenteufel.players.leicht import rule_action, rule_play
from bot.games.flaschenteufel.players.rollout import play_out
from bot.games.flaschenteufel.players.sample import deal
from bot.games.flaschenteufel.players.seat_view import (
    Seen,
    legal_cards,
    own_turn,
    seen,
    standard,
    verb_now,
)
from bot.games.flaschenteufel.rules import seat_cycle
from bot.games.flaschenteufel.state import LOPAKA
from bot.games.flaschenteufel.view import typed_view

PLAY_BUDGET = 6_000  # cards played in rollouts per decision (about 45 ms here)
MOST_SAMPLES = 60
FEWEST_SAMPLES = 8


def sample_count(candidates: int, cards_left: int, budget: int = PLAY_BUDGET) -> int:
    """Deals to draw: as many as the budget of rollout plays allows, within bounds."""
    per_deal = max(1, candidates * cards_left)
    return max(FEWEST_SAMPLES, min(MOST_SAMPLES, budget // per_deal))


def knowledge_key(known: Seen) -> str:
    """What the seat knows, written the same way whatever order the view lists it in."""
    parts = [
        known.seat,
        known.players,
        known.hand,
        known.trick,
        known.price,
        known.owner,
        known.counts,
        known.devil_count,
        sorted(known.out),
        [sorted(v) for v in known.voids],
        [sorted(h) for h in known.holds],
        sorted(known.devil_known),
        known.won,
        known.totals,
    ]
    return repr(parts)


class Stark:
    game = "flaschenteufel"
    level = "stark"

    def __init__(
        self,
        seed: int = 0,
        budget: int = PLAY_BUDGET,
        samples: int | None = None,
    ) -> None:
        """``samples``: a fixed number of deals per decision instead of the budget's."""
        self.seed, self.budget, self.samples = seed, budget, samples

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        own_turn(view, seat)
        verb = verb_now(view)
        if verb != "play":
            return rule_action(view, seat)
        cards = legal_cards(view, "play")
        if len(cards) == 1:
            return Action("play", {"card": cards[0]})
        if standard(view):
            return Action("play", {"card": self.best_card(seen(view, seat), cards)})
        if typed_view(view)["variant"] == LOPAKA:
            known, order, dummy = with_lopaka(view, seat)
            return Action("play", {"card": self.best_card(known, cards, order, dummy)})
        return rule_play(view, seat)

    def rng(self, known: Seen) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}|{knowledge_key(known)}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def best_card(
        self,
        known: Seen,
        cards: list[int],
        order: Sequence[int] | None = None,
        dummy: int | None = None,
    ) -> int:
        """The legal card with the best mean outcome over the sampled deals (``order``:
        the seats in the order they play, None: by number; ``dummy``: Lopaka's seat, whose
        score counts for nobody)."""
        rng = self.rng(known)
        totals = dict.fromkeys(cards, 0.0)
        leader = known.leader()
        me = known.seat
        rivals = [s for s in range(known.players) if s not in (me, dummy)]
        samples = self.samples or sample_count(len(cards), sum(known.counts), self.budget)
        for _ in range(samples):
            sample = deal(known, rng)
            devil = sum(POINTS[c] for c in sample.devil)
            for card in cards:
                hands = [list(h) for h in sample.hands]
                hands[me].remove(card)
                trick = [*known.trick, (me, card)]
                score = play_out(
                    hands,
                    leader,
                    trick,
                    price=known.price,
                    owner=known.owner,
                    won=known.won,
                    devil_points=devil,
                    order=order,
                    dummy=dummy,
                )
                totals[card] += score[me] - sum(score[r] for r in rivals) / len(rivals)
        return max(cards, key=lambda c: (totals[c], -c))


def with_lopaka(view: Mapping[str, JSON], seat: int) -> tuple[Seen, list[int], int]:
    """What ``seat`` knows at a Lopaka table (Lopaka's open hand among the cards known to
    be held), the seats in the order they play this hand, and Lopaka's seat."""
    shown = typed_view(view)
    seats = shown["seats"]
    dummy = next(i for i, entry in enumerate(seats) if entry["dummy"])
    known = seen(view, seat)
    holds = list(known.holds)
    holds[dummy] = frozenset(seats[dummy]["cards"] or ())
    order = seat_cycle(shown["variant"], shown["hand"], len(seats))
    return replace(known, holds=tuple(holds)), order, dummy
