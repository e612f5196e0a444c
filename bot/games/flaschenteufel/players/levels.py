"""Flaschenteufel's computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.flaschenteufel.players.leicht import Leicht
from bot.games.flaschenteufel.players.seat_view import legal_actions
from bot.games.flaschenteufel.players.stark import Stark
from bot.players.policy import Policy
from bot.players.random_player import zufall

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": zufall("flaschenteufel", legal_actions),
    "leicht": lambda seed: Leicht(),
    "stark": Stark,
}
