"""What a viewer sees: his own hand; Lopaka's hand and open sets for all; the devil's trick
for nobody until scoring; passes only for giver (the receiver finds them in his hand).
The events the same way (:func:`redact`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired, TypedDict, cast

from bot.engine import JSON, Action
from bot.games.flaschenteufel.rules import humans, pass_targets, to_act
from bot.games.flaschenteufel.state import LOPAKA_NAME, FState

CARD_KEYS = ("card", "left", "right")


FLegal = TypedDict(  # "pass" is a keyword: the functional form
    "FLegal",
    {
        "play": list[int],  # cards
        "discard": list[int],
        "pass": list[int],
        "open": list[int],  # sets
    },
)


class FSeat(TypedDict):
    player: str
    dummy: bool  # Lopaka's hand
    cards: list[int] | None  # None: hidden (another player's)
    sets: list[list[int]] | None  # Glitterhuis, the viewer's own; None: hidden
    open_set: list[int]
    count: int  # cards in hand and sets
    tricks: int
    total: int
    passed: list[int] | None  # None: hidden
    discarded: bool
    has_passed: bool
    gave: NotRequired[list[int]]  # never built here: the cards he gave left and right, and
    discard: NotRequired[int | None]  # his discard, which a computer player reads where a
    # view carries them (the tests' views with the hand's history)


class FTrickCard(TypedDict):
    player: str
    card: int


class FView(TypedDict):
    """The public view (``viewer`` None) and each seat's: the same shape."""

    game: Literal["flaschenteufel"]
    viewer: int | None
    variant: str  # standard, lopaka, glitterhuis
    hand: int  # its number
    phase: str
    stage: int  # Glitterhuis: set 1, then set 2
    price: int
    owner: str | None
    trick: list[FTrickCard]
    to_act: list[str]
    legal: FLegal
    devil_count: int
    seats: list[FSeat]
    pass_to: list[str]
    scores: list[dict[str, int]]
    played: NotRequired[list[list[FTrickCard]]]  # never built here: the hand's completed
    # tricks, read like ``gave`` and ``discard`` of a seat


def typed_view(view: Mapping[str, JSON]) -> FView:
    """A view the engine handed on (``Outcome.public``, ``Outcome.private[player]``), read
    as its type: every reader outside the engine takes it through here."""
    return cast(FView, view)


def legal_view(actions: Sequence[Action]) -> FLegal:
    """The viewer's legal actions by verb: the cards he may play, discard or pass (a
    standard pass is any two different ones of these) and the sets he may open."""
    legal: dict[str, list[int]] = {"play": [], "discard": [], "pass": [], "open": []}
    for action in actions:
        if action.do == "open":
            legal["open"].append(int(action.args["set"]))
        else:
            legal[action.do] += [int(action.args[k]) for k in CARD_KEYS if k in action.args]
    return {
        "play": sorted(set(legal["play"])),
        "discard": sorted(set(legal["discard"])),
        "pass": sorted(set(legal["pass"])),
        "open": sorted(set(legal["open"])),
    }


def view(state: FState, viewer: int | None, legal: Sequence[Action] = ()) -> FView:
    """``legal``: the viewer's legal actions (the engine's, so the two agree)."""
    seats: list[FSeat] = []
    for index, hand in enumerate(state.hands):
        own = viewer == index
        seats.append(
            {
                "player": hand.player,
                "dummy": hand.dummy,
                "cards": sorted(hand.cards) if own or hand.dummy else None,
                "sets": [sorted(s) for s in hand.sets] if own else None,
                "open_set": sorted(hand.open_set),
                "count": len(hand.cards) + sum(len(s) for s in hand.sets),
                "tricks": hand.tricks,
                "total": hand.total,
                "passed": list(hand.passed) if own else None,
                "discarded": hand.discarded,
                "has_passed": bool(hand.passed),
            }
        )
    acting = to_act(state)
    own_seat = viewer is not None and viewer in humans(state)
    targets = pass_targets(state, viewer) if own_seat and viewer is not None else []
    return {
        "game": "flaschenteufel",
        "viewer": viewer,
        "variant": state.variant,
        "hand": state.hand_number,
        "phase": state.phase,
        "stage": state.stage,
        "price": state.price,
        "owner": None if state.owner is None else state.name(state.owner),
        "trick": [{"player": state.name(s), "card": c} for s, c in state.trick],
        "to_act": [state.name(s) for s in acting],
        "legal": legal_view(legal),
        "devil_count": len(state.devil),
        "seats": seats,
        "pass_to": [state.name(s) for s in targets],  # the viewer's: left, right (or the other)
        "scores": state.scores,
    }


def redact(event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON]:
    """An event as ``viewer`` (a player; None: the public) may see it. The deal shows a
    player his own hand (the sets, in Glitterhuis) and everybody Lopaka's open hand, never
    the devil's trick it starts; a discard shows its card, a pass its cards, only to who
    chose them; the received cards each player only his own (which card from whom). The
    devil's trick is shown when the hand is scored (``hand_end``), played and open cards
    as they are laid."""
    kind, shown = event.get("type"), dict(event)
    if kind == "deal":
        hands = event.get("hands")
        seen = (viewer, LOPAKA_NAME)  # Lopaka is a reserved name: no player is called so
        shown["hands"] = (
            {p: cards for p, cards in hands.items() if p in seen} if isinstance(hands, dict) else {}
        )
        shown.pop("devil", None)
    elif kind in ("discard", "pass") and (viewer is None or event.get("player") != viewer):
        shown.pop("card", None)
        shown.pop("cards", None)
    elif kind == "received":
        received = event.get("cards")
        mine = received.get(viewer) if isinstance(received, dict) and viewer is not None else None
        shown["cards"] = {} if mine is None else {viewer: mine}
    return shown
