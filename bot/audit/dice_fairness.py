"""The fairness report (``/fairness``): the dice the bot rolled, counted by face, held
against fair dice by a chi-square test, and a plain verdict.

The counts come from the logged draws (folded into ``draw_tallies``, bot.history); this
module only judges them: no Discord, no database. docs/DECISIONS.md ("Fairness report")
gives the thresholds and why.

* The main report: every draw among six, 1 to 6 (the dice of Die verflixte 6 and Dice
  Devils, and the rare draw among six of a deal or an oven: the log does not tell them
  apart, and each is as uniform as a die). Fewer than :data:`MIN_DICE` of them: the
  counts, no p-value.
* "Other draws": every other draw is uniform over ``1..sides`` too (a Fisher–Yates step of
  a deal, a tile from the oven, Dice Devils' four-sided die). Each number of sides with at
  least :data:`MIN_EXPECTED` draws per face expected gets its own chi-square; the sums of
  their statistics and degrees of freedom are one chi-square test (independent tests add).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.audit.chi_square import chi_square, p_value

DIE = 6
"""The sides of the dice of the main report."""
MIN_EXPECTED = 5
"""The textbook rule for a chi-square test: at least five expected per face."""
MIN_DICE = DIE * MIN_EXPECTED
"""Fewer draws of 1 to 6 than this (30): counts shown, no test."""
ALARM = 0.001
"""A p-value below this alarms: fair dice spread so unevenly once in 1,000 reports."""
UNUSUAL = 0.01
"""A p-value below this (and not below :data:`ALARM`) is unusual: keep watching."""
ODDS_SCALES = (100, 1_000, 10_000, 100_000, 1_000_000)
"""The "N of M reports" a p-value is told in: the smallest M with at least one report."""

Counts = Mapping[tuple[int, int], int]
"""How many draws showed each face: (sides, face) -> count."""


class Verdict(StrEnum):
    FINE = "fine"
    UNUSUAL = "unusual"
    ALARM = "alarm"


def verdict(p: float) -> Verdict:
    if p < ALARM:
        return Verdict.ALARM
    return Verdict.UNUSUAL if p < UNUSUAL else Verdict.FINE


@dataclass(frozen=True)
class Face:
    """One face's count against the fair expectation."""

    face: int
    count: int
    expected: float

    @property
    def deviation(self) -> float:
        return self.count - self.expected


@dataclass(frozen=True)
class ChiSquare:
    """A chi-square test's numbers and what they mean."""

    draws: int
    statistic: float
    dof: int
    p: float

    @property
    def verdict(self) -> Verdict:
        return verdict(self.p)

    @property
    def odds(self) -> tuple[int, int] | None:
        """The p-value as "in N of M such reports" (None: fewer than one in a million)."""
        return odds(self.p)


@dataclass(frozen=True)
class Others:
    """The other draws: the sides tested together, and the draws of sides left out (too
    few of them for a test)."""

    sides: tuple[int, ...]
    left_out: int
    test: ChiSquare | None


@dataclass(frozen=True)
class Report:
    faces: tuple[Face, ...]
    """The six faces of the six-sided dice, 1 to 6."""
    test: ChiSquare | None
    """None: fewer than :data:`MIN_DICE` dice."""
    others: Others

    @property
    def dice(self) -> int:
        return sum(face.count for face in self.faces)

    @property
    def empty(self) -> bool:
        """Nothing to show: no draw of 1 to 6 and no other draw (a pick from one is none)."""
        return not self.dice and not self.others.left_out and self.others.test is None


def odds(p: float) -> tuple[int, int] | None:
    """``p`` as (N, M): "in N of M such reports", M the smallest scale with N ≥ 1."""
    for scale in ODDS_SCALES:
        if p * scale >= 1:
            return round(p * scale), scale
    return None


def pearson(counts: list[int]) -> ChiSquare:
    """Pearson's test of ``counts`` (one per face) against equal chances."""
    statistic, dof = chi_square(counts), len(counts) - 1
    return ChiSquare(sum(counts), statistic, dof, p_value(statistic, dof))


def report(counts: Counts) -> Report:
    """The fairness report of these counts."""
    dice = [counts.get((DIE, face), 0) for face in range(1, DIE + 1)]
    total = sum(dice)
    faces = tuple(Face(i + 1, count, total / DIE) for i, count in enumerate(dice))
    return Report(faces, pearson(dice) if total >= MIN_DICE else None, others(counts))


def others(counts: Counts) -> Others:
    """The draws of every other number of sides, tested together where there are enough."""
    by_sides: dict[int, list[int]] = {}
    for (sides, face), count in counts.items():
        if sides != DIE and sides >= 2 and 1 <= face <= sides:
            by_sides.setdefault(sides, [0] * sides)[face - 1] += count
    tested = tuple(s for s in sorted(by_sides) if sum(by_sides[s]) >= MIN_EXPECTED * s)
    left_out = sum(sum(by_sides[s]) for s in by_sides if s not in tested)
    if not tested:
        return Others((), left_out, None)
    parts = [pearson(by_sides[s]) for s in tested]
    statistic, dof = sum(t.statistic for t in parts), sum(t.dof for t in parts)
    draws = sum(t.draws for t in parts)
    return Others(tested, left_out, ChiSquare(draws, statistic, dof, p_value(statistic, dof)))
