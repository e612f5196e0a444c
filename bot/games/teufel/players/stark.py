"""Auf Teufel komm raus, level "stark": it plays the rest of the round out from ovens its
view allows (teufel_model) and takes the choice whose rounds are worth most to it.

**Bet.** For every bet from 0 to :data:`MAX_BET` it plays the whole round out on the same
:data:`BET_ROUNDS` ovens, itself with that bet, the others with :data:`GUESS`, every seat
pulling by the model player's rule (which chases its own bet), settled as stage 3 does:
so the expected coal of the oven, the double win of the highest bet and the chance to lose
the bet all count. It seals the bet whose rounds are worth most.

**Draw or stopp.** It plays the rest of the round :data:`PULL_ROUNDS` times each way (the
same ovens for both: the first tile drawn is the one the other way leaves in), then every
seat by the model's rule, and keeps the way worth more: bets, the double, both bonuses and
the pact payments, as the round settles them.

A round is worth its own balance change, less :data:`SPITE` times the others' mean change.
Chance is drawn from a generator seeded with the seed and the situation, so the same view
gives the same decision.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.games.teufel.players.model import edge, oven_pool, play_out, sample_tiles
from bot.games.teufel.players.seat_view import Situation, bet, situation
from bot.games.teufel.state import CHIP

BET_ROUNDS = 40
PULL_ROUNDS = 60
SPITE = 0.5  # how much the others' mean gain counts against its own
GUESS = 50  # the bet it expects of the others when it bets
MAX_BET = 150  # bets above this are not weighed (the coal of a round rarely gets there)


class Stark:
    game = "teufel"
    level = "stark"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        sit = situation(view, seat)
        digest = hashlib.sha256(f"{self.seed}:{sit!r}".encode()).digest()
        rng = random.Random(digest)
        if sit.bets:
            return bet(sit, best_bet(sit, rng, BET_ROUNDS))
        return Action("draw" if draw_is_better(sit, rng, PULL_ROUNDS) else "stopp")


def best_bet(sit: Situation, rng: random.Random, rounds: int) -> int:
    """The bet whose played-out rounds are worth most (the same ovens for every bet)."""
    options = range(sit.bets[0], min(sit.bets[-1], MAX_BET) + 1, CHIP)
    pool = oven_pool(sit)
    ovens = [sample_tiles(sit, pool, rng) for _ in range(rounds)]
    bets = [GUESS] * len(sit.seats)
    worth = {}
    for amount in options:
        bets[sit.seat] = amount
        worth[amount] = sum(
            edge(play_out(sit, list(tiles), bets, None), sit.seat, SPITE) for tiles in ovens
        )
    return max(options, key=lambda amount: worth[amount])


def draw_is_better(sit: Situation, rng: random.Random, rounds: int) -> bool:
    """Whether drawing is worth more than stopping, over ``rounds`` played-out rounds."""
    bets = [s.bet or 0 for s in sit.seats]
    if sit.me.coal == 0 and not any(s.pact for s in sit.seats):
        return True  # nothing to lose: a devil leaves 0 coal, as stopping does
    pool = oven_pool(sit)
    total = 0.0
    for _ in range(rounds):
        tiles = sample_tiles(sit, pool, rng)
        drawn = edge(play_out(sit, list(tiles), bets, "draw"), sit.seat, SPITE)
        stopped = edge(play_out(sit, tiles, bets, "stopp"), sit.seat, SPITE)
        total += drawn - stopped
    return total > 0
