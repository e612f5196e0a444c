"""Random legal and illegal play: games end, refusals change nothing, invariants hold."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from v6_helpers import GAME

from bot.engine import Action, IllegalAction
from bot.engine.rng import Draw, Rng
from bot.games.verflixte6.state import ZOMBIE

MAX_ACTIONS = 400


class DrawnRng(Rng):
    """Dice chosen by Hypothesis, so failures shrink to the shortest roll sequence."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__()
        self.data = data
        self.n = 0

    def _next(self, sides: int) -> Draw:
        self.n += 1
        return Draw(self.n - 1, sides, self.data.draw(st.integers(1, sides)), "h")


RANDOM_ACTIONS = st.sampled_from(
    [
        Action("weiter"),
        Action("stopp"),
        Action("jokers", {"jokers": []}),
        Action("jokers", {"jokers": ["fumo"]}),
        Action("steal", {"victim": "P0"}),
        Action("steal", {"victim": "P1"}),
        Action("steal", {"victim": "nobody"}),
        Action("weiter", {"joker": "fumo"}),
        Action("schummeln"),
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.data(), st.integers(2, 6), st.integers(1, 3))
def test_random_play_ends_and_keeps_the_invariants(
    data: st.DataObject, n_players: int, durchgaenge: int
) -> None:
    rng = DrawnRng(data)
    players = [f"P{i}" for i in range(n_players)]
    state, _ = GAME.setup(players, {"durchgaenge": durchgaenge}, rng)
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        # an arbitrary, often illegal, action by an arbitrary player first
        other_seat = data.draw(st.integers(0, n_players - 1))
        attempt = data.draw(RANDOM_ACTIONS)
        legal = GAME.legal_actions(state, other_seat)
        if attempt not in legal:
            before = copy.deepcopy(state)
            try:
                GAME.apply(state, other_seat, attempt, rng)
            except IllegalAction:
                assert state == before
            else:
                raise AssertionError(f"{attempt} by seat {other_seat} was accepted")
        choices = GAME.legal_actions(state, seat)
        assert choices, "the player to act must have a legal action"
        action = data.draw(st.sampled_from(choices))
        events = GAME.apply(state, seat, action, rng)
        for event in events:
            if event.type == "steal":
                assert event.data["amount"] in range(1, 6)
        assert GAME.load(GAME.dump(state)) == state
    else:
        # random play may keep saying weiter; finish by stopping every turn
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, Action("stopp") if Action("stopp") in legal else legal[0], rng)
    assert state.finished
    assert len(state.results) == durchgaenge
    for result in state.results:
        assert all(e >= 0 for e in result.eyes)
        assert all(0 <= p <= 6 for p in result.points)
        assert sum(1 for p in result.points if p == 6) <= 1
        assert sorted(result.order) == list(range(n_players))
    for seat in state.seats:
        assert seat.abend_points == sum(r.points[state.seats.index(seat)] for r in state.results)
        if seat.role == ZOMBIE:
            assert seat.eyes == 0
