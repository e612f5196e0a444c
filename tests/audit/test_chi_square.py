"""The chi-square survival function against the tables' critical values and closed forms."""

from __future__ import annotations

import math

import pytest

from bot.audit.chi_square import chi_square, p_value, upper_gamma


@pytest.mark.parametrize(
    ("statistic", "dof", "p"),
    [
        (11.0705, 5, 0.05),
        (15.0863, 5, 0.01),
        (20.5150, 5, 0.001),
        (3.8415, 1, 0.05),
        (6.6349, 1, 0.01),
        (10.8276, 1, 0.001),
        (18.307, 10, 0.05),
        (124.342, 100, 0.05),
        (4.3515, 5, 0.5),  # the median of dof 5
        (0.4549, 1, 0.5),
    ],
)
def test_the_p_value_of_a_tables_critical_value_is_its_level(
    statistic: float, dof: int, p: float
) -> None:
    assert p_value(statistic, dof) == pytest.approx(p, rel=2e-4)


@pytest.mark.parametrize("x", [0.001, 0.5, 1.0, 2.0, 3.0, 7.5, 40.0, 300.0])
def test_two_degrees_of_freedom_give_the_exponential(x: float) -> None:
    """With dof 2 the survival function is e^(−x/2): both branches (x below and above
    a + 1 = 2) against the closed form."""
    assert p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)


@pytest.mark.parametrize("x", [1e-8, 0.01, 0.3, 1.0, 2.5, 9.0, 60.0])
def test_one_degree_of_freedom_gives_the_complementary_error_function(x: float) -> None:
    assert p_value(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)


def test_the_ends_no_difference_is_certain_a_huge_one_impossible() -> None:
    assert p_value(0.0, 5) == 1.0
    assert p_value(-1.0, 5) == 1.0  # never below zero (rounding)
    assert 0.0 <= p_value(5000.0, 5) < 1e-300
    assert p_value(1e-9, 35) == pytest.approx(1.0)
    assert upper_gamma(2.5, 0.0) == 1.0


def test_a_test_needs_a_degree_of_freedom() -> None:
    with pytest.raises(ValueError, match="degree of freedom"):
        p_value(1.0, 0)


def test_the_statistic_sums_squared_differences_over_the_expectation() -> None:
    assert chi_square([10, 10, 10]) == 0.0
    # expected 10: (5² + 5² + 0²) / 10
    assert chi_square([5, 15, 10]) == pytest.approx(5.0)
    assert chi_square([0, 0]) == 0.0
