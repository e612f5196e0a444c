"""Die verflixte 6 as a :class:`bot.engine.Game`.

The absence rule (a player out of time, or declared absent): ``stopp`` (at the joker choice:
no jokers, so the Freiwurf is rolled and the turn stopped after it); a robber takes from the
first eligible victim; decisions take the answer that rolls no further dice (no Anaconda
fight, Rattenlord withdraws, Monokel keeps, no Sekante counter-roll).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.base import Engine, plain_view
from bot.engine.core import GameInfo, check_seating
from bot.engine.places import ranked
from bot.games.verflixte6 import flow, rules
from bot.games.verflixte6.state import (
    DECISIONS,
    PHASE_JOKERS,
    PHASE_STEAL,
    PHASE_STEP,
    Seat,
    V6State,
)
from bot.games.verflixte6.steps import eligible_victims
from bot.games.verflixte6.view import legal_view
from bot.games.verflixte6.view import view as _view

PASSIVE = {  # the answer to each decision that rolls no further dice
    "anaconda": ("fight", False),
    "rattenlord": ("withdraw", True),
    "monokel": ("keep", True),
    "counter": ("allow", False),
}


class Verflixte6(Engine[V6State]):
    info = GameInfo("verflixte6", 2, 6)
    state_type = V6State

    def view_of(
        self, state: V6State, viewer: int | None, legal: Sequence[Action]
    ) -> dict[str, JSON]:
        return plain_view(_view(state, viewer, legal))

    def views(self, state: V6State, seats: int) -> tuple[dict[str, JSON], list[dict[str, JSON]]]:
        """All see all (no secrets): the public view is laid out once, and each seat's is
        it with its own ``viewer`` and ``legal`` (only the seat to act has any). Every
        action builds these; the parts shared between them are read, never changed."""
        public = self.view(state, None)
        acting = self.to_act(state)
        return public, [
            {**public, "viewer": seat, "legal": legal_view(self.legal_actions(state, seat))}
            if seat in acting
            else {**public, "viewer": seat, "legal": legal_view(())}
            for seat in range(seats)
        ]

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[V6State, list[Event]]:
        """Seat the players (seat order = Durchgang 1 order) and open Durchgang 1."""
        check_seating(players, self.min_players, self.max_players)
        durchgaenge = options.get("durchgaenge", 1)
        if not isinstance(durchgaenge, int) or isinstance(durchgaenge, bool) or durchgaenge < 1:
            raise IllegalAction("v6.bad_durchgaenge")
        state = V6State(
            seats=[Seat(p) for p in players],
            durchgaenge=durchgaenge,
            finale=options.get("finale", False) is True,
        )
        return state, flow.start_durchgang(state, 1, rng)

    def to_act(self, state: V6State) -> frozenset[int]:
        if state.finished or state.turn is None:
            return frozenset()
        return frozenset({state.turn.seat})

    def legal_actions(self, state: V6State, seat: int) -> list[Action]:
        """Every action the player may take now. For the joker choice: no joker, or each
        single choosable joker (any set of up to three of ``joker_choice`` is legal)."""
        turn = state.turn
        if turn is None or state.finished or seat != turn.seat:
            return []
        if turn.phase == PHASE_JOKERS:
            actions = [Action("jokers", {"jokers": []})]
            actions += [
                Action("jokers", {"jokers": [j]}) for j in rules.choosable(state, seat, False)
            ]
            if rules.can_choose_free(state, seat):
                actions += [
                    Action("jokers", {"jokers": [j], "free": True})
                    for j in rules.choosable(state, seat, True)
                ]
            return actions
        if turn.phase == PHASE_STEP:
            actions = [Action("weiter"), Action("stopp")]
            for joker in rules.announceable(turn):
                if joker == "sekante":
                    actions += [
                        Action("weiter", {"joker": joker, "target": state.name(t)})
                        for t in rules.sekante_targets(state, seat)
                    ]
                else:
                    actions.append(Action("weiter", {"joker": joker}))
            return actions
        if turn.phase == PHASE_STEAL:
            victims = eligible_victims(state, seat)
            return [Action("steal", {"victim": state.name(v)}) for v in victims]
        name, field = DECISIONS[turn.phase]
        return [Action(name, {field: True}), Action(name, {field: False})]

    def absence_action(self, state: V6State, seat: int) -> Action | None:
        legal = self.legal_actions(state, seat)
        verbs = {a.do for a in legal}
        if "jokers" in verbs:
            return Action("jokers", {"jokers": []})
        if "stopp" in verbs:
            return Action("stopp")
        passive = [a for a in legal if a.do in PASSIVE and PASSIVE[a.do] in a.args.items()]
        return passive[0] if passive else next(iter(legal), None)  # a robbery: the first victim

    def joker_choice(self, state: V6State, seat: int, free: bool = False) -> list[str]:
        """The jokers the player may pick from now (at most three of them)."""
        return rules.choosable(state, seat, free)

    def apply(self, state: V6State, seat: int, action: Action, rng: Rng) -> list[Event]:
        return rules.apply(state, seat, action, rng)

    def check(self, state: V6State, seat: int, verb: str | None) -> None:
        rules.check(state, seat, verb)

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

    def players(self, state: V6State) -> list[str]:
        return [s.player for s in state.seats]

    def places(self, state: V6State) -> dict[str, int]:
        """By points, then eyes over the Durchgänge (the group table's order); still level
        players share a place (the tournament settles a tie that decides something)."""
        return ranked({s.player: (s.abend_points, s.abend_eyes) for s in state.seats})
