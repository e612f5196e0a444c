"""Die verflixte 6's lines of ``/statistik``: its sums (its ``measures``) in words, averages with
one decimal the reader's way."""

from __future__ import annotations

from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import t
from bot.render.sums import Sums, average, common, n, signed_average


def lines(sums: Sums, locale: str) -> list[str]:
    said = common(sums, locale)
    if durchgaenge := n(sums, "durchgaenge"):
        eyes = average(n(sums, "eyes"), durchgaenge, locale)
        said.append(t("stats.v6.eyes", locale, count=durchgaenge, average=eyes))
    if turns := n(sums, "turns"):
        percent = average(100 * n(sums, "sixes"), turns, locale)
        said.append(
            t("stats.v6.sixes", locale, sixes=n(sums, "sixes"), count=turns, percent=percent)
        )
    if stechen := n(sums, "stechen"):
        said.append(t("stats.v6.stechen", locale, won=n(sums, "stechen_won"), count=stechen))
    chosen = sorted(
        (j for j in JOKER_IDS if n(sums, f"joker.{j}")),
        key=lambda j: (-n(sums, f"joker.{j}"), JOKER_IDS.index(j)),
    )
    if chosen:
        said.append(t("stats.v6.jokers", locale))
    for joker in chosen:
        count = n(sums, f"joker.{joker}")
        paid = signed_average(n(sums, f"joker.{joker}.eyes"), count, locale)
        name = t(f"v6.joker.{joker}", locale)
        said.append("- " + t("stats.v6.joker", locale, joker=name, count=count, average=paid))
    return said
