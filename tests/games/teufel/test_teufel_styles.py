"""Auf Teufel komm raus's opponent styles (``players/styles.py``) and what "stark" reckons
the others bet (``players/bet_model.py``): legal decisions at every table size, decisions
from the seat's view alone, and stark's decisions the same on a slow and a fast machine."""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bot.computer_players import player, styles
from bot.engine import Action, AuditedRng
from bot.games.teufel import Teufel
from bot.games.teufel.players.bet_model import bet_mix, candidates, spread
from bot.games.teufel.players.model import standing
from bot.games.teufel.players.seat_view import balance_bounds, situation
from bot.players import Policy
from tests.games.teufel.test_teufel_players import Decision, played, with_foreign_secrets

GAME = Teufel()
POOL = styles("teufel")


def games(policies: list[Policy], name: str, rounds: int) -> Iterator[Decision]:
    """Every (state, seat, view, action) of a seeded game through the engine, up to
    ``rounds`` rounds."""
    return played(policies, name, rounds)


def test_the_pool_holds_at_least_five_habits() -> None:
    assert len(POOL) >= 5
    assert {"hoch", "vorsichtig", "gierig", "nachahmer", "anteil", "heuristik"} <= set(POOL)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_styles_decisions_are_legal(seats: int) -> None:
    names = list(POOL)
    kinds = [names[(seats + i) % len(names)] for i in range(seats)]
    policies = [POOL[kind](i) for i, kind in enumerate(kinds)]
    seen: set[str] = set()
    for state, seat, _, action in games(policies, f"styles:{seats}", 12):
        assert action in GAME.legal_actions(state, seat)
        seen.add(action.do)
    assert seen == {"bet", "draw", "stopp"}


@pytest.mark.parametrize("name", sorted(POOL))
def test_another_seats_secrets_change_no_styles_decision(name: str) -> None:
    policies = [POOL[name](0), player("teufel", "zufall", seed=1), POOL[name](2)]
    count = 0
    for state, seat, view, action in games(policies, f"secrets:{name}", 6):
        if seat != 1:
            assert policies[seat].decide(with_foreign_secrets(state, view, seat), seat) == action
            count += 1
    assert count > 10


def view_after_rounds(shown: list[list[int]], balances: list[int]) -> dict[str, Any]:
    """Seat 0's view at a bet, the seats having revealed ``shown`` bets before."""
    rng = AuditedRng(hashlib.sha256(b"mix").digest())
    state, _ = GAME.setup([f"p{i}" for i in range(len(shown))], {}, rng)
    for seat, bets, balance in zip(state.seats, shown, balances, strict=True):
        seat.shown_bets, seat.balance = list(bets), balance
    return GAME.views(state, len(shown))[1][0]


def test_the_others_bets_are_guessed_from_habits_and_what_they_revealed() -> None:
    sit = situation(view_after_rounds([[], [120, 120, 120], [500]], [300, 250, 200]), 0)
    amounts, weights = bet_mix(sit, 1)
    mix = dict(zip(amounts, weights, strict=True))
    assert mix[120] == 3.0  # three revealed bets of 120, no habit bets 120
    assert sum(weights) == pytest.approx(4.0)  # the habits weigh 1 together
    assert max(amounts) <= balance_bounds(sit, 1)[1] == 290  # between 200 and 300
    third = dict(zip(*bet_mix(sit, 2), strict=True))
    assert max(third) == 200  # on 200: a revealed 500 is cut to what he holds
    assert third[200] > 1.0


def test_the_bets_weighed_tie_and_top_the_others() -> None:
    sit = situation(view_after_rounds([[], [130], [170]], [300, 300, 300]), 0)
    mixes = [bet_mix(sit, i) for i in range(3)]
    chosen = candidates(sit, mixes, 200)
    assert {130, 140, 170, 180, 0, 200} <= set(chosen)
    assert max(chosen) == 200


def test_the_spread_of_a_mix_follows_its_weights() -> None:
    drawn = spread(((10, 50, 200), (1.0, 1.0, 2.0)), 40, random.Random(3))
    assert sorted(drawn) == [10] * 10 + [50] * 10 + [200] * 20
    assert drawn != sorted(drawn)


def test_standing_is_a_share_of_the_win() -> None:
    assert standing([300, 300], [0, 0], 0, 300) == pytest.approx(0.5)
    assert standing([300, 300], [100, 0], 0, 300) > 0.5
    assert standing([1500, 1500], [100, 50], 1, 300) == 0.0  # the game ends: first only
    assert standing([1500, 1500], [100, 100], 1, 300) == 0.5


class Clock:
    """A clock that jumps ``step`` seconds at each reading: a machine as slow as that."""

    def __init__(self, step: float) -> None:
        self._ticks = itertools.count()
        self._step = step

    def __call__(self) -> float:
        return next(self._ticks) * self._step


def decisions(kinds: list[str], name: str) -> list[Action]:
    policies = [player("teufel", kind, seed=i) for i, kind in enumerate(kinds)]
    return [action for *_, action in games(policies, name, 6)]


def test_stark_decides_the_same_on_a_slow_and_a_fast_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kinds = ["stark", "zufall", "stark"]
    fast = decisions(kinds, "clock")
    for reading in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, reading, Clock(10.0))
    slow = decisions(kinds, "clock")
    assert slow == fast
    assert len(fast) > 30
