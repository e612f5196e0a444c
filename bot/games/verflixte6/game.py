"""Die verflixte 6 as a :class:`bot.engine.Game`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.serial import from_data, to_data
from bot.games.verflixte6 import rules
from bot.games.verflixte6.state import PHASE_JOKERS, PHASE_STEAL, PHASE_STEP, Seat, V6State
from bot.games.verflixte6.view import view as _view


class Verflixte6:
    kind = "verflixte6"
    min_players = 2
    max_players = 6

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[V6State, list[Event]]:
        """Seat the players (seat order = Durchgang 1 order) and open Durchgang 1."""
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("game.player_count", low=self.min_players, high=self.max_players)
        if len(set(players)) != len(players):
            raise IllegalAction("game.duplicate_player")
        durchgaenge = options.get("durchgaenge", 1)
        if not isinstance(durchgaenge, int) or isinstance(durchgaenge, bool) or durchgaenge < 1:
            raise IllegalAction("v6.bad_durchgaenge")
        state = V6State(
            seats=[Seat(p) for p in players],
            durchgaenge=durchgaenge,
            finale=bool(options.get("finale", False)),
        )
        return state, rules.start_durchgang(state, 1, rng)

    def to_act(self, state: V6State) -> frozenset[int]:
        if state.finished or state.turn is None:
            return frozenset()
        return frozenset({state.turn.seat})

    def legal_actions(self, state: V6State, seat: int) -> list[Action]:
        turn = state.turn
        if turn is None or state.finished or seat != turn.seat:
            return []
        if turn.phase == PHASE_JOKERS:
            return [Action("jokers", {"jokers": []})]
        if turn.phase == PHASE_STEP:
            return [Action("weiter"), Action("stopp")]
        if turn.phase == PHASE_STEAL:
            victims = rules.eligible_victims(state, seat)
            return [Action("steal", {"victim": state.name(v)}) for v in victims]
        return []

    def apply(self, state: V6State, seat: int, action: Action, rng: Rng) -> list[Event]:
        return rules.apply(state, seat, action, rng)

    def is_over(self, state: V6State) -> bool:
        return state.finished

    def result(self, state: V6State) -> dict[str, JSON]:
        """Eyes over the Durchgänge played (the running one included) and points."""
        running = not state.finished
        return {
            s.player: {
                "eyes": s.abend_eyes + (s.eyes if running else 0),
                "points": s.abend_points,
            }
            for s in state.seats
        }

    def view(self, state: V6State, viewer: int | None) -> dict[str, JSON]:
        return _view(state, viewer)

    def players(self, state: V6State) -> list[str]:
        return [s.player for s in state.seats]

    def dump(self, state: V6State) -> dict[str, JSON]:
        data: dict[str, JSON] = to_data(state)
        return data

    def load(self, data: Mapping[str, JSON]) -> V6State:
        return from_data(V6State, data)
