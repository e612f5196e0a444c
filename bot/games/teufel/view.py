"""What a viewer sees: every pawn's position; exact balances only his own and those of pact
holders; bets only once all are in (before that: who has bet), and each seat's bets of the
last rounds, which the table saw revealed. The events the same way (:func:`redact`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired, TypedDict, cast

from bot.engine import JSON, Action
from bot.games.teufel.state import BET, TeufelState
from bot.games.teufel.track import position


class TeufelLegal(TypedDict):
    bets: list[int]  # the lowest and highest bet he may seal now (empty: none)
    verbs: list[str]  # draw, stopp


class TeufelSeat(TypedDict):
    player: str
    position: int  # on the track: see bot.games.teufel.track
    balance: int | None  # None: hidden (another seat's, without a pact)
    pact: bool
    has_bet: bool
    bet: int | None  # None: none yet, or hidden until all are in
    coal: int
    pieces: int
    devil: bool
    pulled: bool
    shown_bets: list[int]  # his revealed bets of the last rounds, the latest last


class TeufelView(TypedDict):
    """The public view (``viewer`` None) and each seat's: the same shape."""

    game: Literal["teufel"]
    viewer: int | None
    round: int
    phase: str
    starter: str
    turn: str | None  # who pulls now
    oven: int  # tiles left in it
    seats: list[TeufelSeat]
    last_round: dict[str, object]
    legal: TeufelLegal
    set_aside: NotRequired[list[int]]  # never built here: the tiles turned since the refill,
    # which a computer player reads where a view carries them (the tests' full views)


def typed_view(view: Mapping[str, JSON]) -> TeufelView:
    """A view the engine handed on (``Outcome.public``, ``Outcome.private[player]``), read
    as its type: every reader outside the engine takes it through here."""
    return cast(TeufelView, view)


def legal_view(actions: Sequence[Action]) -> TeufelLegal:
    """The viewer's legal actions: the lowest and highest bet he may seal now (every
    multiple of 10 between them is legal; none: no bet now) and what else he may do
    (draw, stopp)."""
    bets = [int(a.args["amount"]) for a in actions if a.do == "bet"]
    return {
        "bets": [min(bets), max(bets)] if bets else [],
        "verbs": [a.do for a in actions if a.do != "bet"],
    }


def view(state: TeufelState, viewer: int | None, legal: Sequence[Action] = ()) -> TeufelView:
    """``legal``: the viewer's legal actions (the engine's, so the two agree)."""
    revealed = state.phase != BET
    seats: list[TeufelSeat] = []
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
                "shown_bets": list(seat.shown_bets),
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
