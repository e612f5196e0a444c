"""Die verflixte 6's computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.players.policy import Policy
from bot.players.random_player import zufall
from bot.players.verflixte6_leicht import Leicht
from bot.players.verflixte6_stark import Stark
from bot.players.verflixte6_view import legal_actions

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": zufall("verflixte6", legal_actions),
    "leicht": lambda seed: Leicht(),
    "stark": lambda seed: Stark(),
}
