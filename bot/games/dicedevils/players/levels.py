"""Dice Devils' computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.dicedevils.players.leicht import Leicht
from bot.games.dicedevils.players.seat_view import legal_actions
from bot.games.dicedevils.players.stark import Stark
from bot.players.policy import Policy
from bot.players.random_player import zufall

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": zufall("dicedevils", legal_actions),
    "leicht": lambda seed: Leicht(),
    "stark": lambda seed: Stark(),
}
