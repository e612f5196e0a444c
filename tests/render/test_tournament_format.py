"""The tournament's card says the format as it will be played: the Finale's own
Durchgänge, nothing about best thirds when there are none, the group size the draw
honours, and the Finale's group by its name."""

from __future__ import annotations

from typing import Any

from bot.render.tournament_cards import format_text, round_card


def tour(**changes: Any) -> dict[str, Any]:
    return {"group_size": 4, "durchgaenge": 1, "best_thirds": 0, "finale_size": 4} | changes


def test_the_finale_says_its_durchgaenge_and_no_thirds_are_left_out() -> None:
    assert format_text(tour(), "de") == (
        "Gruppen zu 4, 1 Durchgang pro Abend, ein Finale zu 4 über 4 Durchgänge"
    )
    assert format_text(tour(durchgaenge=3, best_thirds=2), "en") == (
        "groups of 4, 3 Durchgänge per evening, plus the 2 best thirds,"
        " a Finale of 4 over 4 Durchgänge"
    )
    assert "dazu der beste Dritte," in format_text(tour(best_thirds=1), "de")


def test_a_group_size_the_draw_cannot_honour_says_what_it_draws() -> None:
    text = format_text(tour(group_size=2, finale_size=2), "de")
    assert text.startswith("Gruppen zu mindestens 3 (aus jeder Gruppe kommen die besten 2 weiter)")
    assert "Gruppen zu 2" not in text


def test_the_finale_drawn_shows_its_players_not_a_group_number() -> None:
    event = {"round": 2, "finale": True, "groups": [["1", "2", "3", "4"]]}
    card = round_card(event, "Herbst Cup", "de")
    assert [name for name, _ in card.fields] == ["Im Finale"]
    first = round_card({**event, "finale": False, "groups": [["1", "2"], ["3", "4"]]}, "X", "de")
    assert [name for name, _ in first.fields] == ["Gruppe 1", "Gruppe 2"]
