"""Auf Teufel komm raus: sealed bets, pulling coal past devils, settling, pacts.

Handlers check first and change the state afterwards, so a refusal leaves it untouched.
"""

from __future__ import annotations

from bot.engine import Action, Event, IllegalAction, Rng
from bot.games.teufel.state import (
    BET,
    BONUS,
    CHIP,
    DEVIL,
    GOAL,
    OVER,
    PACT_PAYMENT,
    PULL,
    SHOWN_BETS,
    TILES,
    TeufelState,
)
from bot.games.teufel.track import position


def check(state: TeufelState, seat: int, verb: str | None) -> None:
    """Whether ``seat`` may ``verb`` now (None: bet in the bet phase, else draw or stopp),
    or the refusal: the first checks of every action, and what the bet form asks before it
    opens."""
    if state.phase == OVER:
        raise IllegalAction("game.over")
    if verb is None:
        verb = "bet" if state.phase == BET else "draw"
    if verb == "bet":
        if state.phase != BET:
            raise IllegalAction("teufel.bets_closed")
        if state.seats[seat].bet is not None:
            raise IllegalAction("teufel.already_bet")
    elif verb in ("draw", "stopp"):
        if state.phase != PULL:
            raise IllegalAction("teufel.bets_first")
        if seat != state.turn:
            turn = state.seats[state.turn or 0].player
            raise IllegalAction("game.not_your_turn", player=turn, count=1)
    else:
        raise IllegalAction("game.unknown_action", action=verb)


def apply(state: TeufelState, seat: int, action: Action, rng: Rng) -> list[Event]:
    check(state, seat, action.do)
    if action.do == "bet":
        return _bet(state, seat, action)
    return _draw(state, seat, rng) if action.do == "draw" else _stopp(state, seat)


def _bet(state: TeufelState, seat: int, action: Action) -> list[Event]:
    player = state.seats[seat]
    amount = action.args.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise IllegalAction("teufel.bad_bet")
    if amount % CHIP:
        raise IllegalAction("teufel.bet_chips", chip=CHIP)
    if amount > player.balance:
        raise IllegalAction("teufel.bet_too_high", balance=player.balance)
    player.bet = amount
    # the amount is the bettor's until all bets are in (``bets``): see the engine's redact
    events = [Event("bet_placed", {"player": player.player, "amount": amount})]
    if all(s.bet is not None for s in state.seats):
        state.phase, state.turn = PULL, state.order()[0]
        bets = {s.player: s.bet for s in state.seats}
        for other in state.seats:
            other.shown_bets = [*other.shown_bets, other.bet or 0][-SHOWN_BETS:]
        events += [
            Event("bets", {"round": state.round, "bets": bets}),
            Event("pull_turn", {"player": state.seats[state.turn].player}),
        ]
    return events


def _draw(state: TeufelState, seat: int, rng: Rng) -> list[Event]:
    player = state.seats[seat]
    tile = rng.pick(state.oven)
    state.oven.remove(tile)
    state.set_aside.append(tile)
    events: list[Event] = []
    if tile == DEVIL:
        player.devil, player.coal = True, 0
        events.append(
            Event("devil", {"player": player.player, "tile": "D", "left": len(state.oven)})
        )
        events += _pact_payments(state, seat)
    else:
        player.coal += tile
        player.pieces += 1
        data = {"player": player.player, "tile": tile, "coal": player.coal, "pieces": player.pieces}
        events.append(Event("coal", {**data, "left": len(state.oven)}))
    if tile == DEVIL or not state.oven:
        return events + _end_pull(state, seat, last_tile=not state.oven)
    return events


def _stopp(state: TeufelState, seat: int) -> list[Event]:
    player = state.seats[seat]
    events = [
        Event("stopp", {"player": player.player, "coal": player.coal, "pieces": player.pieces})
    ]
    return events + _end_pull(state, seat, last_tile=False)


