"""Auf Teufel komm raus as the computer players reckon it: the oven's tiles as a seat can
know them, exact chances over a known oven, and the rest of a round played out by a model
player (the rollouts "stark" decides by).

An oven is a composition: how many tiles of each value in :data:`VALUES` it holds (devils
last). The view shows only how many tiles are left and this round's coal and pieces per
seat; which tiles earlier rounds turned it does not show (unless it carries ``set_aside``),
so the oven is those tiles drawn at random from the 48 minus the ones this round is known
to have turned. The share of each value in an oven drawn from at random is a martingale
whatever the players' stopping rules, so that is the oven's expected content.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from math import comb

from bot.games.teufel.players.seat_view import Situation, balance_guess
from bot.games.teufel.state import BONUS, DEVIL, GOAL, PACT_PAYMENT, TILES

VALUES = (100, 75, 50, 25, 20, 10, DEVIL)
FULL = tuple(TILES.count(v) for v in VALUES)
DECOMPOSE_UP_TO = 8  # a seat's pieces are split into values up to this many, else left unknown

BASE = 50  # the model player draws to at least this much coal ...
RISK_CAP = 0.4  # ... while the next tile is a devil with less than this chance


def devil_risk(oven: Sequence[float]) -> float:
    """The chance that the next tile is a devil."""
    total = sum(oven)
    return oven[-1] / total if total else 0.0


def draw_gain(oven: Sequence[float], coal: int) -> float:
    """The expected change of a seat's coal from one more tile: the coal's mean value, less
    the coal he holds times the devil's chance."""
    total = sum(oven)
    if not total:
        return 0.0
    return sum(v * c for v, c in zip(VALUES, oven, strict=True)) / total - coal * oven[-1] / total


@cache
def reach_chance(oven: tuple[int, ...], coal: int, target: int) -> float:
    """The chance that a seat at ``coal`` who draws until he holds ``target`` gets there
    before a devil, from an oven of known content (exact, over every order of tiles). When
    the oven runs out first he keeps what he has, which is short of the target."""
    if coal >= target:
        return 1.0
    total = sum(oven)
    if not total:
        return 0.0
    chance = 0.0
    for index, (value, count) in enumerate(zip(VALUES[:-1], oven, strict=False)):
        if count:
            rest = (*oven[:index], count - 1, *oven[index + 1 :])
            chance += count / total * reach_chance(rest, coal + value, target)
    return chance


