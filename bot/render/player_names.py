"""A player as the history names him (statistics, leaderboards, result lines): a person by
his mention, a computer seat by its name behind :data:`COMPUTER_MARK`, never as a mention
(it is no Discord user)."""

from __future__ import annotations

from bot.players.seats import computer_name, is_computer
from bot.render.lobby import mention

COMPUTER_MARK = "🤖"
"""What marks a computer player wherever he is named: the same sign in every language."""


def shown(player: str) -> str:
    """``player`` as a text shows him: "<@123>" for a person, "🤖 Croupiers Kater
    (leicht)" for a computer seat."""
    if is_computer(player):
        return f"{COMPUTER_MARK} {computer_name(player)}"
    return mention(player)
