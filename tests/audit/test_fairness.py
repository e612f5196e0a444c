"""The fairness report's judgement of counts: the six-sided dice against fair ones, the
other draws together, and the thresholds and odds a player reads."""

from __future__ import annotations

import pytest

from bot.audit.dice_fairness import (
    ALARM,
    MIN_DICE,
    UNUSUAL,
    Verdict,
    odds,
    report,
    verdict,
)


def dice(*counts: int) -> dict[tuple[int, int], int]:
    return {(6, face): count for face, count in enumerate(counts, start=1) if count}


def test_every_face_of_the_die_is_shown_with_its_expectation_and_deviation() -> None:
    shown = report(dice(10, 0, 12, 8, 10, 20))
    assert [f.face for f in shown.faces] == [1, 2, 3, 4, 5, 6]
    assert [f.count for f in shown.faces] == [10, 0, 12, 8, 10, 20]
    assert shown.dice == 60
    assert {f.expected for f in shown.faces} == {10.0}
    assert [f.deviation for f in shown.faces] == [0, -10, 2, -2, 0, 10]


def test_the_test_is_pearsons_with_five_degrees_of_freedom() -> None:
    test = report(dice(10, 0, 12, 8, 10, 20)).test
    assert test is not None
    assert (test.draws, test.dof) == (60, 5)
    assert test.statistic == pytest.approx((0 + 100 + 4 + 4 + 0 + 100) / 10)
    assert test.p == pytest.approx(0.000884, rel=0.01)  # just past 20.515, the 0.1 % point


def test_too_few_dice_are_counted_but_not_tested() -> None:
    few = report(dice(5, 5, 5, 5, 5, MIN_DICE - 26))
    assert few.dice == MIN_DICE - 1 and few.test is None
    enough = report(dice(5, 5, 5, 5, 5, MIN_DICE - 25))
    assert enough.dice == MIN_DICE and enough.test is not None
    assert report({}).test is None and report({}).dice == 0


@pytest.mark.parametrize(
    ("p", "expected"),
    [
        (0.5, Verdict.FINE),
        (UNUSUAL, Verdict.FINE),
        (UNUSUAL * 0.999, Verdict.UNUSUAL),
        (ALARM, Verdict.UNUSUAL),
        (ALARM * 0.999, Verdict.ALARM),
        (0.0, Verdict.ALARM),
    ],
)
def test_the_thresholds(p: float, expected: Verdict) -> None:
    assert verdict(p) is expected


@pytest.mark.parametrize(
    ("p", "told"),
    [
        (1.0, (100, 100)),
        (0.37, (37, 100)),
        (0.0105, (1, 100)),
        (0.0099, (10, 1_000)),
        (0.004, (4, 1_000)),
        (0.00004, (4, 100_000)),
        (0.000001, (1, 1_000_000)),
        (0.0000004, None),
        (0.0, None),
    ],
)
def test_a_p_value_is_told_as_so_many_of_so_many_reports(
    p: float, told: tuple[int, int] | None
) -> None:
    assert odds(p) == told


def test_other_draws_are_tested_together_where_each_face_expects_five() -> None:
    counts = {
        **dice(10, 10, 10, 10, 10, 10),
        (2, 1): 6, (2, 2): 4,  # 10 draws of two sides: tested (expected 5 a face)
        (4, 1): 5, (4, 2): 5, (4, 3): 5, (4, 4): 25,  # Satansbraten's die: tested
        (37, 3): 100,  # 100 draws of 37 sides, fewer than 185: left out
    }  # fmt: skip
    others = report(counts).others
    assert others.sides == (2, 4) and others.left_out == 100
    assert others.test is not None
    assert others.test.draws == 50
    assert others.test.dof == 1 + 3
    assert others.test.statistic == pytest.approx(0.4 + (3 * 25 + 225) / 10)
    assert others.test.verdict is Verdict.ALARM


def test_no_other_draws_no_second_test() -> None:
    others = report(dice(10, 10, 10, 10, 10, 10)).others
    assert (others.sides, others.left_out, others.test) == ((), 0, None)
    few = report({(37, 1): 3}).others
    assert (few.sides, few.left_out, few.test) == ((), 3, None)


def test_a_pick_from_one_is_no_chance_and_not_counted() -> None:
    """The last tile of an oven or the last card of a pile: one side, nothing to test."""
    only = report({(1, 1): 50})
    assert (only.others.sides, only.others.left_out, only.others.test) == ((), 0, None)
    assert only.empty and report({}).empty
    assert not report({(6, 3): 1}).empty and not report({(37, 3): 1}).empty
