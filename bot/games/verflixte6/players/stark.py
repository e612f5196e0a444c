"""Die verflixte 6, level "stark": the optimal policy of the turn model with jokers
(joker_model), solved for the state its view shows: own eyes, the best score to beat,
the players still to come and whether they can still play jokers (later_share), the jokers
left and those in hand, the robbery 1s of the turn and what a robbery is worth against
these rivals (robbery_of, robbed_later). No decision reads a clock: the view decides.

At the joker choice it takes the best hand of up to three jokers (from the pool the model
looks at); in a step it stops, rolls, or announces the joker the model values most; it
answers a joker's decision (Anaconda, Rattenlord, Monokel) the same way. It robs the
victim with the most eyes. Beyond the model's range (a score to beat of ``S_MAX`` or
more) it plays without jokers and rolls on until it is ahead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache, lru_cache

from bot.engine import JSON, Action
from bot.games.verflixte6.players.joker_model import (
    ANNOUNCED,
    EPS,
    MODELLED,
    NO_ROBBERY,
    Hand,
    TurnModel,
    best_option,
    choose_hand,
    decision_options,
    floored_options,
    robbery_gains,
    step_options,
    turn_model,
)
from bot.games.verflixte6.players.model import MAX_AFTER, S_MAX, TABLE_PATH
from bot.games.verflixte6.players.seat_view import (
    DECISIONS,
    eyes,
    own_turn,
    passive,
    richest_victim,
    still_to_come,
    to_beat,
    without_jokers,
)
from bot.games.verflixte6.view import V6Turn, typed_view


@cache
def thresholds() -> tuple[tuple[int, ...], ...]:
    """The model without jokers: with ``k`` to come and ``t`` to beat, stop from here on."""
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    return tuple(tuple(row) for row in data["threshold"])


@lru_cache(maxsize=4096)
def chosen_hand(k: int, t: int, later: float, x: int, available: tuple[str, ...]) -> Hand:
    """The model's joker choice (kept: the same situation comes back often). It ranks the
    hands in the model without the robbery (five times faster: see docs/PLAYERS.md)."""
    return choose_hand(turn_model(k, t, later), x, available)


LATER_BELIEF = 0.75
"""How many of the later players who still hold three modelled jokers the model expects to
play them as well as it does (docs/PLAYERS.md: measured against the styles)."""


def later_share(view: Mapping[str, JSON], seat: int) -> float:
    """The share of the players still to come expected to play jokers: those who can still
    choose three modelled ones, times LATER_BELIEF."""
    later = [
        s for i, s in enumerate(typed_view(view)["seats"]) if i != seat and s["role"] == "jungfrau"
    ]
    if not later:
        return 0.0
    armed = sum(1 for s in later if len(set(MODELLED) - set(s["jokers_used"])) >= 3)
    return LATER_BELIEF * armed / len(later)


def robbed_later(view: Mapping[str, JSON], seat: int) -> int:
    """What the players still to come have lost below 0 (to robbers before their turn),
    as the model counts it beside its own eyes (robbery_of: all of it from the one rival,
    half of it among several)."""
    seats = typed_view(view)["seats"]
    later = [s for i, s in enumerate(seats) if i != seat and s["role"] == "jungfrau"]
    lost = sum(max(0, -s["eyes"]) for s in later)
    victims = sum(
        1 for i, s in enumerate(seats) if i != seat and s["role"] in ("jungfrau", "prinzessin")
    )
    return lost if victims == 1 else lost // 2


def robbery_of(view: Mapping[str, JSON], seat: int) -> tuple[int, ...]:
    """The robbery as the model counts it (joker_model.robbery_gains): what the victim's
    loss of s eyes is worth to the robber. One possible victim: all of it (he is the one
    rival; exact with two players). The last to play robs the leader, whose loss counts
    down to the next best score. Otherwise one of several later players loses it: half."""
    seats = typed_view(view)["seats"]
    victims = [
        s for i, s in enumerate(seats) if i != seat and s["role"] in ("jungfrau", "prinzessin")
    ]
    amounts = range(1, 6)
    if not victims:
        return NO_ROBBERY
    if len(victims) == 1:
        return robbery_gains(list(amounts))
    if all(s["role"] == "prinzessin" for s in victims):
        first, second = sorted((s["eyes"] for s in victims), reverse=True)[:2]
        return robbery_gains([max(0, min(a, first - max(second, 0))) for a in amounts])
    return robbery_gains([a // 2 for a in amounts])


def hand_of(turn: V6Turn) -> Hand:
    """The modelled jokers the turn still holds: announceable ones, the auto-jokers chosen
    (Törtchen and Tentakel act all turn, Runkelrüb until it has rolled)."""
    chosen = turn["chosen"]
    held = {j for j in turn["announceable"] if j in ANNOUNCED}
    held |= {j for j in ("toertchen", "tentakel") if j in chosen}
    if turn["runkelrueb_ready"]:
        held.add("runkelrueb")
    return frozenset(held)


def step_action(choice: str) -> Action:
    if choice in ("stopp", "weiter"):
        return Action(choice)
    return Action("weiter", {"joker": choice})


class Stark:
    game = "verflixte6"
    level = "stark"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        turn = own_turn(view, seat)
        phase = turn["phase"]
        if phase == "steal":
            return richest_victim(view)
        x, t, k = eyes(view, seat), to_beat(view, seat), still_to_come(view, seat)
        if t >= S_MAX:  # beyond the model: no jokers, get ahead, then stop
            return without_jokers(view, seat, lambda v, s: eyes(v, s) > to_beat(v, s))
        later = later_share(view, seat)
        x += robbed_later(view, seat)  # the eyes the model compares (see robbery_of)
        k = min(k, MAX_AFTER)
        if phase == "jokers":
            hand = chosen_hand(k, t, later, x, tuple(typed_view(view)["legal"]["jokers"]))
            return Action("jokers", {"jokers": [j for j in MODELLED if j in hand]})
        model = turn_model(k, t, later, robbery_of(view, seat))
        hand = hand_of(turn)
        floor, ones = turn["floor"], turn["robbery_ones"]
        if phase == "step":
            if floor is None:
                return step_action(best_option(step_options(model, hand, x, ones)))
            return step_action(best_option(floored_options(model, hand, x, floor, ones)))
        if phase in ("anaconda", "rattenlord", "monokel") and floor is None:
            return self._joker_decision(model, hand, x, turn)
        return passive(view, seat)

    @staticmethod
    def _joker_decision(model: TurnModel, hand: Hand, x: int, turn: V6Turn) -> Action:
        phase = turn["phase"]
        attack = turn["anaconda_attack"]
        shown = [attack] if phase == "anaconda" and attack is not None else []
        if phase == "monokel":
            shown = list(turn["monokel_dice"])
        quiet, active = decision_options(model, hand, x, phase, shown, ones=turn["robbery_ones"])
        name, field, quiet_answer = DECISIONS[phase]
        return Action(name, {field: quiet_answer if active <= quiet + EPS else not quiet_answer})
