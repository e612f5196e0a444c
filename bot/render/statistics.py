"""``/statistik``'s card: a player's games, wins and average place per game, each game's
own measures (bot.history.measures) and his tournaments, as the reader writes numbers
(averages with one decimal). Only sums are read; averages are divided out here."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import decimal, t
from bot.render.cards import Card
from bot.render.lobby import mention
from bot.tournament.game import TournamentGame

Sums = Mapping[str, float]
Measures = Mapping[str, Sums]
"""A player's sums per game, as the history reads them (``bot.history.statistics``)."""
GAME_ORDER = ("verflixte6", "teufel", "flaschenteufel", "dicedevils", TournamentGame.kind)


def average(total: float, count: float, locale: str) -> str:
    return decimal(total / count, locale)


def signed_average(total: float, count: float, locale: str) -> str:
    """An average change, with its sign: +3,5; −2,0; ±0,0."""
    value = round(total / count, 1)
    sign = "±" if value == 0 else "+" if value > 0 else ""
    return sign + decimal(value, locale)


def n(sums: Sums, measure: str) -> int:
    return int(sums.get(measure, 0))


def common(sums: Sums, locale: str) -> list[str]:
    place = average(n(sums, "places"), n(sums, "games"), locale)
    return [t("stats.games", locale, count=n(sums, "games"), wins=n(sums, "wins"), place=place)]


def verflixte6(sums: Sums, locale: str) -> list[str]:
    lines = common(sums, locale)
    if durchgaenge := n(sums, "durchgaenge"):
        eyes = average(n(sums, "eyes"), durchgaenge, locale)
        lines.append(t("stats.v6.eyes", locale, count=durchgaenge, average=eyes))
    if turns := n(sums, "turns"):
        percent = average(100 * n(sums, "sixes"), turns, locale)
        lines.append(
            t("stats.v6.sixes", locale, sixes=n(sums, "sixes"), count=turns, percent=percent)
        )
    if stechen := n(sums, "stechen"):
        lines.append(t("stats.v6.stechen", locale, won=n(sums, "stechen_won"), count=stechen))
    chosen = sorted(
        (j for j in JOKER_IDS if n(sums, f"joker.{j}")),
        key=lambda j: (-n(sums, f"joker.{j}"), JOKER_IDS.index(j)),
    )
    if chosen:
        lines.append(t("stats.v6.jokers", locale))
    for joker in chosen:
        count = n(sums, f"joker.{joker}")
        paid = signed_average(n(sums, f"joker.{joker}.eyes"), count, locale)
        name = t(f"v6.joker.{joker}", locale)
        lines.append("- " + t("stats.v6.joker", locale, joker=name, count=count, average=paid))
    return lines


def teufel(sums: Sums, locale: str) -> list[str]:
    lines = common(sums, locale)
    if bets := n(sums, "bets"):
        bet = average(n(sums, "bet_sum"), bets, locale)
        lines.append(t("stats.teufel.bet", locale, count=bets, average=bet))
    return [*lines, t("stats.teufel.devils", locale, count=n(sums, "devils"))]


def flaschenteufel(sums: Sums, locale: str) -> list[str]:
    lines = common(sums, locale)
    if hands := n(sums, "hands"):
        tricks, points = n(sums, "tricks"), n(sums, "points")
        lines += [
            t("stats.ft.tricks", locale, count=tricks, average=average(tricks, hands, locale)),
            t("stats.ft.points", locale, count=points, average=average(points, hands, locale)),
            t("stats.ft.bottle", locale, bottle=n(sums, "bottle"), count=hands),
        ]
    return lines


def dicedevils(sums: Sums, locale: str) -> list[str]:
    games, items = n(sums, "games"), n(sums, "items")
    return [
        *common(sums, locale),
        t("stats.dd.items", locale, count=items, average=average(items, games, locale)),
        t("stats.dd.fights", locale, won=n(sums, "fights_won"), count=n(sums, "fights")),
        t("stats.dd.points", locale, average=average(n(sums, "points"), games, locale)),
    ]


def tournaments(sums: Sums, locale: str) -> list[str]:
    lines = [t("stats.tour.played", locale, count=n(sums, "games"), wins=n(sums, "wins"))]
    if finale := n(sums, "finale"):
        places = sorted(int(m.split(".")[1]) for m in sums if m.startswith("finale."))
        finales = ", ".join(
            t("stats.tour.place", locale, place=p, count=n(sums, f"finale.{p}")) for p in places
        )
        lines.append(t("stats.tour.finale", locale, count=finale, places=finales))
    return lines


LINES: dict[str, Callable[[Sums, str], list[str]]] = {
    "verflixte6": verflixte6,
    "teufel": teufel,
    "flaschenteufel": flaschenteufel,
    "dicedevils": dicedevils,
    TournamentGame.kind: tournaments,
}


def game_title(kind: str, locale: str) -> str:
    key = "stats.tour.title" if kind == TournamentGame.kind else f"game.name.{kind}"
    return t(key, locale)


def statistics_card(player: str, found: Measures, locale: str) -> Card:
    """``player``'s card (he has games in ``found``): one field per game, in a fixed order."""
    fields = [
        (game_title(kind, locale), "\n".join(LINES[kind](found[kind], locale)))
        for kind in GAME_ORDER
        if kind in found
    ]
    return Card(
        title=t("stats.title", locale),
        description=t("stats.whose", locale, player=mention(player)),
        fields=fields,
    )
