"""What a viewer sees: every pawn's position; exact balances only his own and those of pact
holders; bets only once all are in (before that: who has bet)."""

from __future__ import annotations

from bot.engine import JSON
from bot.games.teufel.state import BET, TeufelState
from bot.games.teufel.track import position


def view(state: TeufelState, viewer: int | None) -> dict[str, JSON]:
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
    }
