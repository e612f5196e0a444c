"""A jokerless turn of Die verflixte 6: Freiwurf, weiter, stopp, bust on 6."""

from __future__ import annotations

import copy

import pytest

from bot.engine import Action, FixedRng, IllegalAction
from bot.games.verflixte6.state import AM_ZUG, JUNGFRAU, PRINZESSIN, ZOMBIE
from tests.helpers.verflixte6 import GAME, Table


def test_worked_example_freiwurf_3_weiter_2_gives_5() -> None:
    table = Table(["Anna", "Ben"], [3, 2])
    table.turn("Anna", "weiter")
    assert table.eyes("Anna") == 5


def test_freiwurf_six_counts_six_and_does_not_bust() -> None:
    table = Table(["Anna", "Ben"], [6])
    table.do("Anna", "jokers", jokers=[])
    assert table.eyes("Anna") == 6
    assert table.role("Anna") == AM_ZUG
    assert table.v6.turn is not None and table.v6.turn.phase == "step"


def test_freiwurf_one_steals_nothing() -> None:
    table = Table(["Anna", "Ben"], [1])
    table.do("Anna", "jokers", jokers=[])
    assert table.eyes("Anna") == 1
    assert table.v6.turn is not None and table.v6.turn.phase == "step"
    assert table.of_type("robbery") == []


def test_a_six_busts_to_zero_and_makes_a_zombie() -> None:
    table = Table(["Anna", "Ben"], [4, 5, 6])
    table.turn("Anna", "weiter", "weiter")
    assert table.eyes("Anna") == 0
    assert table.role("Anna") == ZOMBIE
    assert table.of_type("six") == [{"type": "six", "player": "Anna", "die": 6}]
    assert table.of_type("bust") == [{"type": "bust", "player": "Anna", "eyes": 0, "floor": False}]
    assert table.v6.turn is not None and table.v6.turn.seat == 1  # Ben's turn now


def test_stopp_makes_a_prinzessin_with_her_eyes() -> None:
    table = Table(["Anna", "Ben"], [4, 5])
    table.turn("Anna", "weiter", "stopp")
    assert (table.eyes("Anna"), table.role("Anna")) == (9, PRINZESSIN)
    assert table.role("Ben") == AM_ZUG


def test_players_who_have_not_played_are_jungfrau() -> None:
    table = Table(["Anna", "Ben", "Cem"], [4])
    table.do("Anna", "jokers", jokers=[])
    assert [table.role(p) for p in ("Ben", "Cem")] == [JUNGFRAU, JUNGFRAU]


def test_the_freiwurf_comes_right_after_the_joker_choice() -> None:
    table = Table(["Anna", "Ben"], [2])
    events = table.do("Anna", "jokers", jokers=[])
    assert [e.type for e in events] == ["jokers", "freiwurf"]


def test_weiter_before_the_joker_choice_is_refused() -> None:
    table = Table(["Anna", "Ben"], [2])
    with pytest.raises(IllegalAction) as refused:
        table.do("Anna", "weiter")
    assert refused.value.key == "v6.phase.jokers"


def test_out_of_turn_action_is_refused_and_changes_nothing() -> None:
    table = Table(["Anna", "Ben"], [3, 2])
    table.do("Anna", "jokers", jokers=[])
    before = copy.deepcopy(table.state)
    with pytest.raises(IllegalAction) as refused:
        table.do("Ben", "weiter")
    assert refused.value.key == "game.not_your_turn"
    assert refused.value.params == {"player": "Anna", "count": 1}
    assert table.state == before
    assert table.rng.remaining == 1


def test_unknown_action_is_refused() -> None:
    table = Table(["Anna", "Ben"], [3])
    table.do("Anna", "jokers", jokers=[])
    with pytest.raises(IllegalAction) as refused:
        table.do("Anna", "würfeln")
    assert refused.value.key == "game.unknown_action"


def test_apply_refusal_leaves_the_given_state_untouched() -> None:
    rng = FixedRng([3])
    state, _ = GAME.setup(["Anna", "Ben"], {}, rng)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("jokers", {"jokers": ["nonsense"]}), rng)
    assert state == before


@pytest.mark.parametrize("count", [1, 7])
def test_player_count_is_two_to_six(count: int) -> None:
    with pytest.raises(IllegalAction):
        GAME.setup([f"P{i}" for i in range(count)], {}, FixedRng([]))


def test_legal_actions_follow_the_phase() -> None:
    table = Table(["Anna", "Ben"], [3, 1])
    choices = GAME.legal_actions(table.state, 0)
    assert choices[0] == Action("jokers", {"jokers": []})
    assert len(choices) == 1 + 15  # no joker, or any one of the fifteen
    assert GAME.legal_actions(table.state, 1) == []
    table.do("Anna", "jokers", jokers=[])
    assert [a.do for a in GAME.legal_actions(table.state, 0)] == ["weiter", "stopp"]
    table.do("Anna", "weiter")
    assert GAME.legal_actions(table.state, 0) == [Action("steal", {"victim": "Ben"})]


def test_snapshot_round_trip_is_exact() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 1, 2])
    table.turn("Anna", "weiter")
    table.do("Anna", "steal", victim="Cem")
    assert GAME.load(GAME.dump(table.state)) == table.state
