"""Die verflixte 6's computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.players.policy import Policy
from bot.players.verflixte6_leicht import Leicht
from bot.players.verflixte6_random import RandomPlayer
from bot.players.verflixte6_stark import Stark

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": RandomPlayer,
    "leicht": lambda seed: Leicht(),
    "stark": lambda seed: Stark(),
}
