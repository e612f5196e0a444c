"""`croupier scenario FILE`: JSON on stdout, exit codes 0 / 2 / 3 (shared/rules/scenarios.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: Any) -> tuple[int, Any, str]:
    path = tmp_path / "scenario.json"
    path.write_text(scenario if isinstance(scenario, str) else json.dumps(scenario), "utf-8")
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def v6(dice: list[int], actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "game": "verflixte6",
        "players": ["Anna", "Ben"],
        "options": {},
        "chance": {"dice": dice},
        "actions": actions,
        **extra,
    }


def test_a_legal_jokerless_durchgang_exits_0_with_scores(tmp_path: Path, capsys: Any) -> None:
    scenario = v6(
        [3, 2, 1, 4, 6],
        [
            {"player": "Anna", "do": "jokers", "jokers": []},
            {"player": "Anna", "do": "weiter"},
            {"player": "Anna", "do": "weiter"},
            {"player": "Anna", "do": "steal", "victim": "Ben"},
            {"player": "Anna", "do": "stopp"},
            {"player": "Ben", "do": "jokers", "jokers": []},
            {"player": "Ben", "do": "weiter"},
        ],
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["game"] == "verflixte6"
    assert out["finished"] is True
    assert out["scores"] == {"Anna": {"eyes": 7, "points": 6}, "Ben": {"eyes": 0, "points": 0}}
    dice_in_log = [e["die"] for e in out["events"] if "die" in e]
    assert dice_in_log == [3, 2, 1, 4, 6]


def test_unfinished_scenario_reports_running_eyes(tmp_path: Path, capsys: Any) -> None:
    code, out, _ = run(
        tmp_path,
        capsys,
        v6(
            [3, 2],
            [{"player": "Anna", "do": "jokers", "jokers": []}, {"player": "Anna", "do": "weiter"}],
        ),
    )
    assert code == 0
    assert out["finished"] is False
    assert out["scores"]["Anna"] == {"eyes": 5, "points": 0}


def test_illegal_action_exits_3_with_the_state_before_it(tmp_path: Path, capsys: Any) -> None:
    scenario = v6(
        [3, 2, 5],
        [
            {"player": "Anna", "do": "jokers", "jokers": []},
            {"player": "Anna", "do": "weiter"},
            {"player": "Ben", "do": "weiter"},
            {"player": "Anna", "do": "weiter"},
        ],
    )
    code, out, err = run(tmp_path, capsys, scenario)
    assert code == 3
    assert err.startswith("action 2: ")
    assert "Anna" in err
    assert out["scores"]["Anna"]["eyes"] == 5
    assert [e["die"] for e in out["events"] if "die" in e] == [3, 2]


def test_dice_exhausted_exits_2(tmp_path: Path, capsys: Any) -> None:
    code, _, err = run(
        tmp_path,
        capsys,
        v6(
            [3],
            [{"player": "Anna", "do": "jokers", "jokers": []}, {"player": "Anna", "do": "weiter"}],
        ),
    )
    assert code == 2
    assert err.strip() == "dice exhausted at action 1"


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ("{not json", "bad JSON"),
        ({**v6([], []), "game": "schach"}, "unknown game"),
        (v6([], [{"player": "Zoe", "do": "stopp"}]), "unknown player 'Zoe'"),
        (v6([1], [{"player": "Anna", "do": "steal", "victim": "Zoe"}]), "unknown player 'Zoe'"),
        (v6([], [{"player": "Anna"}]), "'do' is missing"),
        ({**v6([], []), "chance": {"dice": ["six"]}}, "chance.dice"),
        ({**v6([], []), "players": ["Anna"]}, "setup"),
        ([1, 2], "one JSON object"),
    ],
)
def test_malformed_files_exit_2(tmp_path: Path, capsys: Any, scenario: Any, message: str) -> None:
    code, _, err = run(tmp_path, capsys, scenario)
    assert code == 2
    assert message in err


def test_missing_file_exits_2(tmp_path: Path, capsys: Any) -> None:
    assert main(["scenario", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err


def test_the_readme_example_plays_a_whole_durchgang(capsys: Any) -> None:
    assert main(["scenario", str(ROOT / "examples" / "verflixte6-durchgang.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True
    assert out["scores"] == {
        "Anna": {"eyes": 10, "points": 6},
        "Ben": {"eyes": 0, "points": 0},
        "Cem": {"eyes": 9, "points": 4},
    }


def test_joker_decisions_follow_the_documented_dice_order(tmp_path: Path, capsys: Any) -> None:
    dice = [3, 4, 5, 2, 6, 3, 4, 2, 2, 2, 5, 3, 1, 6, 6, 4, 2, 3, 1]
    actions = [
        {"player": "Anna", "do": "jokers", "jokers": ["anaconda", "rattenlord", "monokel"]},
        {"player": "Anna", "do": "weiter", "joker": "anaconda"},  # attack 4
        {"player": "Anna", "do": "anaconda", "fight": True},  # 5 >= 4: +17
        {"player": "Anna", "do": "weiter", "joker": "rattenlord"},  # 2: failed
        {"player": "Anna", "do": "rattenlord", "withdraw": False},  # 6: +18
        {"player": "Anna", "do": "weiter", "joker": "monokel"},  # 3, 4 shown
        {"player": "Anna", "do": "monokel", "keep": False},  # 2, 2: +4
        {"player": "Anna", "do": "stopp"},  # 42
        {"player": "Ben", "do": "jokers", "jokers": ["sekante"]},  # Freiwurf 2
        {"player": "Ben", "do": "weiter", "joker": "sekante", "target": "Anna"},  # attack 5
        {"player": "Ben", "do": "counter", "allow": True},  # 3: 2:0, attack 1
        {"player": "Ben", "do": "counter", "allow": False},  # lapse, attack 6
        {"player": "Ben", "do": "counter", "allow": True},  # 6: tie, 2:2, attack 4
        {"player": "Ben", "do": "counter", "allow": True},  # 2: 4:2, attack 3
        {"player": "Ben", "do": "counter", "allow": True},  # 1: 6:2 -> +4
        {"player": "Ben", "do": "stopp"},
    ]
    code, out, err = run(tmp_path, capsys, v6(dice, actions))
    assert (code, err) == (0, "")
    assert out["scores"] == {"Anna": {"eyes": 38, "points": 6}, "Ben": {"eyes": 6, "points": 4}}
    sekante = next(e for e in out["events"] if e["type"] == "sekante")
    assert sekante["score"] == [6, 2]


def test_a_target_that_is_not_a_player_is_malformed(tmp_path: Path, capsys: Any) -> None:
    actions = [
        {"player": "Anna", "do": "jokers", "jokers": ["sekante"]},
        {"player": "Anna", "do": "weiter", "joker": "sekante", "target": "Zoe"},
    ]
    code, _, err = run(tmp_path, capsys, v6([3], actions))
    assert code == 2
    assert "unknown player 'Zoe'" in err


def test_a_teufel_round_from_a_scenario(tmp_path: Path, capsys: Any) -> None:
    scenario = {
        "game": "teufel",
        "players": ["Gordon", "Petra", "Lucy", "Saul"],
        "chance": {"tiles": [50, 25, 10, "D", 75, 50, 10, "D", 20, 10, 10, 10]},
        "actions": [
            {"player": "Saul", "do": "bet", "amount": 60},
            {"player": "Gordon", "do": "bet", "amount": 100},
            {"player": "Lucy", "do": "bet", "amount": 140},
            {"player": "Petra", "do": "bet", "amount": 120},
            *[{"player": "Gordon", "do": "draw"}] * 4,
            *[{"player": "Petra", "do": "draw"}] * 3,
            {"player": "Petra", "do": "stopp"},
            {"player": "Lucy", "do": "draw"},
            *[{"player": "Saul", "do": "draw"}] * 4,
            {"player": "Saul", "do": "stopp"},
        ],
    }
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["scores"] == {"Gordon": 300, "Petra": 370, "Lucy": 60, "Saul": 310}
    tiles = [e.get("tile", "D") for e in out["events"] if e["type"] in ("coal", "devil")]
    assert tiles == [50, 25, 10, "D", 75, 50, 10, "D", 20, 10, 10, 10]


def test_a_tile_that_is_not_left_in_the_oven_is_malformed(tmp_path: Path, capsys: Any) -> None:
    scenario = {
        "game": "teufel",
        "players": ["A", "B"],
        "chance": {"tiles": [100, 100, 100]},
        "actions": [
            {"player": "A", "do": "bet", "amount": 0},
            {"player": "B", "do": "bet", "amount": 0},
            *[{"player": "A", "do": "draw"}] * 3,
        ],
    }
    code, _, err = run(tmp_path, capsys, scenario)
    assert code == 2 and err.startswith("action 4: pick 2: 100 is not among")


def test_a_lopaka_hand_from_a_scenario(tmp_path: Path, capsys: Any) -> None:
    from bot.games.flaschenteufel.cards import DECK

    cards = list(DECK)
    deal = {"Anna": cards[0:11], "Ben": cards[11:22], "Lopaka": cards[22:33], "devil": cards[33:]}
    scenario = {
        "game": "flaschenteufel",
        "players": ["Anna", "Ben"],
        "options": {"variant": "lopaka"},
        "chance": {"deals": [deal]},
        "actions": [
            {"player": "Anna", "do": "pass", "card": 1},
            {"player": "Ben", "do": "pass", "card": cards[11]},
            {"player": "Anna", "do": "play", "card": 2},
        ],
    }
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    plays = [e for e in out["events"] if e["type"] == "play"]
    assert plays[0] == {"type": "play", "player": "Anna", "card": 2}
    assert plays[1]["player"] == "Lopaka"  # he answers by himself
    assert set(out["scores"]) == {"Anna", "Ben", "Lopaka"}
    deal_event = next(e for e in out["events"] if e["type"] == "deal")
    assert deal_event["devil"] == cards[33:]


def test_a_deal_that_misses_cards_is_malformed(tmp_path: Path, capsys: Any) -> None:
    scenario = {
        "game": "flaschenteufel",
        "players": ["A", "B", "C"],
        "chance": {"deals": [{"A": [1, 2], "B": [3], "C": [4]}]},
        "actions": [],
    }
    code, _, err = run(tmp_path, capsys, scenario)
    assert code == 2 and "every card" in err


def test_a_dicedevils_round_from_a_scenario(tmp_path: Path, capsys: Any) -> None:
    scenario = {
        "game": "dicedevils",
        "players": ["A", "B", "C", "D"],
        "options": {
            "ranks": {
                "A": "Oberteufel",
                "B": "Putzteufel",
                "C": "Springteufel",
                "D": "Satansbraten",
            }
        },
        "chance": {"items": ["Teetasse", "Schal", "Grill"], "dice": [1, 1, 1, 3, 4, 5, 2, 1, 1]},
        "actions": [
            {"player": "A", "do": "place", "slot": 0},
            {"player": "B", "do": "place", "slot": 1},
            {"player": "C", "do": "place", "slot": 1},
            {"player": "D", "do": "place", "slot": 2},
        ],
    }
    code, out, err = run(tmp_path, capsys, scenario)
    assert (code, err) == (0, "")
    assert out["scores"] == {"A": 1, "B": 0, "C": 1, "D": 3}
    assert [e["item"] for e in out["events"] if e["type"] == "reveal"] == [
        "Teetasse",
        "Schal",
        "Grill",
    ]
