"""A player's sums in words, as ``/statistik`` and the fairness report write them:
averages with one decimal the reader's way, every game's first line, and the type of a
game's own lines (its plugin's ``statistics``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.i18n import decimal, t, tenths

Sums = Mapping[str, float]
Lines = Callable[[Sums, str], list[str]]
"""A game's lines of ``/statistik`` (its plugin's ``statistics``): its sums, in words."""


def average(total: float, count: float, locale: str) -> str:
    return decimal(total / count, locale)


def signed_average(total: float, count: float, locale: str) -> str:
    """An average change, with its sign: +3,5; −2,0; ±0,0."""
    value = tenths(total / count)
    sign = "±" if value == 0 else "+" if value > 0 else ""
    return sign + decimal(float(value), locale)


def n(sums: Sums, measure: str) -> int:
    return int(sums.get(measure, 0))


def common(sums: Sums, locale: str) -> list[str]:
    """Every game's line: games, wins and the average place (a game's lines begin with it;
    a game that counts nothing more has only this one)."""
    place = average(n(sums, "places"), n(sums, "games"), locale)
    return [t("stats.games", locale, count=n(sums, "games"), wins=n(sums, "wins"), place=place)]
