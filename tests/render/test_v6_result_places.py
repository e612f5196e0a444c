"""The places a Durchgang's result prints follow its Stechen: its winner before its loser,
and the players behind them after both (verflixte6.md's worked example)."""

from __future__ import annotations

from typing import Any

from bot.games.verflixte6.render.cards import position, result_card


def lines(eyes: dict[str, int], points: dict[str, int]) -> list[str]:
    end = {"type": "durchgang_end", "durchgang": 1, "eyes": eyes, "points": points}
    outcome: Any = type("O", (), {"events": [end], "public": {}})()
    card = result_card(outcome, end, "de", name=lambda p: p, standing=False)
    return card.description.splitlines()


def test_the_rules_example_prints_four_places() -> None:
    # A 20, B 20, C 15, D 9 → Stechen A/B: 6 and 5, C 4, D 2
    eyes = {"A": 20, "B": 20, "C": 15, "D": 9}
    points = {"A": 6, "B": 5, "C": 4, "D": 2}
    assert [line.split(" – ")[0] for line in lines(eyes, points)] == [
        "1. A",
        "2. B",
        "3. C",
        "4. D",
    ]


def test_a_stechen_for_third_decides_who_is_third() -> None:
    eyes = {"Anna": 12, "Ben": 20, "Cem": 15, "Dora": 12}
    points = {"Anna": 2, "Ben": 6, "Cem": 4, "Dora": 1}
    printed = lines(eyes, points)
    assert printed[2].startswith("3. Anna – 12 Augen – 2 Punkte")
    assert printed[3].startswith("4. Dora – 12 Augen – 1 Punkt")


def test_players_level_on_eyes_and_points_share_a_place() -> None:
    eyes = {"A": 20, "B": 9, "C": 9, "D": 9, "E": 0}
    points = {"A": 6, "B": 4, "C": 4, "D": 4, "E": 0}
    assert [position(p, eyes, points) for p in "ABCD"] == [1, 2, 2, 2]
