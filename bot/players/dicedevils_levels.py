"""Dice Devils' computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.players.dicedevils_leicht import Leicht
from bot.players.dicedevils_random import RandomPlayer
from bot.players.dicedevils_stark import Stark
from bot.players.policy import Policy

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": RandomPlayer,
    "leicht": lambda seed: Leicht(),
    "stark": lambda seed: Stark(),
}
