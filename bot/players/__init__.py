"""Computer players: pure policies that decide from what their seat may see.

A policy gets the engine's view for its seat (``game.views(state, seats)[1][seat]``, which
holds the public view and the seat's own ``legal``) and returns an :class:`Action` the
engine accepts. It never sees the state, so it cannot use another seat's secrets. Like the
engines, nothing here knows Discord or a database. docs/PLAYERS.md describes the levels.

Each game's levels are in ``bot/games/<game>/players/levels.py`` (its plugin names the
module) as ``FACTORIES``: level -> a function of a seed that makes the policy.
"""

from __future__ import annotations

from bot.players.policy import Policy

__all__ = ["LEVELS", "Policy"]

LEVELS = ("zufall", "leicht", "stark")
"""``zufall``: a uniformly random legal action (the bench's baseline); ``leicht``: simple
rules; ``stark``: the strongest player of the game."""
