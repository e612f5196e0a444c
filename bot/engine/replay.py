"""Replaying a game from its log: the setup, then every action with the recorded draws.

A stored game is consistent when replaying its actions with the logged dice gives exactly
its snapshot; disputes are settled the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from bot.engine.core import JSON, Action, Game
from bot.engine.rng import FixedRng

S = TypeVar("S")


def replay(
    game: Game[S],
    players: Sequence[str],
    options: Mapping[str, JSON],
    actions: Iterable[tuple[int, Action]],
    draws: Iterable[int],
) -> S:
    """The state after ``actions`` (seat, action) when chance gives ``draws`` in order.

    Raises what the engine raises (IllegalAction, ChanceExhausted) if the log does not fit.
    """
    rng = FixedRng(draws)
    state, _ = game.setup(list(players), options, rng)
    for seat, action in actions:
        game.apply(state, seat, action, rng)
    return state
