"""Auf Teufel komm raus's lines of ``/statistik``: its sums (its ``measures``) in words,
averages with one decimal the reader's way."""

from __future__ import annotations

from bot.i18n import t
from bot.render.sums import Sums, average, common, n


def lines(sums: Sums, locale: str) -> list[str]:
    said = common(sums, locale)
    if bets := n(sums, "bets"):
        bet = average(n(sums, "bet_sum"), bets, locale)
        said.append(t("stats.teufel.bet", locale, count=bets, average=bet))
    return [*said, t("stats.teufel.devils", locale, count=n(sums, "devils"))]
