"""Reading a Die verflixte 6 view for a computer player: the seat's legal actions as
:class:`Action` values, and the numbers a decision needs."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine import JSON, Action
from bot.games.verflixte6.view import V6Turn, typed_view

DECISIONS = {  # phase -> (action, yes/no field, the answer that rolls no further dice)
    "anaconda": ("anaconda", "fight", False),
    "rattenlord": ("rattenlord", "withdraw", True),
    "monokel": ("monokel", "keep", True),
    "counter": ("counter", "allow", False),
}


def own_turn(view: Mapping[str, JSON], seat: int) -> V6Turn:
    """The turn in ``view`` if it is ``seat``'s, else ValueError (a policy acts on its turn)."""
    shown = typed_view(view)
    turn = shown["turn"]
    if shown["viewer"] != seat or turn is None:
        raise ValueError(f"not a view of seat {seat}'s turn")
    if turn["player"] != shown["seats"][seat]["player"]:
        raise ValueError(f"not seat {seat}'s turn")
    return turn


def legal_actions(view: Mapping[str, JSON], seat: int) -> list[Action]:
    """Every action the view offers ``seat`` now (a joker choice: none or one joker)."""
    turn = own_turn(view, seat)
    legal = typed_view(view)["legal"]
    phase = turn["phase"]
    if phase == "jokers":
        return [
            Action("jokers", {"jokers": []}),
            *(Action("jokers", {"jokers": [j]}) for j in legal["jokers"]),
            *(Action("jokers", {"jokers": [j], "free": True}) for j in legal["free_jokers"]),
        ]
    if phase == "step":
        actions = [Action("weiter"), Action("stopp")]
        for joker in turn["announceable"]:
            if joker == "sekante":
                actions += [
                    Action("weiter", {"joker": joker, "target": target})
                    for target in legal["targets"]
                ]
            else:
                actions.append(Action("weiter", {"joker": joker}))
        return actions
    if phase == "steal":
        return [Action("steal", {"victim": v}) for v in legal["victims"]]
    name, field, _ = DECISIONS[phase]
    return [Action(name, {field: True}), Action(name, {field: False})]


def passive(view: Mapping[str, JSON], seat: int) -> Action:
    """The answer to a joker's decision that rolls no further dice."""
    name, field, answer = DECISIONS[own_turn(view, seat)["phase"]]
    return Action(name, {field: answer})


def eyes(view: Mapping[str, JSON], seat: int) -> int:
    return typed_view(view)["seats"][seat]["eyes"]


def to_beat(view: Mapping[str, JSON], seat: int) -> int:
    """The best score of the others who already ended their turn with eyes (0 if none)."""
    others = [
        s["eyes"]
        for i, s in enumerate(typed_view(view)["seats"])
        if i != seat and s["role"] == "prinzessin"
    ]
    return max([0, *others])


def still_to_come(view: Mapping[str, JSON], seat: int) -> int:
    """Players who have not had their turn in this Durchgang (Jungfrauen)."""
    seats = typed_view(view)["seats"]
    return sum(1 for i, s in enumerate(seats) if i != seat and s["role"] == "jungfrau")


def ahead_as_last(
    eyes_wanted: int,
) -> Callable[[Mapping[str, JSON], int], bool]:
    """Stop at ``eyes_wanted``; the last to play stops as soon as he is ahead (and rolls on
    until he is)."""

    def stops(view: Mapping[str, JSON], seat: int) -> bool:
        x = eyes(view, seat)
        if still_to_come(view, seat) == 0:
            return x > to_beat(view, seat)
        return x >= eyes_wanted

    return stops


def richest_victim(view: Mapping[str, JSON]) -> Action:
    """A robbery takes from the eligible victim with the most eyes (the first of equals)."""
    shown = typed_view(view)
    names = shown["legal"]["victims"]
    by_name = {s["player"]: s["eyes"] for s in shown["seats"]}
    best = max(names, key=lambda n: by_name[n])
    return Action("steal", {"victim": best})


def without_jokers(
    view: Mapping[str, JSON], seat: int, stops: Callable[[Mapping[str, JSON], int], bool]
) -> Action:
    """A turn played without jokers (level "leicht"; "stark" beyond its model's range):
    no joker chosen, ``stopp`` or ``weiter`` as ``stops`` says, the richest victim robbed,
    a joker's decision answered without rolling further."""
    phase = own_turn(view, seat)["phase"]
    if phase == "jokers":
        return Action("jokers", {"jokers": []})
    if phase == "step":
        return Action("stopp" if stops(view, seat) else "weiter")
    if phase == "steal":
        return richest_victim(view)
    return passive(view, seat)
