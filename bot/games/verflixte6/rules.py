"""Die verflixte 6: checking and dispatching a player's action within a turn.

Every handler validates before it changes anything, so a refused action leaves the state
as it was. The turn's course lives in ``steps`` and ``jokers``, the Abend's in ``flow``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.games.verflixte6 import jokers
from bot.games.verflixte6.flow import end_turn
from bot.games.verflixte6.state import (
    AUTO_JOKERS,
    DECISIONS,
    FROST_USES,
    JOKER_IDS,
    MAX_JOKERS,
    PHASE_JOKERS,
    PHASE_STEAL,
    PHASE_STEP,
    PRINZESSIN,
    ZOMBIE,
    Turn,
    V6State,
)
from bot.games.verflixte6.steps import eligible_victims, keuler_check, normal_roll, transfer

FIRST_FREE_DURCHGANG = 2


def current_turn(state: V6State) -> Turn:
    if state.finished or state.turn is None:
        raise IllegalAction("game.over")
    return state.turn


def check(state: V6State, seat: int, verb: str | None) -> Turn:
    """Whether ``seat`` may ``verb`` now (None: whatever the turn asks of him): the turn,
    or the refusal. The first checks of every action, and what a prompt asks before it
    opens."""
    turn = current_turn(state)
    if seat != turn.seat:
        raise IllegalAction("game.not_your_turn", player=state.name(turn.seat), count=1)
    if verb is None:
        return turn
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise IllegalAction("game.unknown_action", action=verb)
    if turn.phase != handler[0]:
        raise IllegalAction(f"v6.phase.{turn.phase}")
    return turn


def apply(state: V6State, seat: int, action: Action, rng: Rng) -> list[Event]:
    turn = check(state, seat, action.do)
    return _HANDLERS[action.do][1](state, turn, action, rng)


# --- joker choice -------------------------------------------------------------------


def can_choose_free(state: V6State, seat: int) -> bool:
    """Freie Jokerwahl: in a Finale, once per finalist, in Durchgang 2 or later."""
    return (
        state.finale and state.durchgang >= FIRST_FREE_DURCHGANG and not state.seats[seat].free_used
    )


def choosable(state: V6State, seat: int, free: bool) -> list[str]:
    """The jokers this player may choose now (all of them with Freie Jokerwahl)."""
    if free:
        return list(JOKER_IDS)
    used = state.seats[seat].jokers_used
    return [j for j in JOKER_IDS if j not in used]


def _choose_jokers(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    chosen = action.args.get("jokers", [])
    free = action.args.get("free", False) is True
    if not isinstance(chosen, list) or not all(isinstance(j, str) for j in chosen):
        raise IllegalAction("v6.jokers_malformed")
    for joker in chosen:
        if joker not in JOKER_IDS:
            raise IllegalAction("v6.joker_unknown", joker=joker)
    if len(chosen) > MAX_JOKERS:
        raise IllegalAction("v6.too_many_jokers", count=len(chosen))
    if len(set(chosen)) != len(chosen):
        raise IllegalAction("v6.joker_twice")
    if free and not can_choose_free(state, turn.seat):
        raise IllegalAction("v6.free_not_allowed")
    allowed = choosable(state, turn.seat, free)
    for joker in chosen:
        if joker not in allowed:
            raise IllegalAction("v6.joker_used", joker=joker)
    player = state.seats[turn.seat]
    player.free_used = player.free_used or free
    player.jokers_used += [j for j in chosen if j not in player.jokers_used]
    turn.chosen, turn.free, turn.phase = list(chosen), free, PHASE_STEP
    face = rng.roll(6)
    player.eyes += face
    return [
        Event("jokers", {"player": player.player, "jokers": list(chosen), "free": free}),
        Event("freiwurf", {"player": player.player, "die": face, "eyes": player.eyes}),
    ]


# --- steps ----------------------------------------------------------------------------


def announceable(turn: Turn) -> list[str]:
    """Chosen jokers that can still be announced in a step (auto-jokers act by themselves)."""
    result = []
    for joker in turn.chosen:
        if joker in AUTO_JOKERS or joker in turn.played:
            continue
        if joker == "frostschutz" and turn.frost_uses >= FROST_USES:
            continue
        result.append(joker)
    return result


def sekante_targets(state: V6State, attacker: int) -> list[int]:
    """Players a Sekante may hit: not the attacker, no Zombie, not hit this Durchgang."""
    return [
        i
        for i, seat in enumerate(state.seats)
        if i != attacker and seat.role != ZOMBIE and not seat.sekante_hit
    ]


def _step_joker(state: V6State, turn: Turn, action: Action) -> tuple[str | None, int | None]:
    """The joker announced for this step and its target seat, checked."""
    joker: JSON = action.args.get("joker")
    target_name: JSON = action.args.get("target")
    if isinstance(joker, list):
        if "ventil" in joker and len(joker) > 1:
            raise IllegalAction("v6.ventil_alone")
        if len(joker) > 1:
            raise IllegalAction("v6.one_joker_per_step")
        joker = joker[0] if joker else None
    if joker is None:
        if target_name is not None:
            raise IllegalAction("v6.target_without_sekante")
        return None, None
    if joker not in JOKER_IDS:
        raise IllegalAction("v6.joker_unknown", joker=str(joker))
    if joker in AUTO_JOKERS:
        raise IllegalAction("v6.joker_auto", joker=joker)
    if joker not in announceable(turn):
        raise IllegalAction("v6.joker_not_available", joker=joker)
    if joker != "sekante":
        if target_name is not None:
            raise IllegalAction("v6.target_without_sekante")
        return joker, None
    target = state.seat_of(str(target_name)) if target_name is not None else None
    if target is None:
        raise IllegalAction("v6.sekante_needs_target")
    if target not in sekante_targets(state, turn.seat):
        raise IllegalAction("v6.sekante_target", target=str(target_name))
    return joker, target


def _weiter(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    joker, target = _step_joker(state, turn, action)
    if joker is None:
        return normal_roll(state, turn, rng)
    events: list[Event] = []
    if turn.fumo:
        turn.fumo, turn.fumo_bonus = False, 0
        events.append(Event("fumo_end", {"player": state.name(turn.seat)}))
    if joker != "frostschutz":
        turn.played.append(joker)
    events.append(Event("joker", {"player": state.name(turn.seat), "joker": joker}))
    return events + jokers.ANNOUNCED[joker](state, turn, rng, target)


def _stopp(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    player = state.seats[turn.seat]
    player.role = PRINZESSIN
    events = [Event("stopp", {"player": player.player, "eyes": player.eyes})]
    return events + end_turn(state, rng)


def _steal(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
    victim_name = action.args.get("victim")
    victim_seat = state.seat_of(str(victim_name)) if victim_name is not None else None
    if victim_seat is None or victim_seat not in eligible_victims(state, turn.seat):
        raise IllegalAction("v6.victim_not_eligible", victim=str(victim_name))
    amount = turn.steal_amount
    turn.phase, turn.steal_amount = PHASE_STEP, 0
    before = transfer(state, turn.seat, victim_seat, amount)
    robber, victim = state.seats[turn.seat], state.seats[victim_seat]
    steal = Event(
        "steal",
        {
            "player": robber.player,
            "victim": victim.player,
            "amount": amount,
            "eyes": robber.eyes,
            "victim_eyes": victim.eyes,
        },
    )
    return [steal, *keuler_check(state, turn.seat, victim_seat, before)]


def _decision(name: str, field: str) -> Callable[[V6State, Turn, Action, Rng], list[Event]]:
    def decide(state: V6State, turn: Turn, action: Action, rng: Rng) -> list[Event]:
        answer = action.args.get(field)
        if not isinstance(answer, bool):
            raise IllegalAction("v6.decision_needed", action=name, field=field)
        return jokers.DECIDE[turn.phase](state, turn, rng, answer)

    return decide


_HANDLERS: dict[str, tuple[str, Callable[[V6State, Turn, Action, Rng], list[Event]]]] = {
    "jokers": (PHASE_JOKERS, _choose_jokers),
    "weiter": (PHASE_STEP, _weiter),
    "stopp": (PHASE_STEP, _stopp),
    "steal": (PHASE_STEAL, _steal),
    **{name: (phase, _decision(name, field)) for phase, (name, field) in DECISIONS.items()},
}
