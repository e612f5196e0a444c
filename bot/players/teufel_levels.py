"""Auf Teufel komm raus's computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.players.policy import Policy
from bot.players.teufel_leicht import Leicht
from bot.players.teufel_random import RandomPlayer
from bot.players.teufel_stark import Stark

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": RandomPlayer,
    "leicht": lambda seed: Leicht(),
    "stark": Stark,
}
