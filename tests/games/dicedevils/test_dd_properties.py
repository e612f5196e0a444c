"""Random games of Dice Devils end, keep all 56 items, and hide undisclosed dice."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Action, IllegalAction
from bot.engine.rng import Draw, Rng
from bot.games.dicedevils import DiceDevils
from bot.games.dicedevils.state import PILE

GAME = DiceDevils()


class DrawnRng(Rng):
    def __init__(self, data: st.DataObject) -> None:
        super().__init__()
        self.data = data

    def _next(self, sides: int) -> Draw:
        return Draw(0, sides, self.data.draw(st.integers(1, sides)), "h")


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(3, 6), st.booleans())
def test_random_games(data: st.DataObject, n: int, more_fights: bool) -> None:
    rng = DrawnRng(data)
    options = {"random_ranks": True, "variant": "more_fights" if more_fights else "standard"}
    state, _ = GAME.setup([f"P{i}" for i in range(n)], options, rng)
    for _ in range(600):
        if GAME.is_over(state):
            break
        held = sum(len(d.items) for d in state.demons)
        on_display = len(state.display) - len(state.taken)
        assert held + len(state.pile) + on_display == len(PILE)
        public = GAME.view(state, None)
        for demon, shown in zip(state.demons, public["demons"], strict=True):
            assert shown["dice"] is None or demon.revealed
        (seat,) = GAME.to_act(state)
        wrong = data.draw(st.integers(0, n - 1))
        if wrong != seat:
            before = copy.deepcopy(state)
            try:
                GAME.apply(state, wrong, Action("place", {"slot": 0}), rng)
            except IllegalAction:
                assert state == before
            else:
                raise AssertionError("an out-of-turn action was accepted")
        GAME.apply(state, seat, data.draw(st.sampled_from(GAME.legal_actions(state, seat))), rng)
        assert GAME.load(GAME.dump(state)) == state
    assert GAME.is_over(state)
