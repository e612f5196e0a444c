"""The announced jokers ("weiter mit Joker X") and the decisions some of them ask for.

Inside a joker's own rolls a 1 steals nothing and a 6 busts nobody unless the joker says
so; Tentakel pays nothing on them. Each effect ends with :func:`steps.finish_step`
(Törtchen's +1, the Ventil floor), unless the turn ends or a decision is pending.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Event, Rng
from bot.games.verflixte6.flow import end_turn
from bot.games.verflixte6.state import (
    FROST_USES,
    PHASE_ANACONDA,
    PHASE_COUNTER,
    PHASE_MONOKEL,
    PHASE_RATTENLORD,
    ZOMBIE,
    Sekante,
    Turn,
    V6State,
)
from bot.games.verflixte6.steps import finish_step, gain, keuler_check, normal_roll, transfer

SEKANTE_EXCHANGES = 5
SEKANTE_WORTH = 2


def frostschutz(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    """The n-th use subtracts faces 1..n and adds the others; a 6 is absorbed and uses it up."""
    turn.frost_uses += 1
    n = turn.frost_uses
    face = rng.roll(6)
    change = -face if face <= n else face
    if face == 6 or n == FROST_USES:
        turn.played.append("frostschutz")
    events = [gain(state, turn, change, "frostschutz", use=n, die=face)]
    return events + finish_step(state, turn)


def spelunkenbold(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    face = rng.roll(6)
    change = -3 if face == 6 else face + 5
    return [gain(state, turn, change, "spelunkenbold", die=face), *finish_step(state, turn)]


def anaconda(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    turn.anaconda_attack = rng.roll(6)
    turn.phase = PHASE_ANACONDA
    return [
        Event("anaconda_attack", {"player": state.name(turn.seat), "die": turn.anaconda_attack})
    ]


def anaconda_decide(state: V6State, turn: Turn, rng: Rng, fight: bool) -> list[Event]:
    attack = turn.anaconda_attack
    if not fight:
        return [
            gain(state, turn, -2, "anaconda", fight=False, attack=attack),
            *finish_step(state, turn),
        ]
    face = rng.roll(6)
    change = 12 + face if face >= attack else -10
    event = gain(state, turn, change, "anaconda", fight=True, attack=attack, die=face)
    return [event, *finish_step(state, turn)]


def hirtenschutz(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    face = rng.roll(6)
    return [gain(state, turn, 2 * face, "hirtenschutz", die=face), *finish_step(state, turn)]


def rattenlord(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    face = rng.roll(6)
    if face >= 5:
        return [gain(state, turn, 18, "rattenlord", dice=[face]), *finish_step(state, turn)]
    turn.phase = PHASE_RATTENLORD
    return [Event("rattenlord_first", {"player": state.name(turn.seat), "die": face})]


def rattenlord_decide(state: V6State, turn: Turn, rng: Rng, withdraw: bool) -> list[Event]:
    if withdraw:
        return [gain(state, turn, -2, "rattenlord", withdraw=True), *finish_step(state, turn)]
    face = rng.roll(6)
    change = 18 if face >= 5 else -10
    return [gain(state, turn, change, "rattenlord", dice=[face]), *finish_step(state, turn)]


def all_in(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    """1–3 doubles the total; 4–6 is 0 and the end — nothing saves from it."""
    face = rng.roll(6)
    player = state.seats[turn.seat]
    if face <= 3:
        return [gain(state, turn, player.eyes, "all_in", die=face), *finish_step(state, turn)]
    player.eyes = 0
    player.role = ZOMBIE
    events = [Event("all_in_lost", {"player": player.player, "die": face, "eyes": 0})]
    return events + end_turn(state, rng)


def pony(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    dice = [rng.roll(6) for _ in range(3)]
    change = sum(dice) if sum(dice) >= 11 else -5
    return [gain(state, turn, change, "pony", dice=dice), *finish_step(state, turn)]


def monokel(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    turn.monokel_dice = [rng.roll(6), rng.roll(6)]
    turn.phase = PHASE_MONOKEL
    return [Event("monokel_shown", {"player": state.name(turn.seat), "dice": turn.monokel_dice})]


def monokel_decide(state: V6State, turn: Turn, rng: Rng, keep: bool) -> list[Event]:
    dice = turn.monokel_dice if keep else [rng.roll(6), rng.roll(6)]
    turn.monokel_dice = []
    event = gain(state, turn, sum(dice), "monokel", dice=dice, rerolled=not keep)
    return [event, *finish_step(state, turn)]


def sekante(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    assert target is not None
    state.seats[target].sekante_hit = True
    turn.sekante = Sekante(target=target, attack=rng.roll(6))
    turn.phase = PHASE_COUNTER
    return [
        Event("sekante_start", {"player": state.name(turn.seat), "target": state.name(target)}),
        _attack_event(state, turn.sekante),
    ]


def _attack_event(state: V6State, duel: Sekante) -> Event:
    return Event("sekante_attack", {"exchange": duel.exchange, "die": duel.attack})


def sekante_counter(state: V6State, turn: Turn, rng: Rng, allow: bool) -> list[Event]:
    duel = turn.sekante
    assert duel is not None
    data: dict[str, object] = {"exchange": duel.exchange, "attack": duel.attack, "allow": allow}
    if allow:
        defence = rng.roll(6)
        winner = 0 if duel.attack > defence else 1
        duel.won[winner] += SEKANTE_WORTH
        data |= {"die": defence, "winner": state.name(turn.seat if winner == 0 else duel.target)}
    data["score"] = list(duel.won)
    events = [Event("sekante_exchange", data)]
    if duel.exchange < SEKANTE_EXCHANGES:
        duel.exchange += 1
        duel.attack = rng.roll(6)
        return [*events, _attack_event(state, duel)]
    turn.sekante = None
    difference = duel.won[0] - duel.won[1]
    before = transfer(state, turn.seat, duel.target, difference)
    attacker, defender = state.seats[turn.seat], state.seats[duel.target]
    summary = Event(
        "sekante",
        {
            "player": attacker.player,
            "target": defender.player,
            "score": list(duel.won),
            "change": difference,
            "eyes": attacker.eyes,
            "target_eyes": defender.eyes,
        },
    )
    keuler = keuler_check(state, turn.seat, duel.target, before)
    return [*events, summary, *keuler, *finish_step(state, turn)]


def ventil(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    """A floor at the current total, then a forced normal roll in the same step."""
    turn.floor = state.seats[turn.seat].eyes
    events = [Event("ventil", {"player": state.name(turn.seat), "floor": turn.floor})]
    return events + normal_roll(state, turn, rng)


def fumo(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    """Normal rolls count double from this step until stopp or the next joker."""
    turn.fumo, turn.fumo_bonus = True, 0
    return [Event("fumo", {"player": state.name(turn.seat)}), *normal_roll(state, turn, rng)]


def cherry(state: V6State, turn: Turn, rng: Rng, target: int | None) -> list[Event]:
    dice = [rng.roll(6) for _ in range(4)]
    successes = sum(1 for d in dice if d >= 3)
    counters = [rng.roll(6) for _ in range(successes)]
    change = 3 * (successes - sum(1 for c in counters if c >= 5))
    event = gain(state, turn, change, "cherry", dice=dice, counters=counters)
    return [event, *finish_step(state, turn)]


Effect = Callable[[V6State, Turn, Rng, "int | None"], list[Event]]
Decision = Callable[[V6State, Turn, Rng, bool], list[Event]]

ANNOUNCED: dict[str, Effect] = {
    "frostschutz": frostschutz,
    "spelunkenbold": spelunkenbold,
    "anaconda": anaconda,
    "hirtenschutz": hirtenschutz,
    "rattenlord": rattenlord,
    "all_in": all_in,
    "pony": pony,
    "monokel": monokel,
    "sekante": sekante,
    "ventil": ventil,
    "fumo": fumo,
    "cherry": cherry,
}

DECIDE: dict[str, Decision] = {
    PHASE_ANACONDA: anaconda_decide,
    PHASE_RATTENLORD: rattenlord_decide,
    PHASE_MONOKEL: monokel_decide,
    PHASE_COUNTER: sekante_counter,
}
