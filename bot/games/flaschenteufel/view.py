"""What a viewer sees: his own hand; Lopaka's hand and open sets for all; the devil's trick
for nobody until scoring; passes only for giver (the receiver finds them in his hand)."""

from __future__ import annotations

from bot.engine import JSON
from bot.games.flaschenteufel.rules import humans, pass_targets, playable, to_act
from bot.games.flaschenteufel.state import PLAY, FState


def view(state: FState, viewer: int | None) -> dict[str, JSON]:
    seats = []
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
    mine = viewer if viewer is not None and viewer in acting and state.phase == PLAY else None
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
        "legal": playable(state, mine) if mine is not None else [],
        "devil_count": len(state.devil),
        "seats": seats,
        "pass_to": [state.name(s) for s in targets],  # the viewer's: left, right (or the other)
        "scores": state.scores,
    }
