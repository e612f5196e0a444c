"""Dice Devils: a pool of opponent styles, each a person's habit in a few lines.

The bench plays the levels against them (``bench.policies --game dicedevils --against
styles``; docs/PLAYERS.md); they are not offered at tables. Each is a pure policy on its
seat's view, like the levels: a rule for the slot it places at, and whether a Spielteufel
makes his opponents re-roll; after a fight each takes what "leicht" takes (the highest rank,
the steal or swap worth most to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine import JSON, Action
from bot.games.dicedevils.players.leicht import decide_after, own_score
from bot.games.dicedevils.players.leicht import reroll as leicht_reroll
from bot.games.dicedevils.players.seat_view import (
    check_seat,
    demons,
    fighters_at,
    gain,
    item_at,
    items_of,
    legal_actions,
    rank_order,
)
from bot.games.dicedevils.state import VALUE
from bot.players.policy import Policy

View = Mapping[str, JSON]
Place = Callable[[View, int, list[int]], int]
"""A style's slot: from the view, its seat and the slots it may place at."""
Reroll = Callable[[View, int], bool]
"""Whether a style's Spielteufel makes his opponents re-roll."""


class Style:
    """A style: it places at ``place`` and forces a re-roll when ``reroll`` says so."""

    game = "dicedevils"

    def __init__(self, name: str, place: Place, reroll: Reroll) -> None:
        self.level = f"style:{name}"
        self._place, self._reroll = place, reroll

    def decide(self, view: View, seat: int) -> Action:
        check_seat(view, seat)
        legal = legal_actions(view, seat)
        if legal[0].do == "place":
            slots = [int(a.args["slot"]) for a in legal]
            return Action("place", {"slot": self._place(view, seat, slots)})
        if legal[0].do == "reroll":
            return Action("reroll", {"force": self._reroll(view, seat)})
        return decide_after(view, seat, legal)


def _worth(view: View, seat: int) -> Callable[[int], tuple[int, int]]:
    """An item's worth to ``seat`` (its points gained), the first slot of equals first."""
    return lambda c: (gain(items_of(view, seat), item_at(view, c)), -c)


def _biggest(view: View, seat: int, slots: list[int]) -> int:
    """The greedy one: the item worth most to it, whoever is there."""
    return max(slots, key=_worth(view, seat))


def _spread(view: View, seat: int, slots: list[int]) -> int:
    """The cautious one: the item worth most where the fewest demons are."""
    worth = _worth(view, seat)
    return min(slots, key=lambda c: (len(fighters_at(view, c)), -worth(c)[0], c))


def _copy_leader(view: View, seat: int, slots: list[int]) -> int:
    """The copycat: where the demon ahead on points went (or the last one to place),
    else the item worth most to it."""
    placed = [s for s in rank_order(view) if s != seat and demons(view)[s]["slot"] in slots]
    if not placed:
        return _biggest(view, seat, slots)
    leader = max(placed, key=lambda s: (demons(view)[s]["points"], placed.index(s)))
    slot = demons(view)[leader]["slot"]
    return slot if slot is not None else _biggest(view, seat, slots)


def _all_in(view: View, seat: int, slots: list[int]) -> int:
    """All in on one fight: where the most demons are already (the item worth most of
    those), else the item worth most to it."""
    worth = _worth(view, seat)
    return max(slots, key=lambda c: (len(fighters_at(view, c)), worth(c)))


def _collector(view: View, seat: int, slots: list[int]) -> int:
    """The collector: the item it holds most copies of (then the rarest), dice or not."""
    mine = items_of(view, seat)
    return max(slots, key=lambda c: (mine.count(item_at(view, c)), VALUE[item_at(view, c)], -c))


def _cheapest(view: View, seat: int, slots: list[int]) -> int:
    """The modest one: the item worth least (the first of equals), hoping nobody fights
    for it."""
    mine = items_of(view, seat)
    return min(slots, key=lambda c: (gain(mine, item_at(view, c)), c))


def _dice(view: View, seat: int, slots: list[int]) -> int:
    """Trusts its dice: with 8 or more the item worth most, below that the cheapest."""
    if own_score(view, seat) >= 8:
        return _biggest(view, seat, slots)
    return _cheapest(view, seat, slots)


def _always(view: View, seat: int) -> bool:
    return True


def _never(view: View, seat: int) -> bool:
    return False


def _leicht(view: View, seat: int) -> bool:
    return bool(leicht_reroll(view, seat).args["force"])


STYLES_RULES: dict[str, tuple[Place, Reroll]] = {
    # always the biggest item, and always makes the others re-roll
    "gross": (_biggest, _always),
    # spreads out: where nobody is, and never asks for a re-roll
    "vorsichtig": (_spread, _never),
    # goes where the leader on points went
    "nachmacher": (_copy_leader, _leicht),
    # joins the biggest fight on the table
    "alles": (_all_in, _always),
    # collects sets: the item it has most of already
    "sammler": (_collector, _leicht),
    # takes the cheapest item, hoping to be left alone
    "bescheiden": (_cheapest, _never),
    # a high roll goes for the best item, a low one for the cheapest
    "wuerfel": (_dice, _leicht),
}


def _factory(name: str) -> Callable[[int], Policy]:
    place, reroll = STYLES_RULES[name]
    return lambda seed: Style(name, place, reroll)


STYLES: dict[str, Callable[[int], Policy]] = {name: _factory(name) for name in STYLES_RULES}
