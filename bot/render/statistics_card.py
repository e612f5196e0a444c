"""``/statistik``'s card: a player's games, wins and average place per game, each game's
own measures (bot.history.measures) and his tournaments, as the reader writes numbers
(averages with one decimal). Only sums are read; averages are divided out here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import t
from bot.render.cards import Card
from bot.render.lobby_card import mention
from bot.render.sums import Lines, Sums, n
from bot.tournament.game import TournamentGame


def tournaments(sums: Sums, locale: str) -> list[str]:
    lines = [t("stats.tour.played", locale, count=n(sums, "games"), wins=n(sums, "wins"))]
    if finale := n(sums, "finale"):
        places = sorted(int(m.split(".")[1]) for m in sums if m.startswith("finale."))
        finales = ", ".join(
            t("stats.tour.place", locale, place=p, count=n(sums, f"finale.{p}")) for p in places
        )
        lines.append(t("stats.tour.finale", locale, count=finale, places=finales))
    return lines


def game_title(kind: str, locale: str) -> str:
    key = "stats.tour.title" if kind == TournamentGame.kind else f"game.name.{kind}"
    return t(key, locale)


Measures = Mapping[str, Sums]
"""A player's sums per game, as the history reads them (``bot.history.player_statistics``)."""


def statistics_card(
    player: str, found: Measures, locale: str, games: Sequence[tuple[str, Lines]]
) -> Card:
    """``player``'s card (he has games in ``found``): one field per game he played, in the
    order of ``games`` (each game's kind and its lines), his tournaments last."""
    shown = [*games, (TournamentGame.kind, tournaments)]
    fields = [
        (game_title(kind, locale), "\n".join(lines(found[kind], locale)))
        for kind, lines in shown
        if kind in found
    ]
    return Card(
        title=t("stats.title", locale),
        description=t("stats.whose", locale, player=mention(player)),
        fields=fields,
    )
