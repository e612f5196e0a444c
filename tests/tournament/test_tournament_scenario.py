"""Whole tournaments as scenarios (`croupier scenario`, shared/rules/scenarios.md
"tournament"): fixed draws checked against the bot's split, every group's Abend a
verflixte6 scenario, the decisive and best-thirds Stechen from ``chance.dice``.

Every expected result is worked out by hand from verflixte6.md: the Abende here are mostly
"everybody says stopp after the Freiwurf", so a player's eyes in a Durchgang are his
Freiwurf, and the places score 6/4/2/0 (dense ranks on eyes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: Any) -> tuple[int, Any, str]:
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(scenario), "utf-8")
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def turns(*orders: list[str]) -> list[dict[str, Any]]:
    """Every player says stopp right after his Freiwurf, Durchgang by Durchgang."""
    return [
        {"player": p, "do": do, **({"jokers": []} if do == "jokers" else {})}
        for order in orders
        for p in order
        for do in ("jokers", "stopp")
    ]


def one_durchgang(group: list[str]) -> dict[str, Any]:
    """A one-Durchgang Abend: seat i rolls 6 - i, so seats 1 and 2 go through."""
    return {"dice": [6 - i for i in range(len(group))], "actions": turns(group)}


def finale(seats: list[str]) -> dict[str, Any]:
    """A Finale where seat i rolls 6 - i in every Durchgang: the Durchgang orders are 1st as
    seated, 2nd reversed, 3rd and 4th by the table (seat order, no ties, no Herzog); seat 1
    wins every Durchgang (24 points, 24 eyes)."""
    faces = [6 - i for i in range(len(seats))]
    dice = faces + faces[::-1] + faces + faces
    return {"dice": dice, "actions": turns(seats, seats[::-1], seats, seats)}


def tournament(players: list[str], rounds: list[Any], dice: list[int], **options: int) -> Any:
    return {
        "game": "tournament",
        "players": players,
        "options": options,
        "chance": {"dice": dice},
        "rounds": rounds,
    }


def group_table(out: Any, round_number: int, group: int) -> Any:
    return next(
        e
        for e in out["events"]
        if e["type"] == "group_table" and (e["round"], e["group"]) == (round_number, group)
    )


EIGHT = list("ABCDEFGH")
# Group 2 of round 1 in the tie tests: E 12/12, F 8/10, G 4/8, H 0/6 (two Durchgänge,
# Freiwürfe 6,5,4,3 then, reversed order H,G,F,E, 3,4,5,6): no tie anywhere.
PLAIN_GROUP_2 = {"dice": [6, 5, 4, 3, 3, 4, 5, 6], "actions": turns(list("EFGH"), list("HGFE"))}


def test_a_tie_across_the_second_third_cut_rolls_the_decisive_stechen(
    tmp_path: Path, capsys: Any
) -> None:
    # Group 1, two Durchgänge. D1 (A,B,C,D): 6,5,4,3 -> 6,4,2,0 points. D2 (D,C,B,A):
    # 1,5,4,6 -> D 0, C 4, B 2, A 6. Table: A 12/12, B 6/9, C 6/9, D 0/4: B and C level
    # across the cut after place 2. Stechen in seat order from chance.dice: B 2, C 5, so C
    # goes through and B is third.
    group_1 = {"dice": [6, 5, 4, 3, 1, 5, 4, 6], "actions": turns(list("ABCD"), list("DCBA"))}
    scenario = tournament(
        EIGHT,
        [
            {"groups": [list("ABCD"), list("EFGH")], "tables": [group_1, PLAIN_GROUP_2]},
            {"groups": [list("ACEF")]},  # the Finale, drawn but not played here
        ],
        [2, 5],
        durchgaenge=2,
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["finished"] is False
    table = group_table(out, 1, 1)
    assert [line["player"] for line in table["table"]] == list("ACBD")
    assert table["stechen"] == [{"B": 2, "C": 5}]
    assert out["scores"]["B"] == {
        "points": [6],
        "eyes": [9],
        "advanced": [False],
        "champion": False,
    }
    assert out["scores"]["C"] == {"points": [6], "eyes": [9], "advanced": [True], "champion": False}
    assert [p for p, s in out["scores"].items() if s["advanced"] == [True]] == list("ACEF")
    assert [e["groups"] for e in out["events"] if e["type"] == "round"][-1] == [list("ACEF")]


# Group 2 with a tie no cut splits: D1 (E,F,G,H) 6,5,4,3 -> 6,4,2,0; D2 (H,G,F,E) 4,3,5,6
# -> H 2, G 0, F 4, E 6. E 12/12, F 8/10, G 2/7, H 2/7: G and H level on places 3-4,
# below the only cut (after 2): nobody rolls.
TIE_BELOW_THE_CUT = {"dice": [6, 5, 4, 3, 4, 3, 5, 6], "actions": turns(list("EFGH"), list("HGFE"))}


def test_a_three_way_tie_rolls_again_where_the_cut_still_splits(
    tmp_path: Path, capsys: Any
) -> None:
    # Group 1: D1 (A,B,C,D) 6,5,4,3 -> 6,4,2,0. D2 (D,C,B,A) 3,2,1,6 -> D 4, C 2, B 0, A 6.
    # Table: A 12/12, B 4/6, C 4/6, D 4/6: places 2-4 level, split by the cut after 2.
    # Stechen B 3, C 3, D 1: D is fourth; B and C still straddle the cut: again B 2, C 6.
    group_1 = {"dice": [6, 5, 4, 3, 3, 2, 1, 6], "actions": turns(list("ABCD"), list("DCBA"))}
    scenario = tournament(
        EIGHT,
        [{"groups": [list("ABCD"), list("EFGH")], "tables": [group_1, TIE_BELOW_THE_CUT]}],
        [3, 3, 1, 2, 6],
        durchgaenge=2,
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    table = group_table(out, 1, 1)
    assert [line["player"] for line in table["table"]] == list("ACBD")
    assert table["stechen"] == [{"B": 3, "C": 3, "D": 1}, {"B": 2, "C": 6}]
    assert [out["scores"][p]["points"] for p in "ABCD"] == [[12], [4], [4], [4]]
    assert [out["scores"][p]["advanced"] for p in "ABCD"] == [[True], [False], [True], [False]]
    assert group_table(out, 1, 2)["stechen"] == []
    assert [out["scores"][p]["eyes"] for p in "EFGH"] == [[12], [10], [7], [7]]


def test_best_thirds_with_a_tie_at_the_cut(tmp_path: Path, capsys: Any) -> None:
    # 12 players, 3 groups of 4, one Durchgang, one best third. Freiwürfe per group in seat
    # order: 6,5,4,3 / 6,5,4,1 / 6,5,2,1. Thirds: C 2/4, G 2/4, K 2/2; C and G straddle the
    # cut after the best one: they roll in group order, C 1, G 4: G goes through. 7 players
    # then split into groups of 4 and 3.
    players = list("ABCDEFGHIJKL")
    tables = [
        {"dice": [6, 5, 4, 3], "actions": turns(list("ABCD"))},
        {"dice": [6, 5, 4, 1], "actions": turns(list("EFGH"))},
        {"dice": [6, 5, 2, 1], "actions": turns(list("IJKL"))},
    ]
    scenario = tournament(
        players,
        [
            {"groups": [list("ABCD"), list("EFGH"), list("IJKL")], "tables": tables},
            {"groups": [list("AEIG"), list("BFJ")]},
        ],
        [1, 4],
        durchgaenge=1,
        best_thirds=1,
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert [out["scores"][p]["advanced"] for p in "CGK"] == [[False], [True], [False]]
    assert [out["scores"][p]["points"] for p in "CGK"] == [[2], [2], [2]]
    advanced = [p for p, s in out["scores"].items() if s["advanced"] == [True]]
    assert advanced == list("ABEFGIJ")
    types = [e["type"] for e in out["events"] if e["type"] not in ("register", "abend")]
    assert types == ["tournament", "round", *["group_table"] * 3, "advanced", "round"]
    assert out["events"][-2] == {
        "type": "advanced",
        "round": 1,
        "players": list("ABEFIJG"),
        "stechen": [{"C": 1, "G": 4}],
    }
    assert out["events"][-1]["groups"] == [list("AEIG"), list("BFJ")]


def test_groups_of_uneven_size_to_the_champion(tmp_path: Path, capsys: Any) -> None:
    # 7 players in groups of 4 and 3 (as few groups as the size allows), one Durchgang:
    # A, B and E, F go through; the Finale of those four (A first in every Durchgang).
    players = list("ABCDEFG")
    scenario = tournament(
        players,
        [
            {
                "groups": [list("ABCD"), list("EFG")],
                "tables": [one_durchgang(list("ABCD")), one_durchgang(list("EFG"))],
            },
            {"groups": [list("AEBF")], "tables": [finale(list("AEBF"))]},
        ],
        [],
        durchgaenge=1,
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["finished"] is True
    scores = out["scores"]
    assert scores["A"] == {
        "points": [6, 24],
        "eyes": [6, 24],
        "advanced": [True, False],
        "champion": True,
    }
    assert scores["E"]["points"] == [6, 16] and scores["E"]["eyes"] == [6, 20]
    assert scores["B"]["points"] == [4, 8] and scores["F"]["points"] == [4, 0]
    assert scores["G"] == {"points": [2], "eyes": [4], "advanced": [False], "champion": False}


# Round sizes worked out from verflixte6.md (as few groups as the size allows, sizes
# differing by at most one; "every round eliminates someone"), the top 2 of every group
# through. Groups of 4, a Finale of 4: 5 -> 3+2 -> 4; 9 -> 3+3+3 -> 6 = 3+3 -> 4;
# 40 -> 10x4 -> 20 = 5x4 -> 10 = 4+3+3 -> 6 = 3+3 -> 4. The rules' own example, 9 players
# in groups of 3 with a Finale of 2: 9 -> 6 -> 4, which two groups of 2 would not reduce,
# so one group of 4 (⌊4/3⌋ = 1) -> the Finale of 2.
SIZES = {
    "5": ({}, [[3, 2], [4]]),
    "8": ({}, [[4, 4], [4]]),
    "9": ({}, [[3, 3, 3], [3, 3], [4]]),
    "16": ({}, [[4, 4, 4, 4], [4, 4], [4]]),
    "40": ({}, [[4] * 10, [4] * 5, [4, 3, 3], [3, 3], [4]]),
    "9, groups of 3, Finale of 2": (
        {"group_size": 3, "finale_size": 2},
        [[3, 3, 3], [3, 3], [4], [2]],
    ),
}


def deal(players: list[str], sizes: list[int]) -> list[list[str]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(players[start : start + size])
        start += size
    assert start == len(players)
    return groups


@pytest.mark.parametrize("case", list(SIZES))
def test_a_finale_reached_from(tmp_path: Path, capsys: Any, case: str) -> None:
    options, round_sizes = SIZES[case]
    players = [f"P{i:02}" for i in range(1, sum(round_sizes[0]) + 1)]
    rounds: list[Any] = []
    through = players
    for number, sizes in enumerate(round_sizes, start=1):
        groups = deal(through, sizes)
        if number == len(round_sizes):
            rounds.append({"groups": groups, "tables": [finale(groups[0])]})
        else:
            rounds.append({"groups": groups, "tables": [one_durchgang(g) for g in groups]})
        through = [p for g in groups for p in g[:2]]
    scenario = tournament(players, rounds, [], durchgaenge=1, **options)
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["finished"] is True
    played = [sum(len(s["points"]) > r for s in out["scores"].values()) for r in range(9)]
    assert [n for n in played if n] == [sum(sizes) for sizes in round_sizes]
    champion = [p for p, s in out["scores"].items() if s["champion"]]
    assert champion == [rounds[-1]["groups"][0][0]]
    last = len(round_sizes) - 1
    assert out["scores"][champion[0]] == {
        "points": [6] * last + [24],
        "eyes": [6] * last + [24],
        "advanced": [True] * last + [False],
        "champion": True,
    }
    rounds_shown = [e for e in out["events"] if e["type"] == "round"]
    assert [e["finale"] for e in rounds_shown] == [False] * last + [True]


def test_a_tie_for_first_in_the_finale_is_decided_by_stechen(tmp_path: Path, capsys: Any) -> None:
    # Four players: the first round is the Finale (4 Durchgänge). D1 (A,B,C,D) 6,5,4,3 ->
    # A 6, B 4, C 2. D2 (D,C,B,A) 3,4,6,5 -> B 6, A 4, C 2. A and B level at 10/11: the
    # Herzog rolls A 2, B 5 (the Abend's dice), so D3 is B,A,C,D: 6,5,4,3 -> B 6, A 4, C 2.
    # D4 by the table (B 16, A 14, C 6, D 0): 5,6,4,3 -> A 6, B 4, C 2. A and B 20/22:
    # the champion's Stechen from chance.dice, seat order: A 3, B 3, again A 1, B 4.
    dice = [6, 5, 4, 3, 3, 4, 6, 5, 2, 5, 6, 5, 4, 3, 5, 6, 4, 3]
    actions = turns(list("ABCD"), list("DCBA"), list("BACD"), list("BACD"))
    scenario = tournament(
        list("ABCD"),
        [{"groups": [list("ABCD")], "tables": [{"dice": dice, "actions": actions}]}],
        [3, 3, 1, 4],
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["finished"] is True
    table = group_table(out, 1, 1)
    assert table["table"] == [
        {"player": "B", "points": 20, "eyes": 22},
        {"player": "A", "points": 20, "eyes": 22},
        {"player": "C", "points": 8, "eyes": 16},
        {"player": "D", "points": 0, "eyes": 12},
    ]
    assert table["stechen"] == [{"A": 3, "B": 3}, {"A": 1, "B": 4}]
    assert [p for p, s in out["scores"].items() if s["champion"]] == ["B"]
    assert out["scores"]["A"]["advanced"] == [False]


def test_rounds_after_the_finale_are_not_played(tmp_path: Path, capsys: Any) -> None:
    scenario = tournament(
        list("ABCD"),
        [
            {"groups": [list("ABCD")], "tables": [finale(list("ABCD"))]},
            {"groups": [list("AB")], "tables": [one_durchgang(list("AB"))]},
        ],
        [],
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["finished"] is True
    assert out["scores"]["A"]["points"] == [24]


def test_an_abend_not_played_to_its_end_stops_the_tournament_there(
    tmp_path: Path, capsys: Any
) -> None:
    # Group 2 stops after E's turn: group 1 is recorded, the round does not end, and the
    # Finale given after it is not drawn.
    partial = {"dice": [6], "actions": turns(["E"])}
    rounds = [
        {"groups": [list("ABCD"), list("EFGH")], "tables": [one_durchgang(list("ABCD")), partial]},
        {"groups": [list("ABEF")], "tables": [finale(list("ABEF"))]},
    ]
    code, out, err = run(tmp_path, capsys, tournament(EIGHT, rounds, [], durchgaenge=1))
    assert (code, err) == (0, "")
    assert out["finished"] is False
    assert group_table(out, 1, 1)["table"][0]["player"] == "A"
    assert [e["type"] for e in out["events"]].count("round") == 1
    assert all(s["points"] == [] for s in out["scores"].values())


@pytest.mark.parametrize(
    ("options", "message"),
    [({"group_size": 9}, "options: "), ({"durchgaenge": "drei"}, "options.durchgaenge")],
)
def test_bad_options_exit_2(
    tmp_path: Path, capsys: Any, options: dict[str, Any], message: str
) -> None:
    code, _, err = run(tmp_path, capsys, tournament(EIGHT, [ROUND_1], [], **options))
    assert code == 2
    assert err.startswith(message)


def test_tournament_dice_running_out_exits_2(tmp_path: Path, capsys: Any) -> None:
    group_1 = {"dice": [6, 5, 4, 3, 1, 5, 4, 6], "actions": turns(list("ABCD"), list("DCBA"))}
    scenario = tournament(
        EIGHT,
        [{"groups": [list("ABCD"), list("EFGH")], "tables": [group_1, PLAIN_GROUP_2]}],
        [2],
        durchgaenge=2,
    )
    code, _, err = run(tmp_path, capsys, scenario)
    assert code == 2
    assert err.strip() == "dice exhausted at round 1 group 1"


ROUND_1 = {
    "groups": [list("ABCD"), list("EFGH")],
    "tables": [one_durchgang(list("ABCD")), one_durchgang(list("EFGH"))],
}


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        (
            [{"groups": [list("ABCDE"), list("FGH")]}],
            "round 1: groups of 5, 3 players, but the bot splits these 8 players into"
            " groups of 4, 4",
        ),
        (
            [{"groups": [list("ABCD"), list("EFGA")]}],
            "round 1: A drawn more than once",
        ),
        ([{"groups": [list("ABCD"), list("EFG")]}], "round 1: no group for H"),
        ([ROUND_1, {"groups": [list("ABE")]}], "round 2: no group for F"),
        ([ROUND_1, {"groups": [list("ABEC")]}], "round 2: no group for F"),
        ([ROUND_1, {"groups": [list("ABEFC")]}], "round 2: C does not play in this round"),
        ([{"groups": [list("ABCD"), list("EFGZ")]}], "round 1: unknown player 'Z'"),
        ([{"groups": [list("ABCD"), []]}], "round 1: groups must be"),
        ([{"groups": [list("ABCDEFGH")], "tables": [{}, {}]}], "round 1: more tables than groups"),
    ],
)
def test_malformed_draws_exit_2_naming_the_round(
    tmp_path: Path, capsys: Any, rounds: Any, message: str
) -> None:
    code, _, err = run(tmp_path, capsys, tournament(EIGHT, rounds, [], durchgaenge=1))
    assert code == 2
    assert err.startswith(message)


def test_groups_in_another_order_than_the_split_are_malformed(tmp_path: Path, capsys: Any) -> None:
    # The bot numbers its groups larger first: 7 players are groups of 4 and 3, in this order.
    scenario = tournament(list("ABCDEFG"), [{"groups": [list("ABC"), list("DEFG")]}], [])
    code, _, err = run(tmp_path, capsys, scenario)
    assert code == 2
    assert err.strip() == (
        "round 1: groups of 3, 4 players, but the bot splits these 7 players into groups of 4, 3"
    )


def test_an_illegal_action_exits_3_with_round_group_and_action(tmp_path: Path, capsys: Any) -> None:
    bad = {"dice": [6, 5], "actions": [*turns(["E"]), {"player": "G", "do": "stopp"}]}
    rounds = [
        {"groups": [list("ABCD"), list("EFGH")], "tables": [one_durchgang(list("ABCD")), bad]}
    ]
    code, out, err = run(tmp_path, capsys, tournament(EIGHT, rounds, [], durchgaenge=1))
    assert code == 3
    assert err.startswith("round 1 group 2 action 2: ")
    assert "F" in err  # it is F's turn
    # stdout: the state reached before it, group 1 recorded, the round not over
    assert out["finished"] is False
    assert group_table(out, 1, 1)["table"][0] == {"player": "A", "points": 6, "eyes": 6}
    assert out["scores"]["A"]["points"] == []
    abende = [e for e in out["events"] if e["type"] == "abend"]
    assert [e["die"] for e in abende[-1]["events"] if "die" in e] == [6]


def test_the_example_tournament(capsys: Any) -> None:
    assert main(["scenario", str(ROOT / "examples" / "tournament-8.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True
    assert [p for p, s in out["scores"].items() if s["champion"]] == ["Cem"]
