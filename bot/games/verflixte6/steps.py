"""What every step shares: the normal roll, the bust, the end of a step, the robbery."""

from __future__ import annotations

from bot.engine import Event, Rng
from bot.games.verflixte6.flow import end_turn
from bot.games.verflixte6.state import (
    JUNGFRAU,
    MAX_ROBBERY,
    PHASE_STEAL,
    PHASE_STEP,
    PRINZESSIN,
    ZOMBIE,
    Turn,
    V6State,
)

KEULER_BONUS = 5


def eligible_victims(state: V6State, robber: int) -> list[int]:
    """Other players who are Jungfrau or Prinzessin (never a Zombie), in seat order."""
    return [
        i
        for i, seat in enumerate(state.seats)
        if i != robber and seat.role in (JUNGFRAU, PRINZESSIN)
    ]


def gain(state: V6State, turn: Turn, amount: int, cause: str, **data: object) -> Event:
    """Change the player's eyes by ``amount`` and say why."""
    player = state.seats[turn.seat]
    player.eyes += amount
    return Event(cause, {"player": player.player, **data, "change": amount, "eyes": player.eyes})


def normal_roll(state: V6State, turn: Turn, rng: Rng) -> list[Event]:
    """A roll with no joker effect on it: 6 busts, 1 robs; Fumo doubles, Tentakel pays."""
    face = rng.roll(6)
    if face == 6:
        return bust(state, turn, rng)
    if turn.fumo:
        turn.fumo_bonus += face
        events = [gain(state, turn, 2 * face, "roll", die=face, fumo=True)]
        return events + finish_step(state, turn)
    if face <= 2 and turn.active("tentakel"):
        events = [gain(state, turn, face + 5, "roll", die=face, tentakel=True)]
        return events + finish_step(state, turn)
    events = [gain(state, turn, face, "roll", die=face)]
    events += finish_step(state, turn)
    if face == 1:
        events += robbery_one(state, turn)
    return events


def finish_step(state: V6State, turn: Turn) -> list[Event]:
    """After a step that did not end the turn: Törtchen's +1, the Ventil floor follows losses."""
    events: list[Event] = []
    turn.phase = PHASE_STEP
    if turn.active("toertchen") and not turn.fumo:
        events.append(gain(state, turn, 1, "toertchen"))
    eyes = state.seats[turn.seat].eyes
    if turn.floor is not None and eyes < turn.floor:
        turn.floor = eyes
        events.append(Event("ventil_floor", {"player": state.name(turn.seat), "floor": eyes}))
    return events


def bust(state: V6State, turn: Turn, rng: Rng) -> list[Event]:
    """A 6 on a normal roll: Runkelrüb may save, else the Ventil floor or 0 — the turn ends."""
    player = state.seats[turn.seat]
    events = [Event("six", {"player": player.player, "die": 6})]
    if turn.active("runkelrueb"):
        turn.played.append("runkelrueb")
        dice = [rng.roll(6), rng.roll(6)]
        saved = max(dice) >= 3
        events.append(Event("runkelrueb", {"player": player.player, "dice": dice, "saved": saved}))
        if saved:
            if turn.fumo:
                recount = -turn.fumo_bonus
                turn.fumo, turn.fumo_bonus = False, 0
                events.append(gain(state, turn, recount, "fumo_recount"))
            return events + finish_step(state, turn)
    if turn.floor is not None:
        player.eyes = turn.floor
        player.role = PRINZESSIN
        events.append(Event("bust", {"player": player.player, "eyes": player.eyes, "floor": True}))
    else:
        player.eyes = 0
        player.role = ZOMBIE
        events.append(Event("bust", {"player": player.player, "eyes": 0, "floor": False}))
    return events + end_turn(state, rng)


def robbery_one(state: V6State, turn: Turn) -> list[Event]:
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


def transfer(state: V6State, culprit: int, victim_seat: int, amount: int) -> int:
    """Move ``amount`` eyes from the victim to the culprit (negative: the other way);
    returns the victim's eyes before, for :func:`keuler_check`."""
    victim = state.seats[victim_seat]
    before = victim.eyes
    victim.eyes -= amount
    state.seats[culprit].eyes += amount
    return before


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
