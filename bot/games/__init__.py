"""The rules engines, one package per game, and the registry the bot looks them up in."""

from __future__ import annotations

from typing import Any

from bot.engine import Game
from bot.games.dicedevils import DiceDevils
from bot.games.flaschenteufel import Flaschenteufel
from bot.games.teufel import Teufel
from bot.games.verflixte6 import Verflixte6
from bot.tournament.game import TournamentGame

GAMES: dict[str, Game[Any]] = {
    Verflixte6.kind: Verflixte6(),
    Teufel.kind: Teufel(),
    Flaschenteufel.kind: Flaschenteufel(),
    DiceDevils.kind: DiceDevils(),
    TournamentGame.kind: TournamentGame(),
}


def get_game(kind: str) -> Game[Any]:
    """The engine for ``kind``; KeyError names the known kinds."""
    try:
        return GAMES[kind]
    except KeyError:
        raise KeyError(f"unknown game {kind!r}; known: {', '.join(sorted(GAMES))}") from None
