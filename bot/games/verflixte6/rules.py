"""A turn of Die verflixte 6: joker choice, Freiwurf, weiter/stopp, bust, räuberische 1.

Every function checks before it changes anything, so a refused action leaves the state
as it was. Jokers themselves are not played yet: a turn may choose none.
"""

from __future__ import annotations

from bot.engine import Action, Event, IllegalAction, Rng
from bot.games.verflixte6 import ranking
from bot.games.verflixte6.state import (
    AM_ZUG,
    JOKER_IDS,
    JUNGFRAU,
    MAX_ROBBERY,
    PHASE_JOKERS,
    PHASE_STEAL,
    PHASE_STEP,
    PRINZESSIN,
    ZOMBIE,
    DurchgangResult,
    Turn,
    V6State,
)

KEULER_BONUS = 5


def current_turn(state: V6State) -> Turn:
    if state.finished or state.turn is None:
        raise IllegalAction("game.over")
    return state.turn


def eligible_victims(state: V6State, robber: int) -> list[int]:
    """Other players who are Jungfrau or Prinzessin (never a Zombie), in seat order."""
    return [
        i
        for i, seat in enumerate(state.seats)
        if i != robber and seat.role in (JUNGFRAU, PRINZESSIN)
    ]


def apply(state: V6State, seat: int, action: Action, rng: Rng) -> list[Event]:
    turn = current_turn(state)
    if seat != turn.seat:
        raise IllegalAction("game.not_your_turn", player=state.name(turn.seat))
    handler = _HANDLERS.get(action.do)
    if handler is None:
        raise IllegalAction("game.unknown_action", action=action.do)
    expected_phase, func = handler
    if turn.phase != expected_phase:
        raise IllegalAction(f"v6.phase.{turn.phase}")
    return func(state, turn, action, rng)


