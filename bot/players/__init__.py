"""Computer players: pure policies that decide from what their seat may see.

A policy gets the engine's view for its seat (``game.views(state, seats)[1][seat]``, which
holds the public view and the seat's own ``legal``) and returns an :class:`Action` the
engine accepts. It never sees the state, so it cannot use another seat's secrets. Like the
engines, nothing here knows Discord or a database. docs/PLAYERS.md describes the levels.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.players.policy import Policy
from bot.players.verflixte6_leicht import Leicht
from bot.players.verflixte6_random import RandomPlayer
from bot.players.verflixte6_stark import Stark

__all__ = ["LEVELS", "Policy", "player"]

LEVELS = ("zufall", "leicht", "stark")
"""``zufall``: a uniformly random legal action (the bench's baseline)."""

_FACTORIES: dict[tuple[str, str], Callable[[int], Policy]] = {
    ("verflixte6", "zufall"): RandomPlayer,
    ("verflixte6", "leicht"): lambda seed: Leicht(),
    ("verflixte6", "stark"): lambda seed: Stark(),
}


def player(game: str, level: str, seed: int = 0) -> Policy:
    """The computer player of ``game`` at ``level`` (``seed``: for a level that draws lots)."""
    try:
        return _FACTORIES[game, level](seed)
    except KeyError:
        known = ", ".join(f"{g}/{lv}" for g, lv in sorted(_FACTORIES))
        raise KeyError(f"no computer player {game}/{level}; known: {known}") from None
