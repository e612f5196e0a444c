"""Pearson's chi-square test of counts against a uniform expectation, with its p-value.

The p-value is the chi-square distribution's survival function, the regularized upper
incomplete gamma function Q(dof/2, statistic/2), computed as numerical references do
(Numerical Recipes' ``gammq``): by its series below a + 1, by a continued fraction
(modified Lentz) above. Both converge to about 1e-15; no library needed."""

from __future__ import annotations

import math
from collections.abc import Sequence

EPSILON = 1e-15
"""The relative accuracy the series and the continued fraction stop at."""
MAX_STEPS = 10_000
"""Far more terms than either needs for the degrees of freedom of a die or a deck."""
TINY = 1e-300
"""Keeps the continued fraction's divisions away from zero (Lentz's method)."""


def chi_square(counts: Sequence[int]) -> float:
    """Σ (observed − expected)² / expected, every face expected equally often."""
    total = sum(counts)
    if not counts or total == 0:
        return 0.0
    expected = total / len(counts)
    return sum((count - expected) ** 2 for count in counts) / expected


def p_value(statistic: float, dof: int) -> float:
    """How often fair chance gives a statistic at least this large: Q(dof/2, statistic/2)."""
    if dof < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    return upper_gamma(dof / 2, max(0.0, statistic) / 2)


def upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) for a > 0, x ≥ 0."""
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def _lower_series(a: float, x: float) -> float:
    """P(a, x) = e^−x x^a / Γ(a + 1) · Σ x^n / ((a + 1)…(a + n))."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(MAX_STEPS):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) = e^−x x^a / Γ(a) · 1 / (x + 1 − a − 1·(1 − a) / (x + 3 − a − …))."""
    b = x + 1 - a
    c = 1 / TINY
    d = 1 / b
    fraction = d
    for i in range(1, MAX_STEPS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = TINY if abs(d) < TINY else d
        c = b + an / c
        c = TINY if abs(c) < TINY else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < EPSILON:
            break
    return fraction * math.exp(-x + a * math.log(x) - math.lgamma(a))
