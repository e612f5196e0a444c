"""The turn model of Die verflixte 6 with jokers, behind the "stark" level: an exact
dynamic program over one turn, solved when a decision needs it (docs/PLAYERS.md).

The turn is played against a payoff of the final eyes: with ``k`` players still to come
and ``t`` the best score to beat, stopping at ``x`` is worth ``win[k][x]`` when ``x > t``,
half that when ``x == t``, else 0 (``win`` mixes the shipped table, which model solves
for later players without jokers, with later players who play every joker: win_row). A
bust is worth 0.

State: own eyes ``x`` (``X_MIN .. S_MAX``; eyes at ``S_MAX`` stop) and the hand, the
modelled jokers chosen for the turn and not yet spent. Announced ones (each once):
Monokel, Hirtenschutz, Spelunkenbold, Anaconda, Rattenlord, Cherrys Höschen, Push your
Pony, All In and the Ventil; auto ones: Jules Törtchen (+1 after every step that does not
end the turn), ahris Tentakel (a normal 1 or 2 adds face + 5) and Runkelrüb (saves the
first bust 6 with two dice, one of them 3+). After the Ventil the model plays normal rolls
only (its floor makes the state two-dimensional; other jokers are played before it).
The räuberische 1: the robbery 1s of the turn so far are a state too (robbery_gains: the
r-th steals min(r, 5), and the victim's loss counts as the model is told).
Not modelled: Frostschutz, Fumo and Senigmas Sekante (never chosen), the next Durchgänge
of an Abend (the hand is the best for this one).

The joker choice looks at every hand of up to three jokers from a pool: the ``POOL`` jokers
left that are worth most alone (all hands of all twelve would take about a second).

Every value is a list per robbery state of lists over the eyes ``x``, index ``x - X_MIN``.
A hand's values need those of its smaller hands only (a joker, once spent, is gone; a
normal roll only adds), so the hands are solved smallest first and each one backwards from
``S_MAX``, its last robbery state first.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import mul

from bot.games.verflixte6.players.model import FACES, MAX_AFTER, S_MAX, TABLE_PATH

LATER_PATH = TABLE_PATH.parent / "verflixte6_later.json"

X_MIN = -40  # from 0 eyes, two -10 penalties and a doubling stay above this
SIZE = S_MAX - X_MIN + 1
MAX_HAND = 3
EPS = 1e-12  # a choice must gain more than this to beat one listed before it
POOL = 7  # the joker choice looks at every hand of up to three of this many jokers

AUTO = ("toertchen", "tentakel", "runkelrueb")
ANNOUNCED = (
    "monokel",
    "hirtenschutz",
    "spelunkenbold",
    "anaconda",
    "rattenlord",
    "cherry",
    "pony",
    "all_in",
    "ventil",
)
MODELLED = ANNOUNCED + AUTO
RUNKEL_SAVES = 8 / 9  # two dice, not both below 3
TENTAKEL_BONUS = 5

Hand = frozenset[str]
Values = list[float]
Layers = list[Values]  # per robbery state


def index(x: int) -> int:
    """The list index of eyes ``x`` (eyes outside the model's range count as its ends)."""
    return min(max(x, X_MIN), S_MAX) - X_MIN


def _distribution(outcomes: Iterable[int]) -> tuple[tuple[int, float], ...]:
    counts: dict[int, int] = {}
    for value in outcomes:
        counts[value] = counts.get(value, 0) + 1
    total = sum(counts.values())
    return tuple((value, count / total) for value, count in sorted(counts.items()))


def _cherry() -> tuple[tuple[int, float], ...]:
    """3 per die that shows 3+ and whose counter shows below 5 (each die on its own): of
    the 36 (die, counter) pairs ``kept`` count 3; four dice keep ``j`` in C(4, j) kept^j
    lost^(4 - j) of the 36^4 throws (counted, not enumerated: 1.7 M throws took seconds)."""
    kept = sum(1 for d in range(1, 7) for c in range(1, 7) if d >= 3 and c < 5)
    lost, total = 36 - kept, 36**4
    return tuple((3 * j, math.comb(4, j) * kept**j * lost ** (4 - j) / total) for j in range(5))


DICE = range(1, FACES + 1)
TWO_DICE = _distribution(a + b for a in DICE for b in DICE)
SIMPLE: dict[str, tuple[tuple[int, float], ...]] = {
    "spelunkenbold": _distribution(-3 if f == 6 else f + 5 for f in DICE),
    "hirtenschutz": _distribution(2 * f for f in DICE),
    "pony": _distribution(
        s if s >= 11 else -5 for s in (a + b + c for a in DICE for b in DICE for c in DICE)
    ),
    "cherry": _cherry(),
}
"""Jokers whose effect is a change of the eyes with no decision inside: (change, chance)."""


def shifted(values: Values, d: int) -> Values:
    """``values`` read at x + d for every x (clamped at the ends of the range)."""
    if d >= 0:
        return values[d:] + [values[-1]] * min(d, SIZE)
    return [values[0]] * min(-d, SIZE) + values[: SIZE + d]


def _mix(parts: Sequence[tuple[float, Values]]) -> Values:
    """The chance-weighted sum of value lists."""
    weights = [p for p, _ in parts]
    rows = zip(*(v for _, v in parts), strict=True)
    if len(set(weights)) == 1:  # equally likely: one sum per x
        return [sum(row) * weights[0] for row in rows]
    return [sum(map(mul, weights, row)) for row in rows]


def _max(a: Values, b: Values) -> Values:
    return [u if u >= v else v for u, v in zip(a, b, strict=True)]


@cache
def win_table() -> tuple[tuple[float, ...], ...]:
    """``win[k][x]``: a leader at x stays ahead of k later players who hold no jokers."""
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    return tuple(tuple(row) for row in data["win"])


@cache
def beaten_table() -> tuple[float, ...]:
    """``beaten[x]``: the chance that a last player with every modelled joker ends ahead of
    a leader at x (a tie counts half); ``later_jokers`` solves and writes it."""
    data = json.loads(LATER_PATH.read_text(encoding="utf-8"))
    return tuple(data["beaten"])


def win_row(k: int, later: float) -> list[float]:
    """A leader's chance to stay ahead of ``k`` later players, ``later`` of whom (a share,
    0..1) are expected to play every joker: each of those beats him as a last player with
    every joker would, on his own (the product over them)."""
    plain = win_table()[min(k, MAX_AFTER)]
    if later <= 0.0 or k == 0:
        return list(plain)
    beaten = beaten_table()
    return [
        (1 - later) * p + later * (1.0 - b) ** k if x > 0 else p
        for x, (p, b) in enumerate(zip(plain, beaten, strict=True))
    ]


def payoff(k: int, t: int, later: float = 0.0) -> Values:
    """Stopping at each x against ``t`` with ``k`` still to come (``later``: see win_row)."""
    win_k = win_row(k, later)
    out = []
    for i in range(SIZE):
        x = X_MIN + i
        out.append(0.0 if x <= 0 or x < t else win_k[x] * (1.0 if x > t else 0.5))
    return out


def robbery_gains(extra: Sequence[int]) -> tuple[int, ...]:
    """What a normal 1 adds to the eyes the model compares, in each robbery state r (the
    next robbery 1 is the (r + 1)-th of the turn and steals s = min(r + 1, 5)): the 1, the
    s eyes taken, and ``extra[s - 1]``, what the victim's loss counts (s when he is the one
    rival). No victim at all: a single state, the 1 alone."""
    if not extra:
        return NO_ROBBERY
    return tuple(1 + s + extra[s - 1] for s in range(1, MAX_ROBBERY + 1))


NO_ROBBERY = (1,)
MAX_ROBBERY = 5


class TurnModel:
    """The solved turn against one payoff; hands and Ventil floors are solved when asked.

    Every value is a list per robbery state r (see robbery_gains; one state when nothing
    can be stolen) of lists over the eyes x."""

    def __init__(self, stop: Values, robbery: tuple[int, ...] = NO_ROBBERY) -> None:
        self.stop = stop
        self.robbery = robbery
        self.states = len(robbery)
        self._layers: dict[Hand, Layers] = {}
        self._jokers: dict[tuple[Hand, str], Layers] = {}
        self._floors: dict[tuple[Hand, float], tuple[int, Layers]] = {}

    # --- normal rolls -----------------------------------------------------------------

    def moves(self, hand: Hand, r: int) -> list[tuple[int, int]]:
        """What faces 1..5 of a normal roll add in robbery state ``r`` (Törtchen's +1
        included), and the state after: a 1 robs unless Tentakel pays for it."""
        bonus = 1 if "toertchen" in hand else 0
        tentakel = "tentakel" in hand
        out = []
        for f in range(1, FACES):
            if tentakel and f <= 2:
                out.append((f + TENTAKEL_BONUS + bonus, r))
            elif f == 1:
                out.append((self.robbery[r] + bonus, min(r + 1, self.states - 1)))
            else:
                out.append((f + bonus, r))
        return out

    def _saved(self, hand: Hand, lost: float, floored: int | None = None) -> Layers:
        """A 6 on a normal roll, at every x: Runkelrüb may save, else the turn is worth
        ``lost`` (0, or the payoff of a Ventil floor at index ``floored``)."""
        if "runkelrueb" not in hand:
            return [[lost] * SIZE] * self.states
        rest = hand - {"runkelrueb"}
        layers = self.layer(rest) if floored is None else self.floored(rest, lost, floored)
        bonus = 1 if "toertchen" in hand else 0
        return [
            [RUNKEL_SAVES * v + (1 - RUNKEL_SAVES) * lost for v in shifted(values, bonus)]
            for values in layers
        ]

    def _solve(self, hand: Hand, best: Layers, bust: Layers, lowest: int) -> Layers:
        """Backwards from S_MAX down to index ``lowest``, the last robbery state first:
        the better of ``best`` (stopping or a joker) and a normal roll (a 6 worth ``bust``)."""
        top = self.stop[-1]
        out: list[Values] = [[] for _ in range(self.states)]
        for r in range(self.states - 1, -1, -1):
            moves = self.moves(hand, r)
            pad = max(d for d, _ in moves) + 1
            ext = [0.0] * SIZE + [top] * pad
            ext[SIZE - 1] = top
            (d1, n1), (d2, _), (d3, _), (d4, _), (d5, _) = moves
            one = ext if n1 == r else out[n1] + [top] * pad
            best_r, bust_r = best[r], bust[r]
            for i in range(SIZE - 2, lowest - 1, -1):
                go = bust_r[i] + one[i + d1] + ext[i + d2] + ext[i + d3] + ext[i + d4] + ext[i + d5]
                go /= FACES
                ext[i] = go if go > best_r[i] else best_r[i]
            out[r] = ext[:SIZE]
        return out

    def _rolled(self, layers: Layers, hand: Hand, i: int, r: int, bust: float) -> float:
        """A normal roll at index ``i`` in state ``r`` into ``layers`` (a 6 worth ``bust``)."""
        total = bust
        for d, nxt in self.moves(hand, r):
            total += layers[nxt][min(i + d, SIZE - 1)]
        return total / FACES

    def roll_value(self, hand: Hand, i: int, r: int = 0) -> float:
        """``weiter`` with no joker at index ``i`` (before the Ventil)."""
        return self._rolled(self.layer(hand), hand, i, r, self._saved(hand, 0.0)[r][i])

    # --- the layers -------------------------------------------------------------------

    def layer(self, hand: Hand) -> Layers:
        """The optimal value at every x with ``hand`` (no Ventil floor yet)."""
        if hand in self._layers:
            return self._layers[hand]
        best = [self.stop] * self.states
        for j in ANNOUNCED:
            if j in hand:
                best = [_max(b, v) for b, v in zip(best, self.joker(hand, j), strict=True)]
        values = self._solve(hand, best, self._saved(hand, 0.0), 0)
        self._layers[hand] = values
        return values

    def floored(self, hand: Hand, floor_value: float, lowest: int) -> Layers:
        """After the Ventil: normal rolls only, a bust ends the turn worth ``floor_value``
        (the payoff of the floor). Right from index ``lowest`` up (where the floor is)."""
        autos = frozenset(j for j in hand if j in AUTO)
        if floor_value == 0.0:
            return self.layer(autos)
        key = (autos, floor_value)
        done = self._floors.get(key)
        if done is not None and done[0] <= lowest:
            return done[1]
        best = [self.stop] * self.states
        values = self._solve(autos, best, self._saved(autos, floor_value, lowest), lowest)
        self._floors[key] = (lowest, values)
        return values

    def floored_roll(self, hand: Hand, i: int, floor_value: float, r: int = 0) -> float:
        """``weiter`` at index ``i`` after the Ventil (floor worth ``floor_value``)."""
        autos = frozenset(j for j in hand if j in AUTO)
        values = self.floored(autos, floor_value, i)
        bust = floor_value
        if "runkelrueb" in autos:
            saved = self.floored(autos - {"runkelrueb"}, floor_value, i)[r]
            bonus = 1 if "toertchen" in autos else 0
            bust = RUNKEL_SAVES * saved[i + bonus] + (1 - RUNKEL_SAVES) * floor_value
        return self._rolled(values, autos, i, r, bust)

    # --- announced jokers -------------------------------------------------------------

    def after(self, hand: Hand) -> Layers:
        """The values once a joker's effect is over: ``hand``'s, Törtchen's +1 included."""
        bonus = 1 if "toertchen" in hand else 0
        return [shifted(values, bonus) for values in self.layer(hand)]

    def joker(self, hand: Hand, joker: str) -> Layers:
        """``weiter mit Joker joker`` at every x, ``joker`` in ``hand`` (a joker's own
        rolls rob nobody: the robbery state stays)."""
        key = (hand, joker)
        if key in self._jokers:
            return self._jokers[key]
        rest = hand - {joker}
        values: Layers
        if joker == "ventil":
            values = [
                [
                    self.floored_roll(rest, i, self.stop[i], r) if i < SIZE - 1 else self.stop[i]
                    for i in range(SIZE)
                ]
                for r in range(self.states)
            ]
        elif joker == "all_in":  # 1-3 double the eyes, 4-6 end the turn with 0
            bonus = 1 if "toertchen" in rest else 0
            values = [
                [0.5 * base[index(2 * (X_MIN + i) + bonus)] for i in range(SIZE)]
                for base in self.layer(rest)
            ]
        else:
            values = [self._decided(joker, after) for after in self.after(rest)]
        self._jokers[key] = values
        return values

    @staticmethod
    def _decided(joker: str, after: Values) -> Values:
        if joker in SIMPLE:
            return _mix([(p, shifted(after, d)) for d, p in SIMPLE[joker]])
        if joker == "anaconda":
            return _mix([(1 / FACES, best) for best in anaconda_bests(after)])
        if joker == "rattenlord":
            first = shifted(after, 18)
            return _mix([(1 / 3, first), (2 / 3, _max(*rattenlord_options(after)))])
        if joker == "monokel":
            again = _mix([(p, shifted(after, s)) for s, p in TWO_DICE])
            return _mix([(p, _max(shifted(after, s), again)) for s, p in TWO_DICE])
        raise ValueError(f"joker {joker} is not modelled")


def anaconda_options(after: Values, attack: int) -> tuple[Values, Values]:
    """Declining (-2) and fighting (P >= attack: +12 + P, else -10), at every x."""
    wins = [(1 / FACES, shifted(after, 12 + p)) for p in DICE if p >= attack]
    fight = _mix([*wins, ((attack - 1) / FACES, shifted(after, -10))])
    return shifted(after, -2), fight


def anaconda_bests(after: Values) -> list[Values]:
    """The better of declining and fighting for each attack 6, 5, .., 1 (the fight's
    winning rolls summed once for all attacks)."""
    decline, lose = shifted(after, -2), shifted(after, -10)
    wins = [0.0] * SIZE
    bests = []
    for attack in range(FACES, 0, -1):
        wins = [w + v for w, v in zip(wins, shifted(after, 12 + attack), strict=True)]
        losing = attack - 1
        fight = [(w + losing * v) / FACES for w, v in zip(wins, lose, strict=True)]
        bests.append(_max(decline, fight))
    return bests


def rattenlord_options(after: Values) -> tuple[Values, Values]:
    """After a failed first roll: withdrawing (-2) and the second roll (+18 or -10)."""
    second = _mix([(1 / 3, shifted(after, 18)), (2 / 3, shifted(after, -10))])
    return shifted(after, -2), second


@lru_cache(maxsize=32)
def turn_model(
    k: int, t: int, later: float = 0.0, robbery: tuple[int, ...] = NO_ROBBERY
) -> TurnModel:
    """The turn with ``k`` to come and ``t`` to beat (``later``: see win_row; ``robbery``:
    see robbery_gains)."""
    return TurnModel(payoff(k, t, later), robbery)


# --- the policy in the model --------------------------------------------------------


def hands(pool: Iterable[str]) -> list[Hand]:
    """Every hand of up to three jokers from ``pool``, smaller ones first."""
    chosen = set(pool)
    ordered = [j for j in MODELLED if j in chosen]
    return [
        frozenset(combo)
        for size in range(MAX_HAND + 1)
        for combo in itertools.combinations(ordered, size)
    ]


def hand_value(model: TurnModel, hand: Hand, x: int) -> float:
    """A turn's value from the joker choice at eyes ``x``: the Freiwurf adds 1..6."""
    values = model.layer(hand)[0]  # the turn's first robbery 1 is still to come
    return sum(values[index(x + f)] for f in DICE) / FACES


def pool(model: TurnModel, x: int, available: Iterable[str]) -> list[str]:
    """The ``POOL`` modelled jokers left that are worth most alone (the earlier listed
    first among equals): the choice looks at hands of these only."""
    left = [j for j in MODELLED if j in set(available)]
    alone = {j: hand_value(model, frozenset([j]), x) for j in left}
    return sorted(left, key=lambda j: -alone[j])[:POOL]


def choose_hand(model: TurnModel, x: int, available: Iterable[str]) -> Hand:
    """The best hand from the pool, the smaller one (then the earlier listed) when two
    are worth the same."""
    best, best_value = frozenset[str](), -1.0
    for hand in hands(pool(model, x, available)):
        value = hand_value(model, hand, x)
        if value > best_value + EPS:
            best, best_value = hand, value
    return best


def robbery_state(model: TurnModel, ones: int) -> int:
    """The model's robbery state after ``ones`` robbery 1s in the turn."""
    return min(ones, model.states - 1)


def step_options(model: TurnModel, hand: Hand, x: int, ones: int = 0) -> list[tuple[str, float]]:
    """Each choice of a step (before the Ventil) and its value, in order of preference,
    after ``ones`` robbery 1s in the turn."""
    i, r = index(x), robbery_state(model, ones)
    options = [("stopp", model.stop[i])]
    if x < S_MAX:
        options.append(("weiter", model.roll_value(hand, i, r)))
        options += [(j, model.joker(hand, j)[r][i]) for j in ANNOUNCED if j in hand]
    return options


def floored_options(
    model: TurnModel, hand: Hand, x: int, floor: int, ones: int = 0
) -> list[tuple[str, float]]:
    """``stopp`` or ``weiter`` after the Ventil, with its floor at ``floor``."""
    i, r = index(x), robbery_state(model, ones)
    options = [("stopp", model.stop[i])]
    if x < S_MAX:
        options.append(("weiter", model.floored_roll(hand, i, model.stop[index(floor)], r)))
    return options


def best_option(options: Sequence[tuple[str, float]]) -> str:
    """The first choice unless a later one is worth more (by more than ``EPS``)."""
    choice, value = options[0]
    for name, v in options[1:]:
        if v > value + EPS:
            choice, value = name, v
    return choice


def decision_options(
    model: TurnModel, hand: Hand, x: int, phase: str, shown: Sequence[int], *, ones: int = 0
) -> tuple[float, float]:
    """A joker's decision: the value of the answer that rolls no further dice, and the
    other's (Anaconda: decline/fight, Rattenlord: withdraw/roll, Monokel: keep/re-roll)."""
    after = model.after(hand)[robbery_state(model, ones)]
    i = index(x)
    if phase == "anaconda":
        decline, fight = anaconda_options(after, shown[0])
        return decline[i], fight[i]
    if phase == "rattenlord":
        withdraw, second = rattenlord_options(after)
        return withdraw[i], second[i]
    if phase == "monokel":
        again = sum(p * after[index(x + s)] for s, p in TWO_DICE)
        return after[index(x + sum(shown))], again
    raise ValueError(f"no decision in phase {phase}")
