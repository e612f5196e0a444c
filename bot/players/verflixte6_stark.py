"""Die verflixte 6, level "stark": the policy of the solved model (verflixte6_model).

It looks its decision up in the shipped table: with ``k`` players still to come and the
best other score ``t``, roll on below ``threshold[k][t]``. Scores beyond the model's range
roll on until they are ahead. Like "leicht" it chooses no jokers (the model has none),
robs the victim with the most eyes and answers a joker's decision without rolling further.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from bot.engine import JSON, Action
from bot.players.verflixte6_model import TABLE_PATH
from bot.players.verflixte6_view import eyes, still_to_come, to_beat, without_jokers


@cache
def thresholds() -> tuple[tuple[int, ...], ...]:
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    return tuple(tuple(row) for row in data["threshold"])


def stops(x: int, t: int, k: int) -> bool:
    """Whether the model's policy stops at ``x`` eyes, ``t`` to beat, ``k`` still to come."""
    table = thresholds()
    k = min(k, len(table) - 1)
    s_max = len(table[0]) - 1
    if t >= s_max:  # beyond the model: get ahead, then stop
        return x > t
    return x >= table[k][max(t, 0)]


class Stark:
    game = "verflixte6"
    level = "stark"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        return without_jokers(view, seat, _stops_here)


def _stops_here(view: Mapping[str, JSON], seat: int) -> bool:
    return stops(eyes(view, seat), to_beat(view, seat), still_to_come(view, seat))
