"""Dice Devils: reveal, secret rolls, placement in rank order, dice fights, the end.

Every handler checks before it changes anything. Dice stay secret (events marked ``secret``,
which the engine's ``redact`` shows each owner only his own) until a fight reveals them.
"""

from __future__ import annotations

from collections import Counter

from bot.engine import Action, Event, IllegalAction, Rng
from bot.games.dicedevils.state import (
    DECIDE,
    DISPLAY,
    DISPLAY_MORE_FIGHTS,
    END_ITEMS,
    FEHLER,
    OBER,
    OVER,
    PLACE,
    PUTZ,
    RANKS,
    SATANS,
    SPIEL,
    SPRING,
    VALUE,
    DDState,
    Demon,
    Fight,
    dice_of,
)

SET_BONUS = 3


# --- a round ------------------------------------------------------------------------------


def start_round(state: DDState, rng: Rng) -> list[Event]:
    n = len(state.demons)
    target = (DISPLAY_MORE_FIGHTS if state.more_fights else DISPLAY)[n]
    events: list[Event] = []
    while len(state.display) < target and state.pile:
        item = rng.pick(state.pile)
        state.pile.remove(item)
        state.display.append(item)
        events.append(Event("reveal", {"item": item}))
    if not state.display:
        return events + _finish(state)
    rolled = {}
    for seat in state.rank_order():
        demon = state.demons[seat]
        count, sides = dice_of(demon.rank)
        demon.dice, demon.revealed, demon.slot = (
            [rng.roll(sides) for _ in range(count)],
            False,
            None,
        )
        rolled[demon.player] = list(demon.dice)
    state.phase, state.fights = PLACE, []
    round_event = Event("round", {"round": state.round, "display": list(state.display)})
    return [*events, round_event, Event("roll", {"secret": True, "dice": rolled})]


def score(state: DDState, seat: int) -> int:
    """Two dice count: the Oberteufel's two highest; the Satansbraten's two plus the
    Oberteufel's lowest; everybody else's two."""
    demon = state.demons[seat]
    if demon.rank == OBER:
        return sum(sorted(demon.dice)[-2:])
    if demon.rank == SATANS:
        ober = state.of_rank(OBER)
        return sum(demon.dice) + (min(state.demons[ober].dice) if ober is not None else 0)
    return sum(demon.dice)


def to_act(state: DDState) -> list[int]:
    if state.phase == PLACE:
        waiting = [s for s in state.rank_order() if state.demons[s].slot is None]
        return waiting[:1]
    if state.phase == DECIDE:
        fight = current_fight(state)
        if fight.stage == "reroll":
            spiel = state.of_rank(SPIEL)
            return [spiel] if spiel is not None else []
        return [fight.winner] if fight.winner is not None else []
    return []


def pending(state: DDState) -> str | None:
    """The decision asked now (reroll, steal, swap_item, swap_rank), if any."""
    if state.phase != DECIDE:
        return None
    fight = current_fight(state)
    return {"reroll": "reroll", "ability": ability_verb(state, fight), "rank": "swap_rank"}[
        fight.stage
    ]


def check(state: DDState, seat: int, verb: str | None) -> None:
    """Whether ``seat`` is to act now, or the refusal: the first checks of every action,
    and what the decision's prompt asks before it opens (what he may do then is the
    engine's ``legal``)."""
    if state.phase == OVER:
        raise IllegalAction("game.over")
    if seat not in to_act(state):
        waiting = [state.demons[s].player for s in to_act(state)]
        if not waiting:
            raise IllegalAction("game.nobody_to_act")
        raise IllegalAction("game.not_your_turn", player=waiting, count=len(waiting))


def apply(state: DDState, seat: int, action: Action, rng: Rng) -> list[Event]:
    check(state, seat, action.do)
    if action.do == "place":
        return _place(state, seat, action, rng)
    if state.phase != DECIDE or action.do not in ("reroll", "steal", "swap_item", "swap_rank"):
        raise IllegalAction("dd.wrong_action", action=action.do)
    fight = current_fight(state)
    expected = {"reroll": "reroll", "ability": ability_verb(state, fight), "rank": "swap_rank"}[
        fight.stage
    ]
    if action.do != expected:
        raise IllegalAction("dd.expected", action=expected)
    return _DECISIONS[action.do](state, fight, action, rng)


def _place(state: DDState, seat: int, action: Action, rng: Rng) -> list[Event]:
    if state.phase != PLACE:
        raise IllegalAction("dd.wrong_action", action="place")
    slot = action.args.get("slot")
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(state.display):
        raise IllegalAction("dd.bad_slot", slots=len(state.display))  # players count from 1
    demon = state.demons[seat]
    demon.slot = slot
    events = [Event("place", {"player": demon.player, "slot": slot, "item": state.display[slot]})]
    if to_act(state):
        return events
    return events + _resolve(state, rng)


