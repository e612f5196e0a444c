"""Dice Devils: ``items`` held at the end (taken, plus stolen from him or by him),
``points`` at the end, ``fights`` fought and ``fights_won``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.tally import Tally


def measure(events: Sequence[Mapping[str, Any]], tally: Tally) -> None:
    fighting = False  # a fight began: the next item taken is its winner's
    for event in events:
        kind = event["type"]
        if kind == "fight":
            fighting = True
            for player in event["fighters"]:
                tally.add(player, "fights")
        elif kind == "take":
            tally.add(event["player"], "items")
            if fighting:
                tally.add(event["player"], "fights_won")
                fighting = False
        elif kind == "steal":
            tally.add(event["player"], "items")
            tally.add(event["from"], "items", -1)
        elif kind == "game_end":
            for player, points in event["points"].items():
                tally.add(player, "points", int(points))
