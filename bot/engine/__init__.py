"""Game-independent core: actions, events, refusals, the audited RNG."""

from __future__ import annotations

import copy
from typing import TypeVar

from bot.engine.core import JSON, Action, Event, Game, GameInfo, IllegalAction, redacted
from bot.engine.rng import AuditedRng, Draw, FixedRng, Rng

S = TypeVar("S")

__all__ = [
    "JSON",
    "Action",
    "AuditedRng",
    "Draw",
    "Event",
    "FixedRng",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Rng",
    "redacted",
    "step",
]


def step(game: Game[S], state: S, seat: int, action: Action, rng: Rng) -> tuple[S, list[Event]]:
    """Apply ``action`` to a copy of ``state``; the original is untouched whatever happens."""
    new_state = copy.deepcopy(state)
    events = game.apply(new_state, seat, action, rng)
    return new_state, events
