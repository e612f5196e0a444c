"""What a finished game counts for in the players' history, read from its row alone (kind,
options, players), so that the fold and a rebuild from the log decide alike.

* A practice table (option ``practice``, ``/<spiel> üben``) counts for nothing a player is
  measured by: no rating, no statistics. Its dice still count in the fairness tallies
  (dice are dice).
* A table with computer seats counts for the ratings only if its host allowed it (option
  ``computers_rated``). Then its computers are rated too, each under its id, like any
  player (beating a strong computer is worth more than beating a weak one), but no
  leaderboard lists them (bot.history.leaderboard). Its statistics count either way, a
  computer's under its id.
* A tournament is rated through its tables, never as a whole (:data:`UNRATED_KINDS`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.players.seats import COMPUTERS_RATED, PRACTICE, computers
from bot.tournament.game import TournamentGame

UNRATED_KINDS = frozenset({TournamentGame.kind})
"""Kinds whose results count for no rating: a tournament (its group tables are rated as
the games of their kind they are)."""


def practice(options: Mapping[str, Any] | None) -> bool:
    """Whether a table is a practice table: measured by nothing but its dice."""
    return bool((options or {}).get(PRACTICE))


def rated(kind: str, options: Mapping[str, Any] | None, players: Iterable[str]) -> bool:
    """Whether a finished game counts for the ratings: its kind is rated, it is no
    practice table, and it seats no computer unless its host allowed that."""
    if kind in UNRATED_KINDS or practice(options):
        return False
    return not computers(list(players)) or bool((options or {}).get(COMPUTERS_RATED))
