"""Refused joker actions: each an IllegalAction with its own message, the state unchanged."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.engine import Action, IllegalAction
from tests.helpers.verflixte6 import GAME, Table


def refused(table: Table, player: str, verb: str, **args: Any) -> str:
    """The refusal's key; asserts that nothing changed (state and dice)."""
    before, dice_left = copy.deepcopy(table.state), table.rng.remaining
    with pytest.raises(IllegalAction) as caught:
        table.do(player, verb, **args)
    assert table.state == before
    assert table.rng.remaining == dice_left
    return caught.value.key


@pytest.mark.parametrize(
    ("jokers", "key"),
    [
        (["schummelwuerfel"], "v6.joker_unknown"),
        (["fumo", "pony", "cherry", "monokel"], "v6.too_many_jokers"),
        (["fumo", "fumo"], "v6.joker_twice"),
        ("fumo", "v6.jokers_malformed"),
    ],
)
def test_bad_joker_choices(jokers: Any, key: str) -> None:
    table = Table(["Anna", "Ben"], [3])
    assert refused(table, "Anna", "jokers", jokers=jokers) == key


def test_a_joker_reused_this_abend_is_refused() -> None:
    table = Table(["Anna", "Ben"], [3, 4, 5, 2], durchgaenge=2)
    table.start("Anna", "monokel")
    table.do("Anna", "stopp")
    table.turn("Ben", "stopp")
    table.turn("Ben", "stopp")
    assert refused(table, "Anna", "jokers", jokers=["monokel"]) == "v6.joker_used"


def test_a_joker_not_chosen_for_this_turn_is_refused() -> None:
    table = Table(["Anna", "Ben"], [3])
    table.start("Anna", "fumo")
    assert refused(table, "Anna", "weiter", joker="pony") == "v6.joker_not_available"


def test_an_announced_joker_cannot_be_announced_again() -> None:
    table = Table(["Anna", "Ben"], [3, 2, 2, 2])
    table.start("Anna", "pony")
    table.joker("Anna", "pony")
    assert refused(table, "Anna", "weiter", joker="pony") == "v6.joker_not_available"


def test_two_jokers_in_one_step_are_refused() -> None:
    table = Table(["Anna", "Ben"], [3])
    table.start("Anna", "fumo", "pony")
    assert refused(table, "Anna", "weiter", joker=["fumo", "pony"]) == "v6.one_joker_per_step"


def test_ventil_with_another_joker_is_refused() -> None:
    table = Table(["Anna", "Ben"], [3])
    table.start("Anna", "ventil", "pony")
    assert refused(table, "Anna", "weiter", joker=["ventil", "pony"]) == "v6.ventil_alone"


def test_auto_jokers_are_not_announced() -> None:
    table = Table(["Anna", "Ben"], [3])
    table.start("Anna", "toertchen", "runkelrueb")
    assert refused(table, "Anna", "weiter", joker="toertchen") == "v6.joker_auto"
    assert refused(table, "Anna", "weiter", joker="runkelrueb") == "v6.joker_auto"


def test_stealing_from_a_zombie_or_oneself_is_refused() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 6, 2, 1])
    table.turn("Anna", "weiter")  # Zombie
    table.turn("Ben", "weiter")
    assert refused(table, "Ben", "steal", victim="Anna") == "v6.victim_not_eligible"
    assert refused(table, "Ben", "steal", victim="Ben") == "v6.victim_not_eligible"


def test_sekante_on_a_zombie_oneself_or_without_target_is_refused() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 6, 2])
    table.turn("Anna", "weiter")  # Zombie
    table.start("Ben", "sekante")
    assert refused(table, "Ben", "weiter", joker="sekante", target="Anna") == "v6.sekante_target"
    assert refused(table, "Ben", "weiter", joker="sekante", target="Ben") == "v6.sekante_target"
    assert refused(table, "Ben", "weiter", joker="sekante") == "v6.sekante_needs_target"
    assert refused(table, "Ben", "weiter", target="Cem") == "v6.target_without_sekante"


def test_a_decision_needs_a_yes_or_no() -> None:
    table = Table(["Anna", "Ben"], [3, 4])
    table.start("Anna", "anaconda")
    table.joker("Anna", "anaconda")
    assert refused(table, "Anna", "anaconda", fight="vielleicht") == "v6.decision_needed"
    assert refused(table, "Anna", "weiter") == "v6.phase.anaconda"
    assert refused(table, "Anna", "monokel", keep=True) == "v6.phase.anaconda"


def test_out_of_turn_decisions_are_refused() -> None:
    table = Table(["Anna", "Ben"], [3, 4])
    table.start("Anna", "anaconda")
    table.joker("Anna", "anaconda")
    assert refused(table, "Ben", "anaconda", fight=True) == "game.not_your_turn"


# --- Freie Jokerwahl ---------------------------------------------------------------


def finale_in_durchgang_2(*later_dice: int) -> Table:
    """D1: Anna 3, Ben 4. Durchgang 2 starts with Ben (2, stopp); then it is Anna's turn."""
    table = Table(["Anna", "Ben"], [3, 4, 2, *later_dice], durchgaenge=4, finale=True)
    table.start("Anna", "monokel", "fumo", "pony")
    table.do("Anna", "stopp")
    table.turn("Ben", "stopp")
    table.turn("Ben", "stopp")
    return table


def test_freie_jokerwahl_picks_used_jokers_again_in_the_finale() -> None:
    table = finale_in_durchgang_2(5)
    table.do("Anna", "jokers", jokers=["monokel", "fumo", "hirtenschutz"], free=True)
    assert table.v6.turn is not None and table.v6.turn.chosen == ["monokel", "fumo", "hirtenschutz"]
    assert table.seat("Anna").free_used


def test_freie_jokerwahl_only_once() -> None:
    # D2: Anna 5 -> table Anna 10 (8 eyes), Ben 10 (6); D3 Anna 2, Ben 3; D4 Ben first.
    table = finale_in_durchgang_2(5, 2, 3, 1)
    table.do("Anna", "jokers", jokers=["monokel"], free=True)
    table.do("Anna", "stopp")
    table.turn("Anna", "stopp")
    table.turn("Ben", "stopp")
    table.turn("Ben", "stopp")
    assert (table.v6.durchgang, table.to_act) == (4, "Anna")
    assert refused(table, "Anna", "jokers", jokers=["cherry"], free=True) == "v6.free_not_allowed"


def test_freie_jokerwahl_not_in_durchgang_1_nor_outside_a_finale() -> None:
    finale = Table(["Anna", "Ben"], [3], durchgaenge=4, finale=True)
    assert refused(finale, "Anna", "jokers", jokers=["fumo"], free=True) == "v6.free_not_allowed"
    evening = Table(["Anna", "Ben"], [3, 4, 2], durchgaenge=3)
    evening.turn("Anna", "stopp")
    evening.turn("Ben", "stopp")
    assert refused(evening, "Ben", "jokers", jokers=["fumo"], free=True) == "v6.free_not_allowed"


def test_legal_actions_offer_only_chosen_unused_jokers_and_valid_targets() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, 6, 4, 2, 2, 2])
    table.turn("Anna", "weiter")  # Zombie
    table.start("Ben", "pony", "sekante", "toertchen")
    offered = GAME.legal_actions(table.state, 1)
    assert offered == [
        Action("weiter"),
        Action("stopp"),
        Action("weiter", {"joker": "pony"}),
        Action("weiter", {"joker": "sekante", "target": "Cem"}),
    ]
    table.joker("Ben", "pony")
    assert Action("weiter", {"joker": "pony"}) not in GAME.legal_actions(table.state, 1)
