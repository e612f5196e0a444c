"""Die räuberische 1 and the Keuler."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.verflixte6.state import PRINZESSIN, ZOMBIE
from tests.helpers.verflixte6 import Table


def test_a_normal_one_asks_the_robber_for_a_victim_and_transfers() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 1])
    table.turn("Anna", "weiter")
    assert table.of_type("robbery") == [
        {"type": "robbery", "player": "Anna", "amount": 1, "victims": ["Ben", "Cem"]}
    ]
    table.do("Anna", "steal", victim="Cem")
    assert (table.eyes("Anna"), table.eyes("Cem"), table.eyes("Ben")) == (5, -1, 0)


def test_robbery_amounts_escalate_to_five_worked_example() -> None:
    """Second robbery 1 of a turn steals 2; the twelfth steals 5."""
    table = Table(["Anna", "Ben"], [2] + [1] * 12)
    table.do("Anna", "jokers", jokers=[])
    stolen = []
    for _ in range(12):
        table.do("Anna", "weiter")
        stolen.append(table.do("Anna", "steal", victim="Ben")[0].data["amount"])
    assert stolen[1] == 2
    assert stolen[11] == 5
    assert stolen == [1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5]
    assert table.eyes("Ben") == -sum(stolen)
    assert table.eyes("Anna") == 2 + 12 + sum(stolen)


def test_the_count_restarts_with_each_turn() -> None:
    table = Table(["Anna", "Ben"], [2, 1, 1, 3, 1])
    table.turn("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")
    table.do("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")  # 2nd robbery one: 2
    table.do("Anna", "stopp")
    table.turn("Ben", "weiter")  # Freiwurf 3, then Ben's first robbery one
    table.do("Ben", "steal", victim="Anna")
    assert table.of_type("steal")[-1]["amount"] == 1


def test_zombies_cannot_be_robbed() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 6, 4, 1])
    table.turn("Anna", "weiter")  # Anna busts: Zombie
    table.turn("Ben", "weiter")
    assert table.of_type("robbery")[-1]["victims"] == ["Cem"]
    with pytest.raises(IllegalAction) as refused:
        table.do("Ben", "steal", victim="Anna")
    assert refused.value.key == "v6.victim_not_eligible"
    assert table.eyes("Anna") == 0


def test_nobody_eligible_means_nothing_is_stolen() -> None:
    table = Table(["Anna", "Ben"], [3, 6, 2, 1])
    table.turn("Anna", "weiter")  # Zombie
    table.turn("Ben", "weiter")
    assert table.of_type("robbery_none") == [{"type": "robbery_none", "player": "Ben", "amount": 1}]
    assert table.v6.turn is not None and table.v6.turn.phase == "step"
    assert table.eyes("Ben") == 3


def test_the_robber_must_choose_even_a_single_victim() -> None:
    table = Table(["Anna", "Ben"], [3, 1, 4])
    table.turn("Anna", "weiter")
    with pytest.raises(IllegalAction) as refused:
        table.do("Anna", "weiter")
    assert refused.value.key == "v6.phase.steal"


def test_steal_without_a_pending_robbery_is_refused() -> None:
    table = Table(["Anna", "Ben"], [3])
    table.do("Anna", "jokers", jokers=[])
    with pytest.raises(IllegalAction) as refused:
        table.do("Anna", "steal", victim="Ben")
    assert refused.value.key == "v6.phase.step"


def test_one_cannot_rob_oneself() -> None:
    table = Table(["Anna", "Ben"], [3, 1])
    table.turn("Anna", "weiter")
    with pytest.raises(IllegalAction):
        table.do("Anna", "steal", victim="Anna")


def test_a_jungfrau_may_start_her_turn_below_zero() -> None:
    table = Table(["Anna", "Ben"], [2, 1, 1, 4])
    table.turn("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")
    table.do("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")
    table.do("Anna", "stopp")
    assert table.eyes("Ben") == -3
    table.do("Ben", "jokers", jokers=[])
    assert table.eyes("Ben") == 1  # -3 + Freiwurf 4


def test_keuler_gets_five_when_a_prinzessin_falls_to_zero() -> None:
    # Anna stops at 2; Ben robs her twice (1, then 2): 2 -> 1 -> -1.
    table = Table(["Anna", "Ben"], [2, 4, 1, 1])
    table.turn("Anna", "stopp")
    table.turn("Ben", "weiter")
    table.do("Ben", "steal", victim="Anna")
    assert table.of_type("keuler") == []
    table.do("Ben", "weiter")
    table.do("Ben", "steal", victim="Anna")
    assert table.eyes("Anna") == -1
    assert table.of_type("keuler") == [
        {
            "type": "keuler",
            "player": "Ben",
            "victim": "Anna",
            "bonus": 5,
            "eyes": 4 + 1 + 1 + 1 + 2 + 5,
        }
    ]
    assert table.role("Anna") == PRINZESSIN  # still robbable until the Durchgang ends
    table.do("Ben", "stopp")
    assert (table.eyes("Anna"), table.role("Anna")) == (0, ZOMBIE)


def test_keuler_bonus_is_paid_once_per_victim() -> None:
    table = Table(["Anna", "Ben"], [1, 4, 1, 1])
    table.turn("Anna", "stopp")
    table.turn("Ben", "weiter")
    table.do("Ben", "steal", victim="Anna")  # 1 -> 0: Keuler
    table.do("Ben", "weiter")
    table.do("Ben", "steal", victim="Anna")  # 0 -> -2: no second bonus
    assert len(table.of_type("keuler")) == 1


def test_robbing_a_jungfrau_below_zero_is_no_keuler() -> None:
    table = Table(["Anna", "Ben"], [3, 1])
    table.turn("Anna", "weiter")
    table.do("Anna", "steal", victim="Ben")
    assert table.eyes("Ben") == -1
    assert table.of_type("keuler") == []
