"""Die verflixte 6, level "stark": the optimal policy of the turn model with jokers
(joker_model), solved for the state its view shows: own eyes, the best score to beat,
the players still to come, the jokers left and those in hand.

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
    Hand,
    TurnModel,
    best_option,
    choose_hand,
    decision_options,
    floored_options,
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
def chosen_hand(k: int, t: int, x: int, available: tuple[str, ...]) -> Hand:
    """The model's joker choice (kept: the same situation comes back often)."""
    return choose_hand(turn_model(k, t), x, available)


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
        k = min(k, MAX_AFTER)
        if phase == "jokers":
            hand = chosen_hand(k, t, x, tuple(typed_view(view)["legal"]["jokers"]))
            return Action("jokers", {"jokers": [j for j in MODELLED if j in hand]})
        model = turn_model(k, t)
        hand = hand_of(turn)
        floor = turn["floor"]
        if phase == "step":
            if floor is None:
                return step_action(best_option(step_options(model, hand, x)))
            return step_action(best_option(floored_options(model, hand, x, floor)))
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
        quiet, active = decision_options(model, hand, x, phase, shown)
        name, field, quiet_answer = DECISIONS[phase]
        return Action(name, {field: quiet_answer if active <= quiet + EPS else not quiet_answer})
