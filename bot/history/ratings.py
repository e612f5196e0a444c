"""Ratings per game and server (OpenSkill), all time and per season.

:func:`rate_game` is called by the fold (bot.history) in the transaction that records a
finished game's :class:`~bot.store.history_rows.GameResult`."""

from __future__ import annotations

from sqlmodel import Session

from bot.store.history_rows import GameResult


def rate_game(session: Session, result: GameResult) -> None:
    """Update the ratings of ``result``'s players (a rated game only)."""
    return None
