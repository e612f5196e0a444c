"""Level "zufall" of every game: a uniformly random legal action (the bench's baseline)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from bot.engine import JSON, Action
from bot.players.policy import Policy

Legal = Callable[[Mapping[str, JSON], int], list[Action]]
"""A game's legal actions for a seat, read from that seat's view."""


class RandomPlayer:
    level = "zufall"

    def __init__(self, game: str, legal: Legal, seed: int = 0) -> None:
        self.game = game
        self._legal = legal
        self._random = random.Random(seed)

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        return self._random.choice(self._legal(view, seat))


def zufall(game: str, legal: Legal) -> Callable[[int], Policy]:
    """The factory of ``game``'s random player (a level's entry in its ``FACTORIES``)."""
    return lambda seed: RandomPlayer(game, legal, seed)
