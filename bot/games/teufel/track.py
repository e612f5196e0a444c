"""Pawns on the track: a balance stands ON a mark or BETWEEN two marks."""

from __future__ import annotations

from bot.games.teufel.state import MARKS

MARK_NAMES = ("0–50", *(str(m) for m in MARKS[1:]))
"""The marks as the track shows them (numbers only: the same in every language)."""


def position(balance: int) -> int:
    """An ordered position: 2i on mark i, 2i+1 between marks i and i+1 (0–50 is mark 0).
    Views and events carry this number; the renderer says "on 300" / "auf 300"."""
    if balance <= MARKS[0]:
        return 0
    for index, mark in enumerate(MARKS[1:], start=1):
        if balance == mark:
            return 2 * index
        if balance < mark:
            return 2 * index - 1
    return 2 * (len(MARKS) - 1)  # at or past the goal: on 1600


def marks_at(spot: int) -> tuple[str, ...]:
    """The mark a position stands on (one name), or the two marks it stands between."""
    if spot % 2 == 0:
        return (MARK_NAMES[spot // 2],)
    return MARK_NAMES[spot // 2], MARK_NAMES[spot // 2 + 1]
