"""Dice for tournament tests: the given Stechen dice first, then the audited RNG (a new
round's draw), so a test fixes the rolls that decide and leaves the rest to chance."""

from __future__ import annotations

from bot.engine import FixedRng
from bot.engine.rng import AuditedRng, Draw


class Dice(AuditedRng):
    def __init__(self, values: list[int]) -> None:
        super().__init__(bytes(32), nonce="test")
        self.fixed = FixedRng(values)

    def _next(self, sides: int) -> Draw:
        if self.fixed.remaining:
            self.fixed.roll(sides)
            return self.fixed.take_draws()[0]
        return super()._next(sides)
