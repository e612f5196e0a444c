"""Reading a Dice Devils view for a computer player: the seat's legal actions as
:class:`Action` values, the demons by rank, what an item is worth to whom, and the dice a
seat may see (its own always; another demon's only once a fight has revealed them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action
from bot.games.dicedevils.rules import points
from bot.games.dicedevils.state import OBER, RANKS, SATANS, SPIEL, VALUE
from bot.games.dicedevils.view import DDDemon, typed_view


def demons(view: Mapping[str, JSON]) -> list[DDDemon]:
    return list(typed_view(view)["demons"])


def check_seat(view: Mapping[str, JSON], seat: int) -> DDDemon:
    """``seat``'s demon, if ``view`` is ``seat``'s own view and ``seat`` is to act
    (ValueError otherwise: a policy decides for its own seat, on its turn)."""
    shown = typed_view(view)
    if shown["viewer"] != seat:
        raise ValueError(f"not a view of seat {seat}")
    mine = shown["demons"][seat]
    if mine["player"] not in shown["to_act"]:
        raise ValueError(f"seat {seat} is not to act")
    return mine


def legal_actions(view: Mapping[str, JSON], seat: int) -> list[Action]:
    """Every action the view offers ``seat`` now."""
    check_seat(view, seat)
    return [Action.from_dict(a) for a in typed_view(view)["legal"]]


def rank_of(view: Mapping[str, JSON], seat: int) -> str:
    return demons(view)[seat]["rank"]


def slot_of(view: Mapping[str, JSON], seat: int) -> int:
    """The slot ``seat``'s demon is placed at (ValueError: not placed)."""
    slot = demons(view)[seat]["slot"]
    if slot is None:
        raise ValueError(f"seat {seat} is not placed")
    return slot


def rank_order(view: Mapping[str, JSON]) -> list[int]:
    """Seats by rank, highest first (the order of placement)."""
    return sorted(range(len(demons(view))), key=lambda s: RANKS.index(rank_of(view, s)))


def seat_of_rank(view: Mapping[str, JSON], rank: str) -> int | None:
    return next((s for s, d in enumerate(demons(view)) if d["rank"] == rank), None)


def seat_named(view: Mapping[str, JSON], player: JSON) -> int:
    return next(s for s, d in enumerate(demons(view)) if d["player"] == player)


def items_of(view: Mapping[str, JSON], seat: int) -> list[str]:
    return list(demons(view)[seat]["items"])


def open_slots(view: Mapping[str, JSON]) -> list[int]:
    """The display's slots a demon may place at this round."""
    return list(range(len(typed_view(view)["display"])))


def item_at(view: Mapping[str, JSON], slot: int) -> str:
    return typed_view(view)["display"][slot]


def gain(items: Sequence[str], item: str) -> int:
    """What ``item`` adds to a collection's points (its value, and 3 if it completes a set)."""
    return points([*items, item]) - points(list(items))


def swap_gain(items: Sequence[str], give: str, take: str) -> int:
    """What giving ``give`` for ``take`` changes in a collection's points."""
    after = [*items, take]
    after.remove(give)
    return points(after) - points(list(items))


def loss(items: Sequence[str], item: str) -> int:
    """What giving ``item`` away takes from a collection's points."""
    rest = list(items)
    rest.remove(item)
    return points(list(items)) - points(rest)


def own_dice(view: Mapping[str, JSON], seat: int) -> list[int]:
    return list(demons(view)[seat]["dice"] or [])


def fighters_at(view: Mapping[str, JSON], slot: int) -> list[int]:
    """The seats placed at ``slot`` (in rank order)."""
    return [s for s in rank_order(view) if demons(view)[s]["slot"] == slot]


def fight_dice(view: Mapping[str, JSON], seat: int) -> dict[int, list[int]]:
    """The dice a Spielteufel deciding on a re-roll may see: every fighter's in his fight
    (revealed by the fight), and the Oberteufel's when the Satansbraten fights (revealed for
    his score). Read only there, so dice another seat could not see never count."""
    mine = demons(view)[seat]
    if mine["rank"] != SPIEL or typed_view(view)["pending"] != "reroll":
        raise ValueError("fight dice are read by the Spielteufel deciding on a re-roll")
    seats = fighters_at(view, slot_of(view, seat))
    ober = seat_of_rank(view, OBER)
    if ober is not None and any(rank_of(view, s) == SATANS for s in seats):
        seats = [*seats, ober]
    shown = {}
    for s in seats:
        dice = demons(view)[s]["dice"]
        if dice is not None:
            shown[s] = list(dice)
    return shown


def value_of(item: str) -> int:
    return VALUE[item]
