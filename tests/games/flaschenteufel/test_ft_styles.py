"""Flaschenteufel's opponent styles (the bench's pool, not offered at tables): legal
decisions through the engine at every table, decisions from the seat's view alone, each
its own habit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.computer_players import styles
from bot.engine import Action
from bot.games.flaschenteufel.players.styles import STYLES
from tests.games.flaschenteufel.test_ft_players import GAME, seeded_games, with_foreign_secrets

NAMES = sorted(STYLES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {}), (2, {"variant": "lopaka"}), (2, {"variant": "glitterhuis"})],
)
def test_every_decision_of_a_style_is_accepted(
    name: str, players: int, options: dict[str, str]
) -> None:
    table = [f"style:{name}"] * (players - 1) + ["leicht"]
    verbs: set[str] = set()
    for state, seat, _, action in seeded_games(table, 2, options):
        if action.do != "pass" or state.variant != "standard":
            assert action in GAME.legal_actions(state, seat)
        verbs.add(action.do)
    assert "play" in verbs and "pass" in verbs


@pytest.mark.parametrize("name", NAMES)
def test_another_seats_secrets_change_no_decision_of_a_style(name: str) -> None:
    count = 0
    for players in (3, 4):
        for state, seat, view, _ in seeded_games([f"style:{name}"] * players, 1):
            tainted = with_foreign_secrets(state, view, seat)
            clean = STYLES[name](seat).decide(view, seat)
            assert STYLES[name](seat).decide(tainted, seat) == clean
            count += 1
    assert count >= 70


def test_the_styles_are_a_pool_of_different_habits() -> None:
    """At least five styles, found by the registry, named as the bench names them, and no
    two play alike."""
    assert styles("flaschenteufel") is STYLES
    assert len(STYLES) >= 5
    plays: dict[str, list[Action]] = {}
    views = [(s, v) for _, s, v, a in seeded_games(["leicht"] * 3, 2) if a.do == "play"]
    for name, make in STYLES.items():
        style = make(0)
        assert (style.game, style.level) == ("flaschenteufel", f"style:{name}")
        plays[name] = [style.decide(view, seat) for seat, view in views]
    assert len({tuple(map(repr, p)) for p in plays.values()}) == len(STYLES)


def trick_view(led: int, hand: list[int]) -> dict[str, Any]:
    """Seat 1's view at a price of 19 with ``led`` on the table and ``hand`` all legal."""
    return {
        "viewer": 1,
        "variant": "standard",
        "phase": "play",
        "price": 19,
        "owner": None,
        "trick": [{"player": "a", "card": led}],
        "to_act": ["b"],
        "devil_count": 3,
        "legal": {"play": hand, "discard": [], "pass": [], "open": []},
        "seats": [
            {"player": p, "cards": hand if i == 1 else None, "count": 3, "tricks": 0} | {"total": 0}
            for i, p in enumerate("abc")
        ],
    }


@pytest.mark.parametrize(
    ("led", "hand", "expected"),
    [
        # the 12 buys the bottle unless a card between it and 19 comes: 15 does, 22 ducks
        (12, [3, 15, 22], {"flasche": 15, "ducken": 22, "hoch": 22, "tief": 3, "nachmacher": 15}),
        # the 25 takes the trick: the 3 would buy the bottle, 28 take it, 22 stays under it
        (25, [3, 22, 28], {"flasche": 3, "ducken": 22, "hoch": 28, "tief": 3, "nachmacher": 22}),
    ],
)
def test_each_style_plays_its_habit(led: int, hand: list[int], expected: dict[str, int]) -> None:
    view = trick_view(led, hand)
    chosen = {name: STYLES[name](0).decide(view, 1).args["card"] for name in expected}
    assert chosen == expected
