"""Auf Teufel komm raus as a :class:`bot.engine.Game`.

The absence rule (a player out of time, or declared absent): bet 0; ``stopp``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.base import Engine, plain_view
from bot.engine.core import GameInfo, check_seating
from bot.engine.places import ranked
from bot.games.teufel import rules
from bot.games.teufel.state import BET, CHIP, OVER, PULL, Seat, TeufelState
from bot.games.teufel.view import redact as _redact
from bot.games.teufel.view import view as _view


class Teufel(Engine[TeufelState]):
    info = GameInfo("teufel", 2, 6, simultaneous=True, secrets=True)
    state_type = TeufelState

    def view_of(
        self, state: TeufelState, viewer: int | None, legal: Sequence[Action]
    ) -> dict[str, JSON]:
        return plain_view(_view(state, viewer, legal))

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[TeufelState, list[Event]]:
        """``start`` names the first starter; without it ``random_start`` lets the croupier
        roll for one (the bot), else the first seat starts (scenarios)."""
        check_seating(players, self.min_players, self.max_players)
        refill = options.get("refill_below", 16)
        if not isinstance(refill, int) or not 0 <= refill <= 48:
            raise IllegalAction("teufel.bad_refill")
        start = options.get("start")
        if start is not None:
            if start not in players:
                raise IllegalAction("teufel.bad_start")
            starter = list(players).index(str(start))
        elif options.get("random_start") is True:
            starter = rng.roll(len(players)) - 1
        else:
            starter = 0
        state = TeufelState(seats=[Seat(p) for p in players], starter=starter, refill_below=refill)
        return state, [Event("round", {"round": 1, "starter": players[starter]})]

    def to_act(self, state: TeufelState) -> frozenset[int]:
        if state.phase == BET:
            return frozenset(i for i, s in enumerate(state.seats) if s.bet is None)
        if state.phase == PULL and state.turn is not None:
            return frozenset({state.turn})
        return frozenset()

    def bets(self, state: TeufelState, seat: int) -> range:
        """The bets ``seat`` may seal now: every multiple of 10 up to his balance (the
        Discord layer asks for a number); empty when he has none to seal."""
        if state.phase != BET or seat not in self.to_act(state):
            return range(0)
        return range(0, state.seats[seat].balance + 1, CHIP)

    def legal_actions(self, state: TeufelState, seat: int) -> list[Action]:
        """Betting: each of :meth:`bets`; pulling: draw or stopp."""
        if seat not in self.to_act(state):
            return []
        if state.phase == BET:
            return [Action("bet", {"amount": a}) for a in self.bets(state, seat)]
        return [Action("draw"), Action("stopp")]

    def view(self, state: TeufelState, viewer: int | None) -> dict[str, JSON]:
        """As every engine's, but only a bettor's lowest and highest bet are handed to the
        view (which shows no more of them): listing all of them cost more than the rest of
        the view, and views are built at every click for every player."""
        if viewer is None or state.phase != BET:
            return super().view(state, viewer)
        bets = self.bets(state, viewer)
        ends = sorted({bets[0], bets[-1]}) if bets else []
        return self.view_of(state, viewer, [Action("bet", {"amount": a}) for a in ends])

    def absence_action(self, state: TeufelState, seat: int) -> Action | None:
        if seat not in self.to_act(state):
            return None
        return Action("bet", {"amount": 0}) if state.phase == BET else Action("stopp")

    def apply(self, state: TeufelState, seat: int, action: Action, rng: Rng) -> list[Event]:
        return rules.apply(state, seat, action, rng)

    def check(self, state: TeufelState, seat: int, verb: str | None) -> None:
        rules.check(state, seat, verb)

    def redact(self, event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON] | None:
        """A sealed bet's amount only to the bettor until all are revealed."""
        return _redact(event, viewer)

    def is_over(self, state: TeufelState) -> bool:
        return state.phase == OVER

    def result(self, state: TeufelState) -> dict[str, JSON]:
        return dict(rules.balances(state))

    def players(self, state: TeufelState) -> list[str]:
        return [s.player for s in state.seats]

    def places(self, state: TeufelState) -> dict[str, int]:
        """By balance: the highest wins, equal balances share the place."""
        return ranked({s.player: (s.balance,) for s in state.seats})
