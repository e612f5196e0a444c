"""``/statistik``'s card from kept sums: every game's lines, averages with one decimal the
reader's way, jokers by how often they were chosen, a tournament's titles and Finale places."""

from __future__ import annotations

from bot.plugins import PLUGINS
from bot.render.statistics_card import statistics_card
from bot.render.sums import common

GAMES = [(p.kind, p.statistics or common) for p in PLUGINS]  # as /statistik gives them

SUMS = {
    "verflixte6": {
        "games": 3, "wins": 1, "places": 5, "durchgaenge": 9, "eyes": 100, "turns": 9,
        "sixes": 2, "stechen": 2, "stechen_won": 1, "joker.fumo": 1, "joker.fumo.eyes": 7,
        "joker.anaconda": 2, "joker.anaconda.eyes": -13, "joker.pony": 1,
    },
    "turnier": {"games": 2, "wins": 1, "places": 4, "finale": 2, "finale.1": 1, "finale.3": 1},
    "teufel": {"games": 1, "wins": 0, "places": 2, "bets": 3, "bet_sum": 1250, "devils": 2},
}  # fmt: skip


def test_german_card() -> None:
    card = statistics_card("42", SUMS, "de", GAMES)
    assert card.title == "Statistik" and "<@42>" in card.description
    assert [name for name, _ in card.fields] == [
        "Die verflixte 6", "Auf Teufel komm raus", "Turniere"
    ]  # fmt: skip
    v6 = card.fields[0][1].splitlines()
    assert v6 == [
        "3 Spiele, 1 gewonnen, im Schnitt Platz 1,7",
        "11,1 Augen je Durchgang (9 Durchgänge)",
        "Von der verflixten 6 beendet: 2 von 9 Zügen (22,2\u00a0%)",
        "Stechen gewonnen: 1 von 2",
        "Joker – gewählt, Augen je Wahl:",
        "- Oces Anaconda: 2×, \u22126,5",
        "- Push your Pony: 1×, ±0,0",
        "- Fumo: 1×, +7,0",
    ]
    assert card.fields[1][1].splitlines() == [
        "1 Spiel, 0 gewonnen, im Schnitt Platz 2,0",
        "Einsatz im Schnitt: 416,7 (3 Runden)",
        "Teufel getroffen: 2",
    ]
    assert card.fields[2][1].splitlines() == [
        "2 Turniere, 1× Turniersieger",
        "Im Finale: 2× – 1× Platz 1, 1× Platz 3",
    ]


def test_english_and_french_numbers() -> None:
    many = {"teufel": {"games": 3, "wins": 3, "places": 3, "bets": 3, "bet_sum": 3700}}
    english = statistics_card("42", many, "en", GAMES).fields[0][1]
    assert "Average bet: 1,233.3 (3 rounds)" in english
    french = statistics_card("42", many, "fr", GAMES).fields[0][1]
    assert "Mise moyenne : 1\u202f233,3 (3 manches)" in french
