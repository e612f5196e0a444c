"""Auf Teufel komm raus's computer players by level (docs/PLAYERS.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.teufel.players.leicht import Leicht
from bot.games.teufel.players.seat_view import legal_actions, situation
from bot.games.teufel.players.stark import Stark
from bot.players.policy import Policy
from bot.players.random_player import zufall

FACTORIES: dict[str, Callable[[int], Policy]] = {
    "zufall": zufall("teufel", lambda view, seat: legal_actions(situation(view, seat))),
    "leicht": lambda seed: Leicht(),
    "stark": Stark,
}
