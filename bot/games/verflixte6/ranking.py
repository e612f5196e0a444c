"""Points per Durchgang, Stechen and the Herzog roll.

Places are dense ranks of the eye totals (a tied group uses one place); only places
1–3 score 6/4/2. Players level on a scoring place have a Stechen: one die each in seat
order, those still level at the top roll again; the winner takes the place's points,
each loser one point less. 0 eyes score nothing and roll no Stechen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.engine import Rng

PLACE_POINTS = (6, 4, 2)

Rolls = list[dict[int, int]]  # one dict seat -> face per round of rolling


@dataclass(frozen=True)
class Stechen:
    place: int  # 1-based
    seats: list[int]
    rounds: Rolls
    winner: int


def stechen(tied: Sequence[int], rng: Rng) -> tuple[int, Rolls]:
    """Roll until exactly one of ``tied`` (seats) has the highest face; return him."""
    contenders = sorted(tied)
    rounds: Rolls = []
    while True:
        faces = {seat: rng.roll(6) for seat in contenders}
        rounds.append(faces)
        best = max(faces.values())
        contenders = [seat for seat in contenders if faces[seat] == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def herzog_order(tied: Sequence[int], rng: Rng, rounds: Rolls) -> list[int]:
    """Order ``tied`` completely by rolling; sub-ties re-roll, the higher group first."""
    if len(tied) <= 1:
        return list(tied)
    group = sorted(tied)
    faces = {seat: rng.roll(6) for seat in group}
    rounds.append(faces)
    ordered: list[int] = []
    for face in sorted(set(faces.values()), reverse=True):
        ordered += herzog_order([s for s in group if faces[s] == face], rng, rounds)
    return ordered


def durchgang_points(eyes: Sequence[int], rng: Rng) -> tuple[list[int], list[Stechen]]:
    """Points per seat for one Durchgang and the Stechen that decided them."""
    points = [0] * len(eyes)
    stechen_log: list[Stechen] = []
    scoring = sorted({e for e in eyes if e > 0}, reverse=True)[: len(PLACE_POINTS)]
    for place, value in enumerate(scoring):
        tied = [seat for seat, e in enumerate(eyes) if e == value]
        worth = PLACE_POINTS[place]
        if len(tied) == 1:
            points[tied[0]] = worth
            continue
        winner, rounds = stechen(tied, rng)
        for seat in tied:
            points[seat] = worth if seat == winner else worth - 1
        stechen_log.append(Stechen(place + 1, tied, rounds, winner))
    return points, stechen_log


def order_by_table(
    seats: Sequence[int], key: Callable[[int], tuple[int, int]], rng: Rng
) -> tuple[list[int], Rolls]:
    """Seats ordered by ``key`` descending (points, eyes); ties settled by the Herzog roll."""
    rounds: Rolls = []
    order: list[int] = []
    for value in sorted({key(s) for s in seats}, reverse=True):
        order += herzog_order([s for s in seats if key(s) == value], rng, rounds)
    return order, rounds
