"""What a viewer sees: every pawn's position; exact balances only his own and those of pact
holders; bets only once all are in (before that: who has bet). The events the same way
(:func:`redact`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action
from bot.games.teufel.state import BET, TeufelState
from bot.games.teufel.track import position


def legal_view(actions: Sequence[Action]) -> dict[str, JSON]:
    """The viewer's legal actions: the lowest and highest bet he may seal now (every
    multiple of 10 between them is legal; none: no bet now) and what else he may do
    (draw, stopp)."""
    bets = [int(a.args["amount"]) for a in actions if a.do == "bet"]
    return {
        "bets": [min(bets), max(bets)] if bets else [],
        "verbs": [a.do for a in actions if a.do != "bet"],
    }


def view(state: TeufelState, viewer: int | None, legal: Sequence[Action] = ()) -> dict[str, JSON]:
    """``legal``: the viewer's legal actions (the engine's, so the two agree)."""
    revealed = state.phase != BET
    seats = []
    for index, seat in enumerate(state.seats):
        own = viewer == index
        seats.append(
            {
                "player": seat.player,
                "position": position(seat.balance),
                "balance": seat.balance if own or seat.pact else None,
                "pact": seat.pact,
                "has_bet": seat.bet is not None,
                "bet": seat.bet if revealed or own else None,
                "coal": seat.coal,
                "pieces": seat.pieces,
                "devil": seat.devil,
                "pulled": seat.pulled,
            }
        )
    return {
        "game": "teufel",
        "viewer": viewer,
        "round": state.round,
        "phase": state.phase,
        "starter": state.seats[state.starter].player,
        "turn": None if state.turn is None else state.seats[state.turn].player,
        "oven": len(state.oven),
        "seats": seats,
        "last_round": state.last_round,
        "legal": legal_view(legal),
    }


def redact(event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON]:
    """An event as ``viewer`` (a player; None: the public) may see it: a sealed bet's amount
    only the bettor, until the ``bets`` event reveals them all together."""
    shown = dict(event)
    if event.get("type") == "bet_placed" and (viewer is None or event.get("player") != viewer):
        shown.pop("amount", None)
    return shown
