"""Flaschenteufel: ``hands`` played, ``tricks`` won, ``points`` scored over the hands,
``bottle`` (hands he ended holding the bottle)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.tally import Tally


def measure(events: Sequence[Mapping[str, Any]], tally: Tally) -> None:
    for event in events:
        if event["type"] == "trick":
            tally.add(event["winner"], "tricks")
        elif event["type"] == "hand_end":
            for player, score in event["scores"].items():
                tally.add(player, "hands")
                tally.add(player, "points", int(score))
            if event["owner"] is not None:
                tally.add(event["owner"], "bottle")
