"""Random play of whole Abende: only IllegalAction is ever raised, refusals change nothing,
games end with every total >= 0, and replaying the log reproduces the state."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Action, IllegalAction
from bot.engine.replay import replay
from bot.engine.rng import Draw, Rng
from bot.games.verflixte6.state import V6State
from tests.helpers.verflixte6 import GAME

MAX_ACTIONS = 400


class DrawnRng(Rng):
    """Dice chosen by Hypothesis, so failures shrink to the shortest roll sequence."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__()
        self.data = data
        self.values: list[int] = []

    def _next(self, sides: int) -> Draw:
        value = self.data.draw(st.integers(1, sides))
        self.values.append(value)
        return Draw(len(self.values) - 1, sides, value, "h")


RANDOM_ACTIONS = st.sampled_from(
    [
        Action("weiter"),
        Action("stopp"),
        Action("jokers", {"jokers": []}),
        Action("jokers", {"jokers": ["fumo", "pony", "cherry", "monokel"]}),
        Action("jokers", {"jokers": ["fumo"], "free": True}),
        Action("steal", {"victim": "P0"}),
        Action("steal", {"victim": "P1"}),
        Action("steal", {"victim": "nobody"}),
        Action("weiter", {"joker": "fumo"}),
        Action("weiter", {"joker": "sekante", "target": "P0"}),
        Action("weiter", {"joker": ["ventil", "pony"]}),
        Action("weiter", {"joker": "toertchen"}),
        Action("anaconda", {"fight": True}),
        Action("counter", {"allow": "ja"}),
        Action("monokel", {"keep": False}),
        Action("schummeln"),
    ]
)


def choose_action(data: st.DataObject, state: V6State, seat: int) -> Action:
    """A legal action; for the joker choice any set of up to three choosable jokers."""
    legal = GAME.legal_actions(state, seat)
    assert legal, "the player to act must have a legal action"
    if legal[0].do != "jokers":
        # lean towards stopp now and then, so that turns end
        return data.draw(st.sampled_from(legal))
    free = any(a.args.get("free") for a in legal) and data.draw(st.booleans())
    pool = GAME.joker_choice(state, seat, free)
    jokers = data.draw(st.lists(st.sampled_from(pool), max_size=3, unique=True)) if pool else []
    return Action("jokers", {"jokers": jokers, "free": True} if free else {"jokers": jokers})


def try_illegal(data: st.DataObject, state: V6State, rng: Rng, n_players: int) -> None:
    seat = data.draw(st.integers(0, n_players - 1))
    attempt = data.draw(RANDOM_ACTIONS)
    if attempt in GAME.legal_actions(state, seat):
        return
    if attempt.do == "jokers" and seat in GAME.to_act(state):
        return  # some multi-joker choices are legal without being listed
    before = copy.deepcopy(state)
    try:
        GAME.apply(state, seat, attempt, rng)
    except IllegalAction:
        assert state == before
    else:
        raise AssertionError(f"{attempt} by seat {seat} was accepted")


@settings(max_examples=200, deadline=None)
@given(st.data(), st.integers(2, 6), st.integers(1, 4), st.booleans())
def test_random_abende(data: st.DataObject, n_players: int, durchgaenge: int, finale: bool) -> None:
    rng = DrawnRng(data)
    players = [f"P{i}" for i in range(n_players)]
    options = {"durchgaenge": durchgaenge, "finale": finale}
    state, _ = GAME.setup(players, options, rng)
    log: list[tuple[int, Action]] = []
    for n in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        if n < MAX_ACTIONS // 2:
            try_illegal(data, state, rng, n_players)
            action = choose_action(data, state, seat)
        else:  # long enough: finish by taking the first legal action, stopp where possible
            legal = GAME.legal_actions(state, seat)
            action = Action("stopp") if Action("stopp") in legal else legal[0]
        GAME.apply(state, seat, action, rng)
        log.append((seat, action))
        assert GAME.load(GAME.dump(state)) == state
    assert state.finished, "random play must end"
    assert len(state.results) == durchgaenge
    for result in state.results:
        assert all(e >= 0 for e in result.eyes)
        assert sorted(result.order) == list(range(n_players))
        assert sum(1 for p in result.points if p == 6) == (1 if any(result.eyes) else 0)
    assert all(seat.eyes >= 0 for seat in state.seats)
    for i, seat in enumerate(state.seats):
        assert seat.abend_points == sum(r.points[i] for r in state.results)
        assert seat.abend_eyes == sum(r.eyes[i] for r in state.results)
    assert replay(GAME, players, options, log, rng.values) == state
