"""Dice Devils: the rules' worked checks, each ability, ties, the end and scoring."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.engine import Action, FixedRng, IllegalAction, step
from bot.games.dicedevils import DiceDevils
from bot.games.dicedevils.rules import points, score
from bot.games.dicedevils.state import DDState

GAME = DiceDevils()


class Table:
    def __init__(
        self, ranks: dict[str, str], items: list[str], dice: list[int], **options: Any
    ) -> None:
        self.rng = FixedRng(dice, picks=items)
        self.state: DDState
        self.state, self.events = GAME.setup(list(ranks), {"ranks": ranks, **options}, self.rng)

    def do(self, player: str, verb: str, **args: Any) -> None:
        seat = self.state.seat_of(player)
        assert seat is not None
        self.state, events = step(GAME, self.state, seat, Action(verb, args), self.rng)
        self.events += events

    def demon(self, player: str) -> Any:
        seat = self.state.seat_of(player)
        assert seat is not None
        return self.state.demons[seat]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.events if e.type == kind]


THREE = {"O": "Oberteufel", "P": "Putzteufel", "S": "Satansbraten"}


def test_worked_check_oberteufel_and_satansbraten_scores() -> None:
    table = Table(THREE, ["Schal", "Grill"], [6, 2, 5, 1, 1, 3, 4])
    state = table.state
    assert score(state, 0) == 11  # 6, 2, 5: the two highest
    assert score(state, 2) == 9  # 3 + 4 + the Oberteufel's lowest 2


def test_worked_check_three_schals_and_a_grill_score_9() -> None:
    assert points(["Schal", "Schal", "Schal", "Grill"]) == 9
    assert points(["Schal"] * 6) == 6 + 6


SPRING4 = {"A": "Oberteufel", "B": "Putzteufel", "C": "Springteufel", "D": "Satansbraten"}
ROUND2 = ["Bett", "Bett", "Bett"], [1, 1, 1, 1, 1, 1, 1, 1, 1]


def test_worked_check_springteufel_7_against_putzteufel_7_wins_without_a_reroll() -> None:
    # dice by rank: A 1,1,1  B 3,4  C 5,2  D 1,1
    table = Table(
        SPRING4, ["Teetasse", "Schal", "Grill", *ROUND2[0]], [1, 1, 1, 3, 4, 5, 2, 1, 1, *ROUND2[1]]
    )
    for player, slot in (("A", 0), ("B", 1), ("C", 1), ("D", 2)):
        table.do(player, "place", slot=slot)
    fight = next(e for e in table.events if e.type == "dice" and "C" in e.data["dice"])
    assert fight.data["scores"] == {"B": 7, "C": 7}
    assert table.of_type("reroll") == []
    assert table.of_type("take")[-1] == {"type": "take", "player": "C", "item": "Schal", "slot": 1}
    assert {t["player"] for t in table.of_type("take")} == {"A", "C", "D"}
    table.do("C", "swap_rank", skip=True)
    assert table.state.round == 2


def test_tied_leaders_reroll_and_satansbraten_uses_the_oberteufels_lowest_die() -> None:
    # O 1,1,1 (revealed: the Satansbraten fights); P 3,4 = 7; S 3,3 + 1 = 7 -> both re-roll
    table = Table(
        THREE,
        ["Bett", "Schal", "Bett", "Bett"],
        [1, 1, 1, 3, 4, 3, 3, 6, 6, 1, 1, 2, 2, 2, 2, 2, 2, 2],
    )
    for player, slot in (("O", 0), ("P", 1), ("S", 1)):
        table.do(player, "place", slot=slot)
    (ober,) = [e for e in table.events if e.type == "dice" and list(e.data["dice"]) == ["O"]]
    assert ober.data["dice"] == {"O": [1, 1, 1]}
    assert table.of_type("reroll")[0]["scores"] == {"P": 12, "S": 3}
    table.do("P", "swap_rank", **{"with": "S"})
    assert (table.demon("P").rank, table.demon("S").rank) == ("Satansbraten", "Putzteufel")


FOUR = {"O": "Oberteufel", "Sp": "Spielteufel", "F": "Fehlerteufel", "S": "Satansbraten"}


def test_spielteufel_makes_his_opponents_reroll_once() -> None:
    # O 6,6,6; Sp 2,2; F 6,5; S 1,1 -> Sp and F fight for slot 1; F re-rolls 1,1
    table = Table(
        FOUR,
        ["Bett", "Schal", "Grill", "Bett", "Bett"],
        [6, 6, 6, 2, 2, 6, 5, 1, 1, 1, 1, *[1] * 9],
    )
    for player, slot in (("O", 0), ("Sp", 1), ("F", 1), ("S", 2)):
        table.do(player, "place", slot=slot)
    assert GAME.legal_actions(table.state, 1) == [
        Action("reroll", {"force": True}),
        Action("reroll", {"force": False}),
    ]
    table.do("Sp", "reroll", force=True)
    assert table.of_type("reroll")[0]["dice"] == {"F": [1, 1]}
    assert table.of_type("take")[-1]["player"] == "Sp"


def test_fehlerteufel_steals_a_value_1_item_from_a_loser() -> None:
    # O 1,1,1; Sp 1,1; F 6,6; S 1,1 -> F and Sp fight for slot 1, F wins
    table = Table(
        FOUR, ["Bett", "Schal", "Grill", "Bett", "Bett"], [1, 1, 1, 1, 1, 6, 6, 1, 1, *[1] * 9]
    )
    table.demon("Sp").items = ["Teetasse", "Grill"]
    for player, slot in (("O", 0), ("Sp", 1), ("F", 1), ("S", 2)):
        table.do(player, "place", slot=slot)
    table.do("Sp", "reroll", force=False)
    with pytest.raises(IllegalAction) as refused:
        table.do("F", "steal", **{"from": "Sp", "item": "Grill"})  # not a value-1 item
    assert refused.value.key == "dd.bad_item"
    table.do("F", "steal", **{"from": "Sp", "item": "Teetasse"})
    assert sorted(table.demon("F").items) == ["Schal", "Teetasse"]
    with pytest.raises(IllegalAction) as swap:
        table.do("F", "swap_rank", **{"with": "O"})  # O did not fight him
    assert swap.value.key == "dd.not_a_loser"


def test_putzteufel_swaps_items_with_a_loser() -> None:
    table = Table(THREE, ["Bett", "Schal", "Bett", "Bett"], [1, 1, 1, 6, 6, 1, 1, *[1] * 7])
    table.demon("S").items = ["Grill"]
    for player, slot in (("O", 0), ("P", 1), ("S", 1)):
        table.do(player, "place", slot=slot)
    table.do("P", "swap_item", **{"with": "S", "give": "Schal", "take": "Grill"})
    assert (table.demon("P").items, table.demon("S").items) == (["Grill"], ["Schal"])


def test_placing_out_of_rank_order_or_outside_the_display_is_refused() -> None:
    table = Table(THREE, ["Bett", "Schal"], [1, 1, 1, 1, 1, 1, 1])
    before = copy.deepcopy(table.state)
    with pytest.raises(IllegalAction) as early:
        table.do("P", "place", slot=0)
    assert early.value.key == "game.not_your_turn"
    with pytest.raises(IllegalAction) as bad:
        table.do("O", "place", slot=2)
    assert bad.value.key == "dd.bad_slot"
    assert table.state == before


def test_dice_stay_secret_until_a_fight() -> None:
    table = Table(THREE, ["Bett", "Schal"], [1, 2, 3, 4, 5, 1, 2])
    public = GAME.view(table.state, None)
    assert all(d["dice"] is None for d in public["demons"])
    assert GAME.view(table.state, 1)["demons"][1]["dice"] == [4, 5]


def test_the_game_ends_at_10_items_and_the_springteufel_wins_ties() -> None:
    table = Table(SPRING4, ["Bett", "Schal", "Grill"], [1, 1, 1, 1, 2, 2, 1, 1, 1])
    table.demon("A").items = ["Bett"] * 9 + ["Grill"]
    table.demon("C").items = ["Schal"] * 9
    for player, slot in (("A", 0), ("B", 1), ("C", 2), ("D", 2)):
        table.do(player, "place", slot=slot)
    table.do("C", "swap_rank", skip=True)  # C wins slot 2 (3 vs D's 1+1+1)
    (end,) = table.of_type("game_end")
    assert GAME.is_over(table.state)
    assert end["points"]["A"] == points(["Bett"] * 10 + ["Grill"])