# --- resolving ------------------------------------------------------------------------------


def _resolve(state: DDState, rng: Rng) -> list[Event]:
    events: list[Event] = []
    by_slot: dict[int, list[int]] = {}
    for seat in state.rank_order():
        by_slot.setdefault(state.demons[seat].slot or 0, []).append(seat)
    fights = []
    for slot, seats in sorted(by_slot.items()):
        if len(seats) == 1:
            events.append(_take(state, seats[0], slot))
        else:
            fights.append(Fight(slot, seats))
    fights.sort(
        key=lambda f: (
            OBER not in [state.demons[s].rank for s in f.seats],
            min(RANKS.index(state.demons[s].rank) for s in f.seats),
        )
    )
    state.fights = fights
    satans = state.of_rank(SATANS)
    ober = state.of_rank(OBER)
    satans_fights = any(satans in f.seats for f in fights)
    ober_fights = any(ober in f.seats for f in fights)
    if satans_fights and ober is not None and not ober_fights:
        events.append(_reveal(state, [ober]))
    state.phase = DECIDE
    return events + _advance(state, rng)


def _take(state: DDState, seat: int, slot: int) -> Event:
    demon = state.demons[seat]
    demon.items.append(state.display[slot])
    state.taken.append(slot)
    return Event("take", {"player": demon.player, "item": state.display[slot], "slot": slot})


def _reveal(state: DDState, seats: list[int]) -> Event:
    for seat in seats:
        state.demons[seat].revealed = True
    return Event(
        "dice",
        {
            "dice": {state.demons[s].player: list(state.demons[s].dice) for s in seats},
            "scores": {state.demons[s].player: score(state, s) for s in seats},
        },
    )


def current_fight(state: DDState) -> Fight:
    return next(f for f in state.fights if f.stage != "done")


def _advance(state: DDState, rng: Rng) -> list[Event]:
    """Resolve fights until one needs a decision, or the round ends."""
    events: list[Event] = []
    while any(f.stage != "done" for f in state.fights):
        fight = current_fight(state)
        if fight.stage == "reroll":
            if not fight.spiel_asked:
                fight.spiel_asked = True
                events.append(
                    Event(
                        "fight",
                        {
                            "item": state.display[fight.slot],
                            "fighters": [state.demons[s].player for s in fight.seats],
                        },
                    )
                )
                events.append(_reveal(state, fight.seats))
                if state.of_rank(SPIEL) in fight.seats:
                    return events  # the Spielteufel decides on the re-roll
            events += _decide_winner(state, fight, rng)
        if fight.stage == "ability":
            if ability_verb(state, fight):
                return events
            fight.stage = "rank"
        if fight.stage == "rank":
            return events  # the winner decides on a rank swap
    return events + _end_round(state, rng)


def _reroll(state: DDState, seats: list[int], rng: Rng, cause: str) -> Event:
    """Re-roll these seats' dice; ``cause``: ``spiel`` (the Spielteufel made his opponents
    re-roll) or ``tie`` (tied leaders re-roll until one wins)."""
    for seat in sorted(seats, key=lambda s: RANKS.index(state.demons[s].rank)):
        count, sides = dice_of(state.demons[seat].rank)
        state.demons[seat].dice = [rng.roll(sides) for _ in range(count)]
    reveal = _reveal(state, seats)
    return Event("reroll", {**reveal.data, "cause": cause})


def _decide_winner(state: DDState, fight: Fight, rng: Rng) -> list[Event]:
    events: list[Event] = []
    contenders = list(fight.seats)
    while True:
        best = max(score(state, s) for s in contenders)
        leaders = [s for s in contenders if score(state, s) == best]
        spring = state.of_rank(SPRING)
        if len(leaders) == 1 or spring in leaders:
            winner = leaders[0] if len(leaders) == 1 else spring
            break
        events.append(_reroll(state, leaders, rng, "tie"))
        contenders = leaders
    assert winner is not None
    fight.winner, fight.stage = winner, "ability"
    events.append(_take(state, winner, fight.slot))
    return events


def _losers(fight: Fight) -> list[int]:
    return [s for s in fight.seats if s != fight.winner]


def ability_verb(state: DDState, fight: Fight) -> str | None:
    """The winner's ability, if a loser has something fitting for it."""
    if fight.winner is None:
        return None
    rank = state.demons[fight.winner].rank
    losers = [state.demons[s] for s in _losers(fight)]
    if rank == FEHLER and any(VALUE[i] == 1 for d in losers for i in d.items):
        return "steal"
    if rank == PUTZ and any(d.items for d in losers) and state.demons[fight.winner].items:
        return "swap_item"
    return None


