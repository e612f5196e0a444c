"""Auf Teufel komm raus: ``bets`` (rounds bet in) and ``bet_sum`` (their sum, for the
average bet, read when all bets are revealed), ``devils`` (devils he turned)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.tally import Tally


def measure(events: Sequence[Mapping[str, Any]], tally: Tally) -> None:
    for event in events:
        if event["type"] == "bets":
            for player, amount in event["bets"].items():
                tally.add(player, "bets")
                tally.add(player, "bet_sum", int(amount))
        elif event["type"] == "devil":
            tally.add(event["player"], "devils")