def _choose_jokers(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    chosen = action.args.get("jokers", [])
    if not isinstance(chosen, list) or not all(isinstance(j, str) for j in chosen):
        raise IllegalAction("v6.jokers_malformed")
    for joker in chosen:
        if joker not in JOKER_IDS:
            raise IllegalAction("v6.joker_unknown", joker=joker)
    if chosen:
        raise IllegalAction("v6.jokers_not_yet")
    player = state.seats[turn.seat]
    turn.jokers = list(chosen)
    turn.phase = PHASE_STEP
    face = rng.roll(6)
    player.eyes += face
    name = player.player
    return [
        Event("jokers", {"player": name, "jokers": list(chosen)}),
        Event("freiwurf", {"player": name, "die": face, "eyes": player.eyes}),
    ]


def _weiter(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    if action.args.get("joker") is not None:
        raise IllegalAction("v6.jokers_not_yet")
    player = state.seats[turn.seat]
    face = rng.roll(6)
    if face == 6:
        player.eyes = 0
        player.role = ZOMBIE
        events = [Event("bust", {"player": player.player, "die": 6, "eyes": 0})]
        return events + _end_turn(state, rng)
    player.eyes += face
    events = [Event("roll", {"player": player.player, "die": face, "eyes": player.eyes})]
    if face == 1:
        events += _robbery_one(state, turn)
    return events


def _robbery_one(state: V6State, turn: Turn) -> list[Event]:
    turn.robbery_ones += 1
    amount = min(turn.robbery_ones, MAX_ROBBERY)
    victims = eligible_victims(state, turn.seat)
    robber = state.name(turn.seat)
    if not victims:
        return [Event("robbery_none", {"player": robber, "amount": amount})]
    turn.phase = PHASE_STEAL
    turn.steal_amount = amount
    names = [state.name(v) for v in victims]
    return [Event("robbery", {"player": robber, "amount": amount, "victims": names})]


def _steal(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    victim_name = action.args.get("victim")
    victim_seat = state.seat_of(str(victim_name)) if victim_name is not None else None
    if victim_seat is None or victim_seat not in eligible_victims(state, turn.seat):
        raise IllegalAction("v6.victim_not_eligible", victim=str(victim_name))
    amount = turn.steal_amount
    robber, victim = state.seats[turn.seat], state.seats[victim_seat]
    victim.eyes -= amount
    robber.eyes += amount
    turn.phase = PHASE_STEP
    turn.steal_amount = 0
    events = [
        Event(
            "steal",
            {
                "player": robber.player,
                "victim": victim.player,
                "amount": amount,
                "eyes": robber.eyes,
                "victim_eyes": victim.eyes,
            },
        )
    ]
    return events + keuler_check(state, turn.seat, victim_seat, victim.eyes + amount)


def keuler_check(state: V6State, culprit: int, victim_seat: int, before: int) -> list[Event]:
    """+5 for whoever first makes a Prinzessin fall to 0 or below (one bonus per victim)."""
    victim = state.seats[victim_seat]
    if victim.role != PRINZESSIN or victim.keuler_paid or before <= 0 or victim.eyes > 0:
        return []
    victim.keuler_paid = True
    keuler = state.seats[culprit]
    keuler.eyes += KEULER_BONUS
    return [
        Event(
            "keuler",
            {
                "player": keuler.player,
                "victim": victim.player,
                "bonus": KEULER_BONUS,
                "eyes": keuler.eyes,
            },
        )
    ]


def _stopp(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    player = state.seats[turn.seat]
    player.role = PRINZESSIN
    events = [Event("stopp", {"player": player.player, "eyes": player.eyes})]
    return events + _end_turn(state, rng)


def _end_turn(state: V6State, rng: Rng) -> list[Event]:
    state.position += 1
    if state.position < len(state.order):
        return start_turn(state)
    return _end_durchgang(state, rng)


def start_turn(state: V6State) -> list[Event]:
    seat = state.order[state.position]
    state.turn = Turn(seat=seat)
    state.seats[seat].role = AM_ZUG
    player = state.seats[seat]
    return [
        Event("turn", {"player": player.player, "durchgang": state.durchgang, "eyes": player.eyes})
    ]


def _end_durchgang(state: V6State, rng: Rng) -> list[Event]:
    for seat in state.seats:
        if seat.eyes <= 0:
            seat.eyes = 0
            seat.role = ZOMBIE
    eyes = [seat.eyes for seat in state.seats]
    points, stechen_log = ranking.durchgang_points(eyes, rng)
    for seat, gained in zip(state.seats, points, strict=True):
        seat.abend_eyes += seat.eyes
        seat.abend_points += gained
    state.results.append(DurchgangResult(state.durchgang, list(state.order), eyes, points))
    events = [_stechen_event(state, entry) for entry in stechen_log]
    events.append(
        Event(
            "durchgang_end",
            {
                "durchgang": state.durchgang,
                "eyes": {s.player: s.eyes for s in state.seats},
                "points": {s.player: p for s, p in zip(state.seats, points, strict=True)},
                "zombies": [s.player for s in state.seats if s.role == ZOMBIE],
            },
        )
    )
    state.turn = None
    if state.durchgang >= state.durchgaenge:
        state.finished = True
        return [*events, Event("abend_end", {"table": table(state)})]
    return events + start_durchgang(state, state.durchgang + 1, rng)


def _named_rolls(state: V6State, rounds: ranking.Rolls) -> list[dict[str, int]]:
    return [{state.name(s): face for s, face in r.items()} for r in rounds]


def _stechen_event(state: V6State, entry: ranking.Stechen) -> Event:
    return Event(
        "stechen",
        {
            "place": entry.place,
            "rolls": _named_rolls(state, entry.rounds),
            "winner": state.name(entry.winner),
        },
    )


def start_durchgang(state: V6State, number: int, rng: Rng) -> list[Event]:
    """Order: 1st as seated, 2nd reversed, later ones by the table (Herzog settles ties)."""
    events: list[Event] = []
    if number == 1:
        order = list(range(len(state.seats)))
    elif number == 2:
        order = list(reversed(state.results[0].order))
    else:
        order, rounds = ranking.order_by_table(
            range(len(state.seats)),
            lambda s: (state.seats[s].abend_points, state.seats[s].abend_eyes),
            rng,
        )
        if rounds:
            events.append(Event("herzog", {"rolls": _named_rolls(state, rounds)}))
    state.durchgang, state.order, state.position = number, order, 0
    for seat in state.seats:
        seat.eyes, seat.role, seat.keuler_paid = 0, JUNGFRAU, False
    events.append(
        Event("durchgang", {"durchgang": number, "order": [state.name(s) for s in order]})
    )
    return events + start_turn(state)


def table(state: V6State) -> list[dict[str, object]]:
    """The group table: points, then eyes (seat order among the still level)."""
    ranked = sorted(state.seats, key=lambda s: (-s.abend_points, -s.abend_eyes))
    return [{"player": s.player, "points": s.abend_points, "eyes": s.abend_eyes} for s in ranked]


_HANDLERS = {
    "jokers": (PHASE_JOKERS, _choose_jokers),
    "weiter": (PHASE_STEP, _weiter),
    "stopp": (PHASE_STEP, _stopp),
    "steal": (PHASE_STEAL, _steal),
}
