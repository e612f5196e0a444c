"""Die verflixte 6, level "leicht": stop at 15 eyes, whatever the others have.

15 is where one more roll stops paying on average (a 6 loses x with chance 1/6, the other
faces add 15/6), the analogue of Pig's "hold at 20". It chooses no jokers, robs the victim
with the most eyes, and answers a joker's decision without rolling further.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.players.verflixte6_view import eyes, own_turn, passive, richest_victim

THRESHOLD = 15


class Leicht:
    game = "verflixte6"
    level = "leicht"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        phase = own_turn(view, seat)["phase"]
        if phase == "jokers":
            return Action("jokers", {"jokers": []})
        if phase == "step":
            return Action("stopp" if eyes(view, seat) >= THRESHOLD else "weiter")
        if phase == "steal":
            return richest_victim(view)
        return passive(view, seat)
