"""The absence rule: what the croupier plays for a player whose time ran out (or whom a host
declared absent). Each game states its own (``Game.absence_action``, described in its
engine's docstring); it always picks one of the engine's legal actions, so the engine
checks it like any other action.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Game


def absence_action(game: Game[Any], state: Any, seat: int) -> Action | None:
    """The action the absence rule takes for ``seat`` now (None: nothing to decide)."""
    return game.absence_action(state, seat)