def _pact_payments(state: TeufelState, payer_seat: int) -> list[Event]:
    """The devil's turner pays 50 to each pact holder (seat order after him) from money he
    did not bet; where that is short, the bank pays. Then every pact ends."""
    payer = state.seats[payer_seat]
    spare = payer.balance - (payer.bet or 0)
    events: list[Event] = []
    n = len(state.seats)
    for offset in range(1, n):
        holder = state.seats[(payer_seat + offset) % n]
        if not holder.pact:
            continue
        if spare >= PACT_PAYMENT:
            payer.balance -= PACT_PAYMENT
            spare -= PACT_PAYMENT
            by = payer.player
        else:
            state.bank += PACT_PAYMENT
            by = "bank"
        holder.balance += PACT_PAYMENT
        events.append(Event("pact_paid", {"to": holder.player, "by": by, "amount": PACT_PAYMENT}))
    if any(s.pact for s in state.seats):
        events.append(Event("pacts_end", {}))
    for seat in state.seats:
        seat.pact = False
    return events


def _end_pull(state: TeufelState, seat: int, *, last_tile: bool) -> list[Event]:
    state.seats[seat].pulled = True
    events: list[Event] = []
    if last_tile:
        skipped = [s for s in state.seats if not s.pulled]
        for other in skipped:
            other.pulled, other.coal, other.pieces = True, 0, 0
        events.append(Event("oven_empty", {"skipped": [s.player for s in skipped]}))
    waiting = [i for i in state.order() if not state.seats[i].pulled]
    if waiting:
        state.turn = waiting[0]
        return [*events, Event("pull_turn", {"player": state.seats[state.turn].player})]
    return events + _settle(state)


def _settle(state: TeufelState) -> list[Event]:
    seats = [state.seats[i] for i in state.order()]
    coal = {s.player: (0 if s.devil else s.coal) for s in seats}
    high = max(coal.values())
    top_bet = max(s.bet or 0 for s in seats)
    double = top_bet > 0 and top_bet <= high
    changes: dict[str, int] = {}
    for seat in seats:
        bet = seat.bet or 0
        won = 2 * bet if double and bet == top_bet else bet
        change = -bet if bet > high else won
        seat.balance += change
        state.bank += change
        changes[seat.player] = change
    bonuses: dict[str, list[str]] = {}
    if high > 0:
        for seat in seats:
            if coal[seat.player] == high:
                bonuses.setdefault(seat.player, []).append("coal")
    most = max((s.pieces for s in seats if not s.devil), default=0)
    if most > 0:
        for seat in seats:
            if not seat.devil and seat.pieces == most:
                bonuses.setdefault(seat.player, []).append("pieces")
    for seat in seats:
        bonus = BONUS * len(bonuses.get(seat.player, []))
        seat.balance += bonus
        state.bank += bonus
    settle = Event(
        "settle",
        {
            "round": state.round,
            "highest": high,
            "double": double,
            "bets": {s.player: s.bet or 0 for s in seats},
            "coal": coal,
            "pieces": {s.player: s.pieces for s in seats},
            "devils": [s.player for s in seats if s.devil],
            "changes": changes,
            "bonuses": bonuses,
        },
    )
    return [settle, *_move_and_next(state)]


def set_pacts(state: TeufelState) -> list[str]:
    """Pacts anew: a pawn alone on the last position, or any pawn on 0–50."""
    spots = [position(s.balance) for s in state.seats]
    lowest = min(spots)
    alone = spots.count(lowest) == 1
    holders = []
    for seat, spot in zip(state.seats, spots, strict=True):
        seat.pact = spot == 0 or (alone and spot == lowest)
        if seat.pact:
            holders.append(seat.player)
    return holders


def _move_and_next(state: TeufelState) -> list[Event]:
    spots = {s.player: position(s.balance) for s in state.seats}
    events = [Event("track", {"spots": spots, "pacts": set_pacts(state)})]
    if len(state.oven) < state.refill_below:
        state.oven, state.set_aside = list(TILES), []
        events.append(Event("refill", {"tiles": len(state.oven)}))
    if any(s.balance >= GOAL for s in state.seats):
        state.phase, state.turn = OVER, None
        best = max(s.balance for s in state.seats)
        winners = [s.player for s in state.seats if s.balance == best]
        return [*events, Event("game_end", {"winners": winners, "balances": balances(state)})]
    state.round += 1
    state.starter = (state.starter + 1) % len(state.seats)
    state.phase, state.turn = BET, None
    for seat in state.seats:
        seat.bet, seat.coal, seat.pieces, seat.devil, seat.pulled = None, 0, 0, False, False
    return [
        *events,
        Event("round", {"round": state.round, "starter": state.seats[state.starter].player}),
    ]


def balances(state: TeufelState) -> dict[str, int]:
    return {s.player: s.balance for s in state.seats}
