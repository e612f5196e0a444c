"""Die verflixte 6, level "leicht": stop at 15 eyes; the last to play rolls on until he
is ahead, and stops as soon as he is.

15 is where one more roll stops paying on average (a 6 loses x with chance 1/6, the other
faces add 15/6), the analogue of Pig's "hold at 20". It chooses no jokers, robs the victim
with the most eyes, and answers a joker's decision without rolling further.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.games.verflixte6.players.seat_view import ahead_as_last, without_jokers

THRESHOLD = 15


class Leicht:
    game = "verflixte6"
    level = "leicht"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        return without_jokers(view, seat, ahead_as_last(THRESHOLD))
