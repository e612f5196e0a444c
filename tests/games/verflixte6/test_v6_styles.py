"""Die verflixte 6's pool of opponent styles: found by the registry and never offered at a
table, legal through the engine, decided from the seat's view alone, each its habit."""

from __future__ import annotations

import pytest

from bench.policies import make
from bot.computer_players import levels, offered_levels, styles
from bot.games.verflixte6.players.styles import SAFE_FROM, SAFE_JOKERS
from tests.helpers.verflixte6 import GAME, seeded_games, with_foreign_secrets

POOL = sorted(styles("verflixte6"))
NAMED = [f"style:{name}" for name in POOL]


def test_the_pool_holds_five_habits_or_more_and_no_table_offers_them() -> None:
    assert len(POOL) >= 5
    assert {"vorsichtig", "gierig", "zielaugen", "kopierer", "joker_frueh"} <= set(POOL)
    for name, factory in styles("verflixte6").items():
        made = factory(3)
        assert (made.game, made.level) == ("verflixte6", f"style:{name}")
        assert name not in levels("verflixte6") and name not in offered_levels("verflixte6")


@pytest.mark.parametrize(
    "table",
    [
        NAMED[:2],
        [*NAMED[2:5], "stark"],
        [*NAMED, "leicht"][:6],
        ["style:joker_frueh", "style:sicher", "zufall"],
    ],
)
def test_every_decision_of_a_style_is_legal(table: list[str]) -> None:
    seen: set[str] = set()
    for state, seat, _, action in seeded_games(table, 4, durchgaenge=3):
        assert action in GAME.legal_actions(state, seat) or action.do == "jokers"
        seen.add(action.do)
    assert {"jokers", "weiter", "stopp"} <= seen


@pytest.mark.parametrize("name", NAMED)
def test_another_seats_secrets_change_no_decision_of_a_style(name: str) -> None:
    count = 0
    for _, seat, view, _ in seeded_games([name, name, name], 8):
        clean = make("verflixte6", name, 0).decide(view, seat)
        assert make("verflixte6", name, 0).decide(with_foreign_secrets(view, seat), seat) == clean
        count += 1
    assert count > 30


def steps(table: list[str], games: int = 20):  # type: ignore[no-untyped-def]
    """(state, seat, action) of seat 0's steps: eyes and the best other score before it."""
    for state, seat, _, action in seeded_games(table, games):
        if seat == 0 and state.turn is not None and state.turn.phase == "step":
            yield state, action


def test_the_plain_styles_stop_where_their_habit_says() -> None:
    for style, stop_at in [("vorsichtig", 10), ("gierig", 30)]:
        for state, action in steps([f"style:{style}", "leicht"]):
            assert action.do == ("stopp" if state.seats[0].eyes >= stop_at else "weiter")
    for state, action in steps(["style:kopierer", "leicht", "leicht"]):
        best = (
            max(s.eyes for s in state.seats[1:] if s.role == "prinzessin")
            if any(s.role == "prinzessin" for s in state.seats[1:])
            else 0
        )
        wanted = best + 1 if best > 0 else 15
        assert action.do == ("stopp" if state.seats[0].eyes >= wanted else "weiter")


def test_the_early_joker_user_announces_each_joker_first() -> None:
    announced = 0
    for state, action in steps(["style:joker_frueh", "leicht"]):
        turn = state.turn
        assert turn is not None
        left = [
            j
            for j in turn.chosen
            if j not in turn.played and j not in ("toertchen", "tentakel", "runkelrueb")
        ]
        if left and action.do == "weiter":
            assert action.args.get("joker") == left[0]
            announced += 1
    assert announced > 10


def test_the_safe_style_plays_only_jokers_that_cannot_bust() -> None:
    played = 0
    for state, seat, _, action in seeded_games(["style:sicher", "leicht"], 20):
        if seat != 0:
            continue
        if action.do == "jokers":
            assert set(map(str, action.args["jokers"])) <= set(SAFE_JOKERS)  # type: ignore[arg-type]
        if action.do == "weiter" and "joker" in action.args:
            assert state.seats[0].eyes >= SAFE_FROM
            played += 1
    assert played > 5
