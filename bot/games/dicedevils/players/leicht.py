"""Dice Devils, level "leicht": simple rules on its own dice and the items' worth.

Placement: with a strong roll (a score of at least :data:`STRONG`, the Satansbraten
counting the Oberteufel's lowest die as 2) the item worth most to it, fight or not;
otherwise the item worth most among those nobody has placed at, and if there is none the
item with the fewest demons at it (the one worth most of those). The Spielteufel makes his
opponents re-roll unless he leads alone; a winner takes the higher rank of a loser; the
Fehlerteufel steals the item worth most to it; the Putzteufel swaps when that raises its
points.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.games.dicedevils.players.seat_view import (
    check_seat,
    fight_dice,
    fighters_at,
    gain,
    item_at,
    items_of,
    legal_actions,
    open_slots,
    own_dice,
    rank_of,
    seat_named,
    seat_of_rank,
    slot_of,
    swap_gain,
)
from bot.games.dicedevils.state import OBER, RANKS, SATANS

STRONG = 9
SATANS_GUESS = 2  # the Oberteufel's lowest die, as the Satansbraten guesses it


def own_score(view: Mapping[str, JSON], seat: int) -> int:
    dice, rank = own_dice(view, seat), rank_of(view, seat)
    if rank == OBER:
        return sum(sorted(dice)[-2:])
    return sum(dice) + (SATANS_GUESS if rank == SATANS else 0)


def place(view: Mapping[str, JSON], seat: int) -> Action:
    mine = items_of(view, seat)
    slots = open_slots(view)
    crowd = {c: len(fighters_at(view, c)) for c in slots}

    def worth(c: int) -> int:
        return gain(mine, item_at(view, c))

    if own_score(view, seat) >= STRONG:
        best = max(slots, key=worth)
    else:
        fewest = min(crowd.values())
        best = max((c for c in slots if crowd[c] == fewest), key=worth)
    return Action("place", {"slot": best})


def reroll(view: Mapping[str, JSON], seat: int) -> Action:
    shown = fight_dice(view, seat)
    ober = seat_of_rank(view, OBER)
    low = min(shown[ober]) if ober is not None and ober in shown else SATANS_GUESS

    def score(s: int) -> int:
        rank, dice = rank_of(view, s), shown[s]
        if rank == OBER:
            return sum(sorted(dice)[-2:])
        return sum(dice) + (low if rank == SATANS else 0)

    mine = score(seat)
    others = [score(s) for s in shown if s != seat and s in fighters_at(view, _slot(view, seat))]
    return Action("reroll", {"force": not all(x < mine for x in others)})


def _slot(view: Mapping[str, JSON], seat: int) -> int:
    return slot_of(view, seat)


def decide_after(view: Mapping[str, JSON], seat: int, legal: list[Action]) -> Action:
    """A winner's decision: the highest rank, the steal or swap worth most to it."""
    mine = items_of(view, seat)
    verb = legal[0].do

    def net(action: Action) -> float:
        if action.args.get("skip") is True:
            return 0.0
        if verb == "swap_rank":
            other = rank_of(view, seat_named(view, action.args["with"]))
            return RANKS.index(rank_of(view, seat)) - RANKS.index(other)
        if verb == "steal":
            return gain(mine, str(action.args["item"]))
        return swap_gain(mine, str(action.args["give"]), str(action.args["take"]))

    return max(legal, key=net)


class Leicht:
    game = "dicedevils"
    level = "leicht"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        check_seat(view, seat)
        legal = legal_actions(view, seat)
        if legal[0].do == "place":
            return place(view, seat)
        if legal[0].do == "reroll":
            return reroll(view, seat)
        return decide_after(view, seat, legal)
