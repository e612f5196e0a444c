"""Flaschenteufel's lines of ``/statistik``: its sums (its ``measures``) in words, averages with
one decimal the reader's way."""

from __future__ import annotations

from bot.i18n import t
from bot.render.sums import Sums, average, common, n


def lines(sums: Sums, locale: str) -> list[str]:
    said = common(sums, locale)
    if hands := n(sums, "hands"):
        tricks, points = n(sums, "tricks"), n(sums, "points")
        said += [
            t("stats.ft.tricks", locale, count=tricks, average=average(tricks, hands, locale)),
            t("stats.ft.points", locale, count=points, average=average(points, hands, locale)),
            t("stats.ft.bottle", locale, bottle=n(sums, "bottle"), count=hands),
        ]
    return said
