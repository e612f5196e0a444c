"""Auf Teufel komm raus, level "leicht": a fixed bet, a fixed amount of coal.

It bets a quarter of its balance, at most :data:`BET` (betting nothing is no way to reach
1600), and draws until it holds :data:`COAL`, whatever the others have and whatever is left
in the oven.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.games.teufel.players.seat_view import bet, situation

BET = 50
COAL = 60


class Leicht:
    game = "teufel"
    level = "leicht"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        sit = situation(view, seat)
        if sit.bets:
            return bet(sit, min(BET, sit.balance // 4))
        return Action("draw" if sit.me.coal < COAL else "stopp")
