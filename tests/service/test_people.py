"""Who an action names: the persons whose ids a game's chain covers as pseudonyms."""

from __future__ import annotations

from bot.play.people import named_people
from bot.tournament.game import SYSTEM


def test_the_actor_the_named_arguments_and_the_seated_are_named() -> None:
    action = {"do": "replace", "old": "2", "new": "7", "reason": "3", "by_host": "9"}
    assert named_people("1", action, ["1", "7", "4"]) == ["1", "9", "2", "7", "4"]
    assert named_people(None, {"do": "setup", "players": ["5", "6"]}) == ["5", "6"]
    assert named_people("8", {"do": "withdraw", "target": "3"}) == ["8", "3"]
    assert named_people("8", {"do": "kick", "player": "4", "reason": "5"}) == ["8", "4"]


def test_computers_and_the_croupier_are_nobody() -> None:
    action = {"do": "computer", "add": "stark", "players": ["cpu:stark:1", "1"]}
    assert named_people(SYSTEM, action, ["cpu:leicht:2"]) == ["1"]
    assert named_people(None, {"do": "x", "new": 5, "players": "1"}) == []
