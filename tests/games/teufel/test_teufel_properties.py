"""Random games: money is conserved (players + bank), balances stay >= 0 in chips of 10, and
the public view never shows a private balance or an unrevealed bet."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Action, IllegalAction
from bot.engine.rng import Draw, Rng
from bot.games.teufel.state import BET, START_BALANCE
from tests.helpers.teufel import GAME


class DrawnRng(Rng):
    def __init__(self, data: st.DataObject) -> None:
        super().__init__()
        self.data = data

    def _next(self, sides: int) -> Draw:
        return Draw(0, sides, self.data.draw(st.integers(1, sides)), "h")


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(2, 6))
def test_random_play_keeps_the_books(data: st.DataObject, n: int) -> None:
    rng = DrawnRng(data)
    players = [f"P{i}" for i in range(n)]
    state, _ = GAME.setup(players, {"random_start": True}, rng)
    for _ in range(150):
        if GAME.is_over(state):
            break
        seat = data.draw(st.sampled_from(sorted(GAME.to_act(state))))
        if state.phase == BET:
            balance = state.seats[seat].balance
            amount = data.draw(st.integers(-1, balance // 10 + 1)) * 10 + data.draw(
                st.sampled_from([0, 0, 5])
            )
            action = Action("bet", {"amount": amount})
        else:
            action = data.draw(st.sampled_from([Action("draw"), Action("draw"), Action("stopp")]))
        before = copy.deepcopy(state)
        try:
            GAME.apply(state, seat, action, rng)
        except IllegalAction:
            assert state == before
            continue
        balances = [s.balance for s in state.seats]
        assert sum(balances) == START_BALANCE * n + state.bank
        assert all(b >= 0 and b % 10 == 0 for b in balances)
        public = GAME.view(state, None)
        for seat_state, shown in zip(state.seats, public["seats"], strict=True):
            if not seat_state.pact:
                assert shown["balance"] is None
            if state.phase == BET:
                assert shown["bet"] is None
        assert GAME.load(GAME.dump(state)) == state
