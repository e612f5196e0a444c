"""Dice Devils' opponent styles (the bench's pool, not offered at tables): legal
decisions through the engine at every table size, decisions from the seat's view alone,
each its own habit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.computer_players import styles
from bot.engine import Action
from bot.games.dicedevils.players.styles import STYLES
from tests.games.dicedevils.test_dd_players import GAME, seeded_games, with_foreign_secrets

NAMES = sorted(STYLES)


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_of_a_style_is_legal(name: str) -> None:
    verbs: set[str] = set()
    for players in (3, 4, 5, 6):
        table = [f"style:{name}"] * (players - 1) + ["leicht"]
        for state, seat, _, action in seeded_games(table, 1):
            assert action in GAME.legal_actions(state, seat)
            verbs.add(action.do)
    assert {"place", "swap_rank"} <= verbs


@pytest.mark.parametrize("name", NAMES)
def test_another_seats_secrets_change_no_decision_of_a_style(name: str) -> None:
    count = 0
    for players in (3, 4):
        for state, seat, view, _ in seeded_games([f"style:{name}"] * players, 2):
            tainted = with_foreign_secrets(view, state, seat)
            clean = STYLES[name](seat).decide(view, seat)
            assert STYLES[name](seat).decide(tainted, seat) == clean
            count += 1
    assert count > 50


def test_the_styles_are_a_pool_of_different_habits() -> None:
    """At least five styles, found by the registry, named as the bench names them, and no
    two place alike."""
    assert styles("dicedevils") is STYLES
    assert len(STYLES) >= 5
    views = [(s, v) for _, s, v, a in seeded_games(["leicht"] * 5, 3) if a.do == "place"]
    places: dict[str, tuple[str, ...]] = {}
    for name, make in STYLES.items():
        style = make(0)
        assert (style.game, style.level) == ("dicedevils", f"style:{name}")
        places[name] = tuple(repr(style.decide(view, seat)) for seat, view in views)
    assert len(set(places.values())) == len(STYLES)


def test_each_style_places_by_its_habit() -> None:
    """Seat 2 (Satansbraten, holding a Schal) places last; the Oberteufel (ahead on points)
    is at the Grill, the Putzteufel at the Grill too."""
    demon: dict[str, Any] = {"dice": None, "slot": None, "items": [], "points": 0}
    view = {
        "game": "dicedevils",
        "viewer": 2,
        "round": 2,
        "phase": "place",
        "display": ["Bett", "Grill", "Schal"],
        "taken": [],
        "pile": 40,
        "demons": [
            demon
            | {"player": "a", "rank": "Oberteufel", "slot": 1, "items": ["Peperoni"]}
            | {"points": 2},
            demon | {"player": "b", "rank": "Putzteufel", "slot": 1},
            demon
            | {"player": "c", "rank": "Satansbraten", "dice": [1, 2], "items": ["Schal"]}
            | {"points": 1},
            demon | {"player": "d", "rank": "Fehlerteufel", "slot": 0},
        ],
        "to_act": ["c"],
        "pending": None,
        "legal": [{"do": "place", "slot": c} for c in range(3)],
    }
    chosen = {name: make(0).decide(view, 2) for name, make in STYLES.items()}
    expected = {
        "gross": 1,  # the Grill: 3 points
        "vorsichtig": 2,  # nobody at the Schal
        "nachmacher": 1,  # the Oberteufel leads on points
        "alles": 1,  # two demons at the Grill
        "sammler": 2,  # it holds a Schal
        "bescheiden": 0,  # a Bett: 1 point, and the first of equals
        "wuerfel": 0,  # 3 + 2 is a low roll: the cheapest
    }
    assert chosen == {name: Action("place", {"slot": slot}) for name, slot in expected.items()}
