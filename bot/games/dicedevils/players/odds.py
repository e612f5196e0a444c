"""Dice Devils odds for the "stark" level: score distributions and the chance to win a
dice fight, computed exactly from the rules (shared/rules/dice-devils.md, D.2-D.4).

A distribution (:data:`Dist`) is a sorted tuple of (score, probability). A fight is given
by each fighter's current score distribution (what is known of his dice: a point for one's
own, a prior or a conditioned distribution for hidden dice), the distribution of a fresh
roll (for re-rolls) and the fighters' ranks:

* the highest score wins; the Springteufel wins every tie he is in;
* tied leaders re-roll (fresh distributions) until one wins; from the second re-roll on a
  tie is counted as an equal split (the third re-roll of the same fighters is rare);
* a fighting Spielteufel, having seen every score, makes his opponents re-roll once when
  that raises his own chance to win (:func:`chance` enumerates the scores he sees).

The Satansbraten's score is his two dice plus the Oberteufel's lowest die; where that die
is hidden it counts as the distribution of the lowest of three dice, independent of the
Oberteufel's own score (their correlation is not modelled).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from itertools import product

from bot.games.dicedevils.state import OBER, RANKS, SATANS, SPIEL, SPRING

Dist = tuple[tuple[int, float], ...]
EXACT_DEPTH = 2  # re-rolls after ties followed exactly; deeper ties are split equally


def dist(weights: Mapping[int, float]) -> Dist:
    """A normalised distribution from weights (zero weights dropped)."""
    total = sum(weights.values())
    return tuple((x, w / total) for x, w in sorted(weights.items()) if w > 0)


def point(score: int) -> Dist:
    return ((score, 1.0),)


def _faces(count: int, sides: int) -> Iterable[tuple[int, ...]]:
    return product(range(1, sides + 1), repeat=count)


@cache
def dice_sum(count: int, sides: int) -> Dist:
    weights: dict[int, float] = defaultdict(float)
    for faces in _faces(count, sides):
        weights[sum(faces)] += 1
    return dist(weights)


@cache
def ober_score() -> Dist:
    """The Oberteufel's score: the two highest of three dice."""
    weights: dict[int, float] = defaultdict(float)
    for faces in _faces(3, 6):
        weights[sum(sorted(faces)[-2:])] += 1
    return dist(weights)


@cache
def ober_lowest() -> Dist:
    """The Oberteufel's lowest die (what the Satansbraten adds)."""
    weights: dict[int, float] = defaultdict(float)
    for faces in _faces(3, 6):
        weights[min(faces)] += 1
    return dist(weights)


@cache
def add(a: Dist, b: Dist) -> Dist:
    weights: dict[int, float] = defaultdict(float)
    for x, p in a:
        for y, q in b:
            weights[x + y] += p * q
    return dist(weights)


@cache
def satans_score(own: int | None = None, ober_low: int | None = None) -> Dist:
    """The Satansbraten's score, given his dice's sum ``own`` and the Oberteufel's lowest
    die ``ober_low`` where they are known."""
    mine = dice_sum(2, 4) if own is None else point(own)
    return add(mine, ober_lowest() if ober_low is None else point(ober_low))


@cache
def prior(rank: str, ober_low: int | None = None) -> Dist:
    """The score of a demon of ``rank`` whose dice are hidden."""
    if rank == OBER:
        return ober_score()
    if rank == SATANS:
        return satans_score(None, ober_low)
    return dice_sum(2, 6)


def condition(d: Dist, keep: Mapping[int, float]) -> Dist:
    """``d`` reweighted by ``keep`` (score -> weight); ``d`` itself if nothing is kept."""
    weights = {x: p * keep.get(x, 0.0) for x, p in d}
    return dist(weights) if sum(weights.values()) > 0 else d


def mean(d: Dist) -> float:
    return sum(x * p for x, p in d)


def _below(d: Dist, score: int) -> float:
    return sum(p for x, p in d if x < score)


def _at(d: Dist, score: int) -> float:
    return sum(p for x, p in d if x == score)


@lru_cache(maxsize=200_000)
def plain(
    me: int,
    dists: tuple[Dist, ...],
    fresh: tuple[Dist, ...],
    ranks: tuple[str, ...],
    depth: int = 0,
) -> float:
    """Fighter ``me``'s chance to win, the Spielteufel's re-roll left aside."""
    others = [j for j in range(len(dists)) if j != me]
    total = 0.0
    for score, p in dists[me]:
        below = [_below(dists[j], score) for j in others]
        at = [_at(dists[j], score) for j in others]
        for mask in range(1 << len(others)):
            prob = p
            for k in range(len(others)):
                prob *= at[k] if mask >> k & 1 else below[k]
                if prob == 0.0:
                    break
            if prob == 0.0:
                continue
            tied = [me] + [others[k] for k in range(len(others)) if mask >> k & 1]
            total += prob * _tie_share(me, tied, fresh, ranks, depth)
    return total


