"""Dice Devils's lines of ``/statistik``: its sums (its ``measures``) in words, averages with
one decimal the reader's way."""

from __future__ import annotations

from bot.i18n import t
from bot.render.sums import Sums, average, common, n


def lines(sums: Sums, locale: str) -> list[str]:
    games, items = n(sums, "games"), n(sums, "items")
    return [
        *common(sums, locale),
        t("stats.dd.items", locale, count=items, average=average(items, games, locale)),
        t("stats.dd.fights", locale, won=n(sums, "fights_won"), count=n(sums, "fights")),
        t("stats.dd.points", locale, average=average(n(sums, "points"), games, locale)),
    ]
