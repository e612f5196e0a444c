"""Auf Teufel komm raus, level "zufall": a uniformly random legal action (a baseline)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.players.teufel_view import legal_actions, situation


class RandomPlayer:
    game = "teufel"
    level = "zufall"

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        return self._random.choice(legal_actions(situation(view, seat)))
