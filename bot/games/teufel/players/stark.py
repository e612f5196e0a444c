"""Auf Teufel komm raus, level "stark": it plays the rest of the round out from ovens its
view allows (teufel_model) and takes the choice whose rounds are worth most to it.

**Bet.** What the others will bet it draws from a mix (:mod:`bet_model`): people's habits,
from the cautious to the one who bets all he has, and each seat's bets of the last rounds,
which the table saw revealed (after a few rounds a seat's own habit outweighs the guesses),
each cut to what his track position lets him hold. It weighs a ladder of bets and, for
every bet the others may seal, that bet and the next chip (to share or take the double win
of the highest bet): each on the same :data:`SCREEN` played-out rounds (the same ovens, the
same bets of the others), then the :data:`FINALISTS` best on the rest of the budget
(:data:`BET_SEAT_PLAY_OUTS` / seats). Every seat pulls by the model player's rule (which
chases its own bet) and the round settles as stage 3 does: the coal the oven gives, the
double win, the chance to lose the bet, bonuses and pact payments all count.

**Draw or stopp.** It plays the rest of the round :data:`PULL_ROUNDS` times each way (the
same ovens for both: the first tile drawn is the one the other way leaves in), then every
seat by the model's rule, and keeps the way worth more.

A round is worth its share of the win after it (:func:`model.standing`: a softmax of the
balances with temperature :data:`SPREAD`, the others' guessed from the track), so it takes
chances when far behind and plays safe when ahead; a round that ends the game is worth its
first place. Budgets count played-out rounds, never seconds, and chance is drawn from a
generator seeded with the seed and the situation: the same view gives the same decision on
any machine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping

from bot.engine import JSON, Action
from bot.games.teufel.players.bet_model import bet_mix, candidates, spread
from bot.games.teufel.players.model import oven_pool, play_out, sample_tiles, standing
from bot.games.teufel.players.seat_view import Situation, balance_guess, bet, situation

BET_SEAT_PLAY_OUTS = 8000  # rounds played out per bet decision, over all bets weighed,
# times the seats at the table (a round of more seats takes longer to play out)
SCREEN = 50  # rounds every bet is weighed on first ...
FINALISTS = 5  # ... then the best this many on the rest of the budget
PULL_ROUNDS = 60
SPREAD = 300  # the softmax temperature of a round's worth: see model.standing
MAX_BET = 200  # bets above this are not weighed (the coal of a round rarely gets there)


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
            return bet(sit, best_bet(sit, rng, BET_SEAT_PLAY_OUTS // len(sit.seats)))
        return Action("draw" if draw_is_better(sit, rng, PULL_ROUNDS) else "stopp")


def best_bet(sit: Situation, rng: random.Random, play_outs: int) -> int:
    """The bet whose played-out rounds are worth most, about ``play_outs`` rounds in all:
    every bet weighed (:func:`candidates`) on :data:`SCREEN` rounds, then the
    :data:`FINALISTS` best on as many more as the rest of the budget allows. Every bet is
    played on the same ovens with the same bets of the others (drawn from
    :func:`bet_mix`)."""
    mixes = [bet_mix(sit, i) for i in range(len(sit.seats))]
    options = candidates(sit, mixes, MAX_BET)
    screen = max(1, min(SCREEN, play_outs // len(options)))
    finalists = min(FINALISTS, len(options))
    rounds = screen + max(0, play_outs - screen * len(options)) // finalists
    pool = oven_pool(sit)
    ovens = [sample_tiles(sit, pool, rng) for _ in range(rounds)]
    drawn = [spread(mix, rounds, rng) for mix in mixes]

    value = valuer(sit)

    def worth(amount: int, played: range) -> float:
        total = 0.0
        for r in played:
            bets = [column[r] for column in drawn]
            bets[sit.seat] = amount
            total += value(play_out(sit, list(ovens[r]), bets, None))
        return total

    screened = {amount: worth(amount, range(screen)) for amount in options}
    best = sorted(options, key=lambda amount: -screened[amount])[:finalists]
    final = {amount: screened[amount] + worth(amount, range(screen, rounds)) for amount in best}
    return max(best, key=lambda amount: final[amount])


def draw_is_better(sit: Situation, rng: random.Random, rounds: int) -> bool:
    """Whether drawing is worth more than stopping, over ``rounds`` played-out rounds."""
    bets = [s.bet or 0 for s in sit.seats]
    if sit.me.coal == 0 and not any(s.pact for s in sit.seats):
        return True  # nothing to lose: a devil leaves 0 coal, as stopping does
    pool = oven_pool(sit)
    value = valuer(sit)
    total = 0.0
    for _ in range(rounds):
        tiles = sample_tiles(sit, pool, rng)
        drawn = value(play_out(sit, list(tiles), bets, "draw"))
        stopped = value(play_out(sit, tiles, bets, "stopp"))
        total += drawn - stopped
    return total > 0


def valuer(sit: Situation) -> Callable[[list[int]], float]:
    """What a played-out round's balance changes are worth to the seat: its share of the
    win by :func:`standing`, from its balance and the others' guessed from the track."""
    balances = [balance_guess(sit, i) for i in range(len(sit.seats))]
    return lambda changes: standing(balances, changes, sit.seat, SPREAD)