def _tie_share(
    me: int, leaders: list[int], fresh: tuple[Dist, ...], ranks: tuple[str, ...], depth: int
) -> float:
    """``me``'s chance to win once ``leaders`` (``me`` among them) share the best score."""
    if len(leaders) == 1:
        return 1.0
    springs = [s for s in leaders if ranks[s] == SPRING]
    if springs:
        return 1.0 if springs[0] == me else 0.0
    if depth >= EXACT_DEPTH:
        return 1 / len(leaders)
    sub = sorted(leaders)
    again = tuple(fresh[s] for s in sub)
    return plain(sub.index(me), again, again, tuple(ranks[s] for s in sub), depth + 1)


def share(
    me: int, scores: tuple[int, ...], fresh: tuple[Dist, ...], ranks: tuple[str, ...]
) -> float:
    """``me``'s chance to win once the scores are known and nobody is made to re-roll."""
    best = max(scores)
    if scores[me] < best:
        return 0.0
    leaders = [s for s, x in enumerate(scores) if x == best]
    return _tie_share(me, leaders, fresh, ranks, 0)


@lru_cache(maxsize=200_000)
def forced(
    me: int, spiel: int, score: int, fresh: tuple[Dist, ...], ranks: tuple[str, ...]
) -> float:
    """``me``'s chance to win after the Spielteufel (fighter ``spiel``, at ``score``) made
    his opponents re-roll."""
    after = tuple(point(score) if s == spiel else d for s, d in enumerate(fresh))
    return plain(me, after, fresh, ranks)


@lru_cache(maxsize=200_000)
def spiel_forces(
    spiel: int, scores: tuple[int, ...], fresh: tuple[Dist, ...], ranks: tuple[str, ...]
) -> bool:
    """Whether the Spielteufel gains by making his opponents re-roll."""
    stay = share(spiel, scores, fresh, ranks)
    return stay < 1.0 and forced(spiel, spiel, scores[spiel], fresh, ranks) > stay


@lru_cache(maxsize=200_000)
def chance(
    me: int, dists: tuple[Dist, ...], fresh: tuple[Dist, ...], ranks: tuple[str, ...]
) -> float:
    """Fighter ``me``'s chance to win the fight, the Spielteufel's re-roll included: for
    each score of the Spielteufel and of ``me``, the other fighters above, level with (each
    subset) or below the best of the two; the Spielteufel forces when behind or level and
    re-rolling his opponents is worth more to him than what he holds."""
    if SPIEL not in ranks:
        return plain(me, dists, fresh, ranks)
    spiel = ranks.index(SPIEL)
    rest = [j for j in range(len(dists)) if j not in (me, spiel)]
    total = 0.0
    for t, pt in dists[spiel]:
        his = forced(spiel, spiel, t, fresh, ranks)
        mine = his if me == spiel else forced(me, spiel, t, fresh, ranks)
        for x, px in ((t, 1.0),) if me == spiel else dists[me]:
            top = max(x, t)
            below = [_below(dists[j], top) for j in rest]
            at = [_at(dists[j], top) for j in rest]
            above = 1.0
            for b, a in zip(below, at, strict=True):
                above *= b + a
            above = 1.0 - above  # someone else leads: the Spielteufel is behind
            total += pt * px * above * (mine if his > 0 else 0.0)
            for mask in range(1 << len(rest)):
                prob = pt * px
                for k in range(len(rest)):
                    prob *= at[k] if mask >> k & 1 else below[k]
                if prob == 0.0:
                    continue
                leaders = [s for s, y in ((me, x), (spiel, t)) if y == top]
                leaders += [rest[k] for k in range(len(rest)) if mask >> k & 1]
                leaders = sorted(set(leaders))
                stay = _tie_share(spiel, leaders, fresh, ranks, 0) if spiel in leaders else 0.0
                if his > stay:
                    total += prob * mine
                elif me in leaders:
                    total += prob * _tie_share(me, leaders, fresh, ranks, 0)
    return total


@lru_cache(maxsize=200_000)
def against_priors(rank: str, own: int, others: tuple[str, ...]) -> float:
    """The chance to win of a demon of ``rank`` who knows his dice's sum ``own`` (the
    Oberteufel's two highest) joining demons of ``others`` ranks whose dice are hidden."""
    ranks = sorted((*others, rank), key=RANKS.index)
    me = ranks.index(rank)
    fresh = tuple(prior(r) for r in ranks)
    mine = satans_score(own) if rank == SATANS else point(own)
    dists = tuple(mine if i == me else d for i, d in enumerate(fresh))
    return chance(me, dists, fresh, tuple(ranks))
