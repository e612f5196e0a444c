"""Flaschenteufel's computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.players.flaschenteufel_leicht import Leicht
from bot.players.flaschenteufel_random import RandomPlayer
from bot.players.flaschenteufel_stark import Stark
from bot.players.policy import Policy

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": RandomPlayer,
    "leicht": lambda seed: Leicht(),
    "stark": Stark,
}
