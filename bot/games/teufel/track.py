"""Pawns on the track: a balance stands ON a mark or BETWEEN two marks."""

from __future__ import annotations

from bot.games.teufel.state import MARKS

MARK_NAMES = ("0–50", *(str(m) for m in MARKS[1:]))


def position(balance: int) -> int:
    """An ordered position: 2i on mark i, 2i+1 between marks i and i+1 (0–50 is mark 0)."""
    if balance <= MARKS[0]:
        return 0
    for index, mark in enumerate(MARKS[1:], start=1):
        if balance == mark:
            return 2 * index
        if balance < mark:
            return 2 * index - 1
    return 2 * (len(MARKS) - 1)  # at or past the goal: on 1600


def describe(balance: int) -> str:
    """``on 300`` / ``between 300 and 500`` as a stable token for views and tests."""
    spot = position(balance)
    if spot % 2 == 0:
        return f"on {MARK_NAMES[spot // 2]}"
    return f"between {MARK_NAMES[spot // 2]} and {MARK_NAMES[spot // 2 + 1]}"
