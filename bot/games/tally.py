"""Counting measures per player while a game's log is read."""

from __future__ import annotations

from collections.abc import Iterable


class Tally:
    """Sums per player and measure, for the players of one game (anyone else named in
    its events, Lopaka or the croupier, is not counted)."""

    def __init__(self, players: Iterable[str]) -> None:
        self.values: dict[str, dict[str, int]] = {player: {} for player in players}

    def add(self, player: object, measure: str, amount: int = 1) -> None:
        counts = self.values.get(str(player))
        if counts is not None:
            counts[measure] = counts.get(measure, 0) + amount