@cache
def splits(pieces: int, coal: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The ways ``pieces`` coal tiles make ``coal`` (counts per coal value), each with its
    weight among the 48 tiles (how many sets of tiles give it)."""
    found: list[tuple[tuple[int, ...], float]] = []

    def extend(index: int, left: int, rest: int, counts: tuple[int, ...]) -> None:
        if index == len(VALUES) - 1:
            if left == 0 and rest == 0:
                weight = 1.0
                for count, full in zip(counts, FULL, strict=False):
                    weight *= comb(full, count)
                found.append((counts, weight))
            return
        value = VALUES[index]
        for count in range(min(left, FULL[index], rest // value) + 1):
            extend(index + 1, left - count, rest - count * value, (*counts, count))

    extend(0, pieces, coal, ())
    return tuple(found)


def _round_turned(sit: Situation) -> tuple[list[float], int]:
    """The tiles this round is known to have turned, expected per value, and how many of
    them are of unknown value (a devil's victim's coal, long sequences)."""
    turned = [0.0] * len(VALUES)
    unknown = 0
    for seat in sit.seats:
        if seat.devil:
            turned[-1] += 1
            unknown += seat.pieces
        elif 0 < seat.pieces <= DECOMPOSE_UP_TO and splits(seat.pieces, seat.coal):
            ways = splits(seat.pieces, seat.coal)
            total = sum(w for _, w in ways)
            for counts, weight in ways:
                for index, count in enumerate(counts):
                    turned[index] += count * weight / total
        else:
            unknown += seat.pieces
    return turned, unknown


def expected_oven(sit: Situation) -> tuple[float, ...]:
    """The oven's expected content per value (exact where the view shows the turned tiles)."""
    if sit.set_aside is not None:
        return tuple(float(c) for c in _left_of(sit.set_aside))
    turned, _ = _round_turned(sit)
    pool = [full - t for full, t in zip(FULL, turned, strict=True)]
    size = sum(pool)
    return tuple(c * sit.oven / size for c in pool) if size else tuple(0.0 for _ in pool)


def _left_of(set_aside: Sequence[int]) -> tuple[int, ...]:
    gone = Counter(set_aside)
    return tuple(max(0, full - gone[v]) for v, full in zip(VALUES, FULL, strict=True))


LOOK_AHEAD = 24  # a played-out round turns at most this many tiles


def oven_pool(sit: Situation) -> list[int]:
    """Tiles the oven may hold: exactly the oven where the view shows the turned tiles, else
    the 48 less this round's devils and each seat's likeliest split of his coal."""
    if sit.set_aside is not None:
        left = _left_of(sit.set_aside)
    else:
        counts = list(FULL)
        for seat in sit.seats:
            if seat.devil:
                counts[-1] -= 1
            elif 0 < seat.pieces <= DECOMPOSE_UP_TO and splits(seat.pieces, seat.coal):
                likeliest, _ = max(splits(seat.pieces, seat.coal), key=lambda way: way[1])
                for index, count in enumerate(likeliest):
                    counts[index] -= count
        left = tuple(max(0, c) for c in counts)
    return [v for v, c in zip(VALUES, left, strict=True) for _ in range(c)]


def sample_tiles(sit: Situation, pool: list[int], rng: random.Random) -> list[int]:
    """The next tiles of one oven the view allows, in a random order (the next tile last)."""
    return rng.sample(pool, min(sit.oven, len(pool), LOOK_AHEAD))


def model_draws(coal: int, to_top: int, bet: int, devils: float, left: int) -> bool:
    """The model player's rule: draw while short of the top coal (plus one), of his own bet
    while nobody reached it, and of :data:`BASE`, as long as a devil is less likely than
    :data:`RISK_CAP`."""
    if not left:
        return False
    want = max(BASE, to_top + 1, bet if bet > to_top else 0)
    return coal < want and devils < RISK_CAP * left


Pulled = tuple[list[int], list[int], list[bool], list[int]]  # coal, pieces, devil, change


def play_out(sit: Situation, tiles: list[int], bets: Sequence[int], first: str | None) -> list[int]:
    """The balance change of every seat when the rest of this round is played from ``sit``
    with ``tiles`` (next tile last): the seat to pull now starts with ``first`` (``draw`` or
    ``stopp``; None: the model's rule), then every seat follows :func:`model_draws`."""
    return settle(*pull_rest(sit, tiles, bets, first), bets)


def pull_rest(sit: Situation, tiles: list[int], bets: Sequence[int], first: str | None) -> Pulled:
    """Stage 2 from ``sit`` on, as :func:`play_out` plays it: each seat's coal, pieces and
    devil, and the pact payments made. A seat stops when ``tiles`` run out before the oven
    (:data:`LOOK_AHEAD`)."""
    seats = sit.seats
    n = len(seats)
    coal = [s.coal for s in seats]
    pieces = [s.pieces for s in seats]
    devil = [s.devil for s in seats]
    pulled = [s.pulled for s in seats]
    pact = [s.pact for s in seats]
    spare = [balance_guess(sit, i) - bets[i] for i in range(n)]
    change = [0] * n
    left = sit.oven
    devils = expected_oven(sit)[-1]  # what the seats expect, less the devils turned
    for i in sit.order:
        if pulled[i]:
            continue
        while tiles:
            top = max([0, *(coal[j] for j in range(n) if pulled[j] and not devil[j])])
            if first is not None:
                go, first = first == "draw", None
            else:
                go = model_draws(coal[i], top, bets[i], devils, left)
            if not go:
                break
            tile = tiles.pop()
            left -= 1
            if tile != DEVIL:
                coal[i] += tile
                pieces[i] += 1
                continue
            devils = max(0.0, devils - 1)
            devil[i], coal[i] = True, 0
            for offset in range(1, n):
                holder = (i + offset) % n
                if pact[holder]:
                    change[holder] += PACT_PAYMENT
                    if spare[i] >= PACT_PAYMENT:
                        spare[i] -= PACT_PAYMENT
                        change[i] -= PACT_PAYMENT
            pact = [False] * n
            break
        pulled[i] = True
        if not left:
            for j in range(n):
                if not pulled[j]:
                    pulled[j], coal[j], pieces[j] = True, 0, 0
            break
    return coal, pieces, devil, change


def settle(
    coal: Sequence[int],
    pieces: Sequence[int],
    devil: Sequence[bool],
    change: list[int],
    bets: Sequence[int],
) -> list[int]:
    """Stage 3 on top of ``change``: bets against the highest coal, the double win of the
    highest bet, the bonuses for the highest coal and the most pieces."""
    final = [0 if d else c for c, d in zip(coal, devil, strict=True)]
    high = max(final)
    top_bet = max(bets)
    double = 0 < top_bet <= high
    most = max([0, *(p for p, d in zip(pieces, devil, strict=True) if not d)])
    for i, amount in enumerate(bets):
        if amount > high:
            change[i] -= amount
        else:
            change[i] += 2 * amount if double and amount == top_bet else amount
        if high > 0 and final[i] == high:
            change[i] += BONUS
        if most > 0 and not devil[i] and pieces[i] == most:
            change[i] += BONUS
    return change


def standing(balances: Sequence[int], changes: Sequence[int], seat: int, spread: float) -> float:
    """What a round's changes are worth to ``seat`` as a share of the win: the softmax of
    the balances after the round with the temperature ``spread`` (convex in his own
    balance while he trails, so a long way behind he takes chances; concave when he leads).
    When a balance reaches the goal the game ends: then only the first place counts."""
    after = [b + c for b, c in zip(balances, changes, strict=True)]
    top = max(after)
    if top >= GOAL:
        firsts = [i for i, b in enumerate(after) if b == top]
        return 1 / len(firsts) if seat in firsts else 0.0
    weights = [math.exp((b - top) / spread) for b in after]
    return weights[seat] / sum(weights)
