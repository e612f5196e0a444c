"""Flaschenteufel, level "stark": determinized Monte Carlo over the unseen cards.

For a play at a standard table it draws deals (as many as a budget of rollout plays
allows: few early in the hand, more later) of the unseen cards that agree
with what the seat knows (:mod:`flaschenteufel_sample`), and in each deal plays every legal
card and then the rest of the hand with "leicht"'s rules for all seats
(:mod:`flaschenteufel_rollout`). It plays the card with the best mean of its own score for
the hand minus the mean of the others' (the same deals for every card). The draw is seeded
from the policy's seed and what the seat knows, and the number of deals follows from the
view alone, never from the clock: a view gets the same answer on any machine at any load.
With Lopaka (two players and the open dummy) and in Glitterhuis it plays the same way
(:mod:`flaschenteufel_variants` reads what the seat knows there): Lopaka's hand and the
open sets lie open, so a deal draws only the other player's hidden hand and the devil's
trick; the play-outs play Lopaka as the engine does, and a Glitterhuis trick's first two
cards from the open sets; the margin is over the other player alone (Lopaka's score decides
nothing). Discards, passes (the lowest cards) and the Glitterhuis open set follow "leicht".
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action
from bot.games.flaschenteufel.cards import POINTS
from bot.games.flaschenteufel.players.leicht import rule_action
from bot.games.flaschenteufel.players.rollout import play_out
from bot.games.flaschenteufel.players.sample import deal
from bot.games.flaschenteufel.players.seat_view import Seen, legal_cards, own_turn, verb_now
from bot.games.flaschenteufel.players.variants import Reading, read

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
        return Action("play", {"card": self.best_card(read(view, seat), cards)})

    def rng(self, known: Seen) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}|{knowledge_key(known)}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def best_card(self, reading: Reading, cards: list[int]) -> int:
        """The legal card with the best mean outcome over the sampled deals (the score of
        Lopaka, ``reading.dummy``, counts for nobody)."""
        known = reading.known
        rng = self.rng(known)
        totals = dict.fromkeys(cards, 0.0)
        leader = known.leader()
        me = known.seat
        rivals = [s for s in range(known.players) if s not in (me, reading.dummy)]
        samples = self.samples or sample_count(len(cards), reading.cards_left(), self.budget)
        from_open = reading.from_open_set()
        for _ in range(samples):
            sample = deal(known, rng)
            devil = sum(POINTS[c] for c in sample.devil)
            for card in cards:
                hands = [list(h) for h in sample.hands]
                opens: Sequence[Sequence[int]] | None = reading.opens  # (play_out copies)
                if from_open and reading.opens is not None:  # played from his open set
                    opens = [[c for c in s if c != card] for s in reading.opens]
                else:
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
                    order=reading.order,
                    dummy=reading.dummy,
                    opens=opens,
                )
                totals[card] += score[me] - sum(score[r] for r in rivals) / len(rivals)
        return max(cards, key=lambda c: (totals[c], -c))
