"""Computer players: pure policies that decide from what their seat may see.

A policy gets the engine's view for its seat (``game.views(state, seats)[1][seat]``, which
holds the public view and the seat's own ``legal``) and returns an :class:`Action` the
engine accepts. It never sees the state, so it cannot use another seat's secrets. Like the
engines, nothing here knows Discord or a database. docs/PLAYERS.md describes the levels.

Each game's levels are in its module of :data:`LEVELS_OF` as ``FACTORIES``: level -> a
function of a seed that makes the policy (a game moved into its own folder keeps them in
``bot/games/<game>/players/levels.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from bot.players.policy import Policy

__all__ = ["LEVELS", "Policy", "levels", "player"]

LEVELS = ("zufall", "leicht", "stark")
"""``zufall``: a uniformly random legal action (the bench's baseline); ``leicht``: simple
rules; ``stark``: the strongest player of the game."""

LEVELS_OF = {
    "verflixte6": "bot.games.verflixte6.players.levels",
    "teufel": "bot.games.teufel.players.levels",
    "flaschenteufel": "bot.games.flaschenteufel.players.levels",
    "dicedevils": "bot.games.dicedevils.players.levels",
}
"""Each game's module of levels (imported when a policy is first asked for)."""
GAMES = tuple(LEVELS_OF)


def _factories(game: str) -> Mapping[str, Callable[[int], Policy]]:
    if game not in GAMES:
        return {}
    try:
        module = importlib.import_module(LEVELS_OF[game])
    except ModuleNotFoundError:
        return {}
    factories: Mapping[str, Callable[[int], Policy]] = module.FACTORIES
    return factories


def levels(game: str) -> tuple[str, ...]:
    """The levels ``game`` has computer players for, weakest first (known without importing
    the policies: a lobby's card asks, on the event loop)."""
    return LEVELS if game in GAMES else ()


def player(game: str, level: str, seed: int = 0) -> Policy:
    """The computer player of ``game`` at ``level`` (``seed``: for a level that draws lots)."""
    try:
        return _factories(game)[level](seed)
    except KeyError:
        known = ", ".join(f"{g}/{lv}" for g in GAMES for lv in levels(g))
        raise KeyError(f"no computer player {game}/{level}; known: {known}") from None