def _loser_named(state: DDState, fight: Fight, name: object) -> int:
    seat = state.seat_of(str(name))
    if seat is None or seat not in _losers(fight):
        raise IllegalAction("dd.not_a_loser", player=str(name))
    return seat


def _decide_reroll(state: DDState, fight: Fight, action: Action, rng: Rng) -> list[Event]:
    force = action.args.get("force")
    if not isinstance(force, bool):
        raise IllegalAction("dd.yes_or_no")
    spiel = state.of_rank(SPIEL)
    assert spiel is not None  # asked only when the Spielteufel fights
    events: list[Event] = [Event("spiel", {"force": force, "player": state.demons[spiel].player})]
    if force:
        events.append(_reroll(state, [s for s in fight.seats if s != spiel], rng, "spiel"))
    events += _decide_winner(state, fight, rng)
    return events + _advance(state, rng)


def _decide_steal(state: DDState, fight: Fight, action: Action, rng: Rng) -> list[Event]:
    events: list[Event] = []
    if action.args.get("skip") is not True:
        victim = _loser_named(state, fight, action.args.get("from"))
        item = action.args.get("item")
        if item not in state.demons[victim].items or VALUE.get(str(item)) != 1:
            raise IllegalAction("dd.bad_item", item=str(item))
        state.demons[victim].items.remove(str(item))
        state.demons[fight.winner or 0].items.append(str(item))
        events.append(
            Event(
                "steal",
                {
                    "player": state.demons[fight.winner or 0].player,
                    "from": state.demons[victim].player,
                    "item": item,
                },
            )
        )
    fight.stage = "rank"
    return events + _advance(state, rng)


def _decide_swap_item(state: DDState, fight: Fight, action: Action, rng: Rng) -> list[Event]:
    events: list[Event] = []
    if action.args.get("skip") is not True:
        other = _loser_named(state, fight, action.args.get("with"))
        give, take = action.args.get("give"), action.args.get("take")
        mine, theirs = state.demons[fight.winner or 0].items, state.demons[other].items
        if give not in mine or take not in theirs:
            raise IllegalAction("dd.bad_item", item=str(take if give in mine else give))
        mine.remove(str(give))
        theirs.remove(str(take))
        mine.append(str(take))
        theirs.append(str(give))
        who = state.demons[fight.winner or 0].player
        events.append(
            Event(
                "swap_item",
                {"player": who, "with": state.demons[other].player, "give": give, "take": take},
            )
        )
    fight.stage = "rank"
    return events + _advance(state, rng)


def _decide_swap_rank(state: DDState, fight: Fight, action: Action, rng: Rng) -> list[Event]:
    events: list[Event] = []
    if action.args.get("skip") is not True:
        other = _loser_named(state, fight, action.args.get("with"))
        state.swaps.append([fight.winner or 0, other])
        events.append(
            Event(
                "swap_rank",
                {
                    "player": state.demons[fight.winner or 0].player,
                    "with": state.demons[other].player,
                },
            )
        )
    fight.stage = "done"
    return events + _advance(state, rng)


_DECISIONS = {
    "reroll": _decide_reroll,
    "steal": _decide_steal,
    "swap_item": _decide_swap_item,
    "swap_rank": _decide_swap_rank,
}


# --- end of a round and of the game -----------------------------------------------------------


def _end_round(state: DDState, rng: Rng) -> list[Event]:
    state.display = [item for i, item in enumerate(state.display) if i not in state.taken]
    state.taken = []
    events = []
    for a, b in state.swaps:
        first, second = state.demons[a], state.demons[b]
        first.rank, second.rank = second.rank, first.rank
        events.append(
            Event(
                "ranks",
                {
                    "swap": [first.player, second.player],
                    "ranks": {first.player: first.rank, second.player: second.rank},
                },
            )
        )
    state.swaps = []
    if any(len(d.items) >= END_ITEMS for d in state.demons) or (
        not state.pile and not state.display
    ):
        return events + _finish(state)
    state.round += 1
    return events + start_round(state, rng)


def points(items: list[str]) -> int:
    counts = Counter(items)
    return sum(VALUE[i] for i in items) + SET_BONUS * sum(c // 3 for c in counts.values())


def _finish(state: DDState) -> list[Event]:
    state.phase = OVER
    totals = {d.player: points(d.items) for d in state.demons}
    winner = max(state.demons, key=place_key)
    return [Event("game_end", {"points": totals, "winner": winner.player})]


def place_key(demon: Demon) -> tuple[int, int, int]:
    """A demon's final standing, the greater the better: points; on equal points the
    Springteufel wins, otherwise the higher rank (no two demons compare equal)."""
    return points(demon.items), int(demon.rank == SPRING), -RANKS.index(demon.rank)
