"""What a viewer sees: ranks, placements, items and the display (and which of its slots
are taken this round) for all; a demon's dice
only for its owner until a fight (or the Satansbraten rule) reveals them. The events the
same way (:func:`redact`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict, cast

from bot.engine import JSON, Action
from bot.games.dicedevils.rules import pending, points, to_act
from bot.games.dicedevils.state import DDState


class DDDemon(TypedDict):
    player: str
    rank: str
    dice: list[int] | None  # None: hidden (another's, until a fight reveals them)
    slot: int | None  # the display's slot it is placed at (None: not placed)
    items: list[str]
    points: int


class DDView(TypedDict):
    """The public view (``viewer`` None) and each seat's: the same shape."""

    game: Literal["dicedevils"]
    viewer: int | None
    round: int
    phase: str
    display: list[str]  # the items on offer, by slot
    taken: list[int]  # display slots whose item went out this round
    pile: int  # items left in it
    demons: list[DDDemon]
    to_act: list[str]
    pending: str | None  # the decision asked now (reroll, steal, swap_item, swap_rank)
    legal: list[dict[str, JSON]]  # the viewer's legal actions, as Action.to_dict


def typed_view(view: Mapping[str, JSON]) -> DDView:
    """A view the engine handed on (``Outcome.public``, ``Outcome.private[player]``), read
    as its type: every reader outside the engine takes it through here."""
    return cast(DDView, view)


def view(state: DDState, viewer: int | None, legal: Sequence[Action] = ()) -> DDView:
    """``legal``: the viewer's legal actions (the engine's, so the two agree)."""
    demons: list[DDDemon] = []
    for index, demon in enumerate(state.demons):
        demons.append(
            {
                "player": demon.player,
                "rank": demon.rank,
                "dice": list(demon.dice) if demon.revealed or viewer == index else None,
                "slot": demon.slot,
                "items": list(demon.items),
                "points": points(demon.items),
            }
        )
    return {
        "game": "dicedevils",
        "viewer": viewer,
        "round": state.round,
        "phase": state.phase,
        "display": list(state.display),
        "taken": list(state.taken),
        "pile": len(state.pile),
        "demons": demons,
        "to_act": [state.demons[s].player for s in to_act(state)],
        "pending": pending(state),
        "legal": [a.to_dict() for a in legal],
    }


def redact(event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON]:
    """An event as ``viewer`` (a player; None: the public) may see it: the dice rolled
    under the cups (``roll``) each owner only his own; a fight's dice (``dice``,
    ``reroll``) are shown to all as they are revealed."""
    shown = dict(event)
    if event.get("type") == "roll":
        rolled = event.get("dice")
        mine = rolled.get(viewer) if isinstance(rolled, dict) and viewer is not None else None
        shown["dice"] = {} if mine is None else {viewer: mine}
    return shown
