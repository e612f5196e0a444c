"""Random hands in every variant: all 36 cards stay accounted for, the bottle's price only
falls, refusals change nothing, and no hidden card shows in the public view."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Action, IllegalAction
from bot.engine.rng import Draw, Rng
from bot.games.flaschenteufel.cards import DECK, START
from bot.games.flaschenteufel.state import FState
from tests.helpers.flaschenteufel import GAME


class DrawnRng(Rng):
    def __init__(self, data: st.DataObject) -> None:
        super().__init__()
        self.data = data

    def _next(self, sides: int) -> Draw:
        return Draw(0, sides, self.data.draw(st.integers(1, sides)), "h")


def all_cards(state: FState) -> list[int]:
    cards = list(state.devil) + [c for _, c in state.trick]
    for hand in state.hands:
        cards += hand.cards + hand.open_set + hand.won + [c for s in hand.sets for c in s]
    if state.price != START:
        cards.append(state.price)
    return sorted(cards)


def hidden(state: FState) -> set[int]:
    secret = set(state.devil)
    for hand in state.hands:
        if not hand.dummy:
            secret |= set(hand.cards) | {c for s in hand.sets for c in s}
    return secret


@settings(max_examples=40, deadline=None)
@given(
    st.data(),
    st.sampled_from([("standard", 3), ("standard", 4), ("lopaka", 2), ("glitterhuis", 2)]),
)
def test_random_hands(data: st.DataObject, setup: tuple[str, int]) -> None:
    variant, n = setup
    rng = DrawnRng(data)
    state, _ = GAME.setup([f"P{i}" for i in range(n)], {"variant": variant, "hands": 2}, rng)
    prices = [state.price]
    for _ in range(200):
        if GAME.is_over(state):
            break
        assert all_cards(state) == sorted(DECK)
        seat = data.draw(st.sampled_from(sorted(GAME.to_act(state))))
        wrong = data.draw(st.integers(0, n - 1))
        attempt = Action("play", {"card": data.draw(st.sampled_from(DECK))})
        if attempt not in GAME.legal_actions(state, wrong):
            before = copy.deepcopy(state)
            try:
                GAME.apply(state, wrong, attempt, rng)
            except IllegalAction:
                assert state == before
        if GAME.is_over(state) or seat not in GAME.to_act(state):
            continue
        action = data.draw(st.sampled_from(GAME.legal_actions(state, seat)))
        hand_before = state.hand_number
        GAME.apply(state, seat, action, rng)
        if state.hand_number == hand_before and state.price != prices[-1]:
            assert state.price < prices[-1]
        prices = [state.price] if state.hand_number != hand_before else [*prices, state.price]
        view = GAME.view(state, None)
        shown = {c for s in view["seats"] for c in (s["cards"] or []) + s["open_set"]}
        shown |= {t["card"] for t in view["trick"]}
        assert not shown & hidden(state)
        for seat_view in view["seats"]:
            assert seat_view["sets"] is None and seat_view["passed"] is None
            assert seat_view["cards"] is None or seat_view["dummy"]
    assert GAME.is_over(state)
