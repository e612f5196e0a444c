"""Hoch oder tief as a :class:`bot.engine.Game`: a few lines of rules.

The absence rule (a player out of time): he calls "higher" on a face below 4, else
"lower"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.base import Engine
from bot.engine.core import GameInfo, check_seating
from bot.engine.places import ranked

CALLS = ("higher", "lower")


@dataclass
class HiLoState:
    players: list[str]
    points: list[int]
    shown: int
    calls_left: int
    turn: int = 0
    log: list[int] = field(default_factory=list)


class HiLo(Engine[HiLoState]):
    info = GameInfo("hilo", 2, 4)
    state_type = HiLoState

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[HiLoState, list[Event]]:
        check_seating(players, self.min_players, self.max_players)
        rounds = options.get("rounds", 2)
        if not isinstance(rounds, int) or not 1 <= rounds <= 5:
            raise IllegalAction("hilo.bad_rounds")
        shown = rng.roll(6)
        state = HiLoState(list(players), [0] * len(players), shown, rounds * len(players))
        return state, [Event("shown", {"face": shown, "player": players[0]})]

    def to_act(self, state: HiLoState) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset({state.turn})

    def legal_actions(self, state: HiLoState, seat: int) -> list[Action]:
        return [Action(c) for c in CALLS] if seat in self.to_act(state) else []

    def view_of(
        self, state: HiLoState, viewer: int | None, legal: Sequence[Action]
    ) -> dict[str, JSON]:
        return {
            "players": list(state.players),
            "points": dict(zip(state.players, state.points, strict=True)),
            "shown": state.shown,
            "turn": None if self.is_over(state) else state.players[state.turn],
            "calls_left": state.calls_left,
            "legal": [a.to_dict() for a in legal],
        }

    def absence_action(self, state: HiLoState, seat: int) -> Action | None:
        if seat not in self.to_act(state):
            return None
        return Action("higher" if state.shown < 4 else "lower")

    def apply(self, state: HiLoState, seat: int, action: Action, rng: Rng) -> list[Event]:
        self.check(state, seat, action.do)
        if action.do not in CALLS:
            raise IllegalAction("game.unknown_action", action=action.do)
        rolled = rng.roll(6)
        was, player = state.shown, state.players[seat]
        right = rolled > was if action.do == "higher" else rolled < was
        state.points[seat] += int(right)
        state.shown, state.calls_left = rolled, state.calls_left - 1
        state.turn = (seat + 1) % len(state.players)
        events = [Event("call", {"player": player, "call": action.do, "was": was,
                                 "rolled": rolled, "right": right})]  # fmt: skip
        if self.is_over(state):
            return [*events, Event("game_end", {"points": self.result(state)})]
        return [*events, Event("turn", {"player": state.players[state.turn]})]

    def is_over(self, state: HiLoState) -> bool:
        return state.calls_left <= 0

    def result(self, state: HiLoState) -> dict[str, JSON]:
        return dict(zip(state.players, state.points, strict=True))

    def players(self, state: HiLoState) -> list[str]:
        return list(state.players)

    def places(self, state: HiLoState) -> dict[str, int]:
        return ranked({p: (n,) for p, n in zip(state.players, state.points, strict=True)})
