"""The course of an Abend: turns in a Durchgang's order, Durchgang ends, the next order."""

from __future__ import annotations

from bot.engine import Event, Rng
from bot.games.verflixte6 import ranking
from bot.games.verflixte6.state import AM_ZUG, JUNGFRAU, ZOMBIE, DurchgangResult, Turn, V6State


def start_turn(state: V6State) -> list[Event]:
    seat = state.order[state.position]
    state.turn = Turn(seat=seat)
    player = state.seats[seat]
    player.role = AM_ZUG
    data = {"player": player.player, "durchgang": state.durchgang, "eyes": player.eyes}
    return [Event("turn", data)]


def end_turn(state: V6State, rng: Rng) -> list[Event]:
    """The next player's turn, or the end of the Durchgang (unused jokers lapse)."""
    state.position += 1
    if state.position < len(state.order):
        return start_turn(state)
    return _end_durchgang(state, rng)


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
    events = [
        Event(
            "stechen",
            {
                "place": entry.place,
                "rolls": _named_rolls(state, entry.rounds),
                "winner": state.name(entry.winner),
            },
        )
        for entry in stechen_log
    ]
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
        seat.eyes, seat.role, seat.keuler_paid, seat.sekante_hit = 0, JUNGFRAU, False, False
    events.append(
        Event("durchgang", {"durchgang": number, "order": [state.name(s) for s in order]})
    )
    return events + start_turn(state)


def table(state: V6State) -> list[dict[str, object]]:
    """The group table: points, then eyes (seat order among the still level)."""
    ranked = sorted(state.seats, key=lambda s: (-s.abend_points, -s.abend_eyes))
    return [{"player": s.player, "points": s.abend_points, "eyes": s.abend_eyes} for s in ranked]
