"""Computer players of Die verflixte 6: the shipped table, the policy's optimality in its
model, legal decisions through the engine, and decisions from the seat's view alone."""

from __future__ import annotations

import copy
import hashlib
import random
from functools import cache

import pytest

from bot.engine import AuditedRng
from bot.games.verflixte6 import Verflixte6
from bot.players import player
from bot.players import verflixte6_model as model
from bot.players.bench import play, wilson
from bot.players.verflixte6_stark import stops, thresholds

GAME = Verflixte6()


def test_regenerating_gives_the_shipped_table() -> None:
    assert model.render(model.solve()) == model.TABLE_PATH.read_text(encoding="utf-8")


@cache
def solution() -> model.Solution:
    return model.solve()


def policy_value(x: int, t: int, k: int, deviate_at: int | None = None) -> float:
    """The chance to win of the shipped policy (``stops``) from (x, t, k) in the model,
    computed exactly and apart from the solver: later players' final scores are enumerated
    by playing their turns out under the same policy. ``deviate_at``: the one x where the
    decision is turned round."""
    s_max = model.S_MAX

    @cache
    def win(k_left: int, lead: int) -> float:  # a leader at ``lead``, k_left to come
        if k_left == 0:
            return 1.0
        total = 0.0
        for score, p in finals(lead, k_left - 1).items():
            if score < lead:
                total += p * win(k_left - 1, lead)
            elif score == lead:
                total += 0.5 * p * win(k_left - 1, lead)
        return total

    @cache
    def finals(t_: int, k_: int) -> dict[int, float]:
        @cache
        def reach(x_: int) -> dict[int, float]:  # final scores of a turn standing at x_
            if x_ >= s_max or stops(x_, t_, k_):
                return {min(x_, s_max): 1.0}
            dist = {0: 1 / 6}
            for f in range(1, 6):
                for score, p in reach(x_ + f).items():
                    dist[score] = dist.get(score, 0.0) + p / 6
            return dist

        dist: dict[int, float] = {}
        for f in range(1, 7):
            for score, p in reach(f).items():
                dist[score] = dist.get(score, 0.0) + p / 6
        return dist

    @cache
    def value(x_: int) -> float:
        stop = stops(x_, t, k) or x_ >= s_max
        if x_ == deviate_at and x_ < s_max:
            stop = not stop
        if stop:
            x_ = min(x_, s_max)
            if x_ <= 0 or x_ < t:
                return 0.0
            return win(k, x_) * (1.0 if x_ > t else 0.5)
        return sum(value(x_ + f) for f in range(1, 6)) / 6

    return value(x)


STATES = [(1, 0, 1), (5, 10, 1), (14, 12, 1), (3, 0, 2), (20, 18, 2), (9, 25, 1), (2, 7, 3)]


@pytest.mark.parametrize(("x", "t", "k"), STATES)
def test_the_policy_is_worth_what_the_dynamic_program_says(x: int, t: int, k: int) -> None:
    assert policy_value(x, t, k) == pytest.approx(solution().value[k][t][x], abs=1e-9)


@pytest.mark.parametrize(("x", "t", "k"), STATES)
def test_no_one_step_deviation_improves_the_policy(x: int, t: int, k: int) -> None:
    best = policy_value(x, t, k)
    for deviate_at in range(x, x + 25):
        assert policy_value(x, t, k, deviate_at) <= best + 1e-12


def test_the_policy_is_worth_its_value_in_simulation() -> None:
    """Play the model with dice: a leader facing one player to come, from x = 0 and t = 0."""
    rng = random.Random(34)
    k, games, wins = 1, 20000, 0.0

    def turn(t: int, k_: int) -> int:
        x = rng.randint(1, 6)
        while not (x >= model.S_MAX or stops(x, t, k_)):
            face = rng.randint(1, 6)
            if face == 6:
                return 0
            x += face
        return x

    for _ in range(games):
        mine = turn(0, k)
        other = turn(mine, 0)
        wins += 0.0 if mine == 0 else 1.0 if other < mine else 0.5 if other == mine else 0.0
    expected = sum(solution().value[k][0][f] for f in range(1, 7)) / 6
    low, high = wilson(wins, games)
    assert low <= expected <= high


def test_the_table_is_a_threshold_above_the_score_to_beat() -> None:
    table = thresholds()
    assert len(table) == model.MAX_AFTER + 1
    for k, row in enumerate(table):
        for t, threshold in enumerate(row[: model.S_MAX]):
            assert threshold > t  # never stops behind or level
            if k == 0:
                assert threshold == t + 1  # the last player stops as soon as he is ahead
    assert table[1][0] == 12


def seeded_games(levels: list[str], games: int, durchgaenge: int = 1):  # type: ignore[no-untyped-def]
    """Every (state, seat, view, action) of seeded games through the engine."""
    for g in range(games):
        rng = AuditedRng(hashlib.sha256(f"players-test:{g}".encode()).digest())
        names = [f"p{i}" for i in range(len(levels))]
        policies = [player("verflixte6", lv, seed=g * 10 + i) for i, lv in enumerate(levels)]
        state, _ = GAME.setup(names, {"durchgaenge": durchgaenge}, rng)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            view = GAME.views(state, len(names))[1][seat]
            action = policies[seat].decide(view, seat)
            yield state, seat, view, action
            GAME.apply(state, seat, action, rng)  # raises IllegalAction if refused


@pytest.mark.parametrize(
    "levels", [["stark", "leicht"], ["leicht", "stark", "zufall"], ["zufall"] * 4]
)
def test_every_decision_is_legal(levels: list[str]) -> None:
    seen: set[str] = set()
    for state, seat, _, action in seeded_games(levels, 60, durchgaenge=3):
        assert action in GAME.legal_actions(state, seat) or action.do == "jokers"
        seen.add(action.do)
    assert {"jokers", "weiter", "stopp"} <= seen


def test_leicht_stops_at_15_and_stark_by_its_table() -> None:
    for state, seat, _view, action in seeded_games(["leicht", "stark"], 40):
        if state.turn is None or state.turn.phase != "step":
            continue
        x = state.seats[seat].eyes
        if seat == 0:
            assert action.do == ("stopp" if x >= 15 else "weiter")
        else:
            t = max([0] + [s.eyes for s in state.seats[:1] if s.role == "prinzessin"])
            assert action.do == ("stopp" if x >= thresholds()[0][t] else "weiter")


def with_foreign_secrets(view: dict, seat: int) -> dict:  # type: ignore[type-arg]
    """``view`` with private data of every other seat added (hands, hidden dice, legal)."""
    tainted = copy.deepcopy(view)
    for i, entry in enumerate(tainted["seats"]):
        if i != seat:
            entry["hand"] = [6, 6, 6]
            entry["secret"] = {"eyes": 99, "plan": "stopp"}
            entry["eyes_hidden"] = 1000
    tainted["private"] = {str(i): {"legal": ["stopp"], "dice": [6]} for i in range(10)}
    return tainted


@pytest.mark.parametrize("level", ["leicht", "stark", "zufall"])
def test_another_seats_secrets_change_no_decision(level: str) -> None:
    count = 0
    for _, seat, view, _action in seeded_games([level, level, level], 30):
        again = player("verflixte6", level, seed=0)
        clean = player("verflixte6", level, seed=0)
        assert again.decide(with_foreign_secrets(view, seat), seat) == clean.decide(view, seat)
        count += 1
    assert count > 100


def test_a_view_of_another_seat_is_refused() -> None:
    _, seat, view, _ = next(seeded_games(["stark", "leicht"], 1))
    with pytest.raises(ValueError):
        player("verflixte6", "stark").decide(view, 1 - seat)


def test_the_registry_knows_the_levels() -> None:
    for level in ("zufall", "leicht", "stark"):
        assert player("verflixte6", level).level == level
    with pytest.raises(KeyError, match="known"):
        player("verflixte6", "meister")


def test_a_bench_game_gives_out_one_first_place() -> None:
    shares = play(
        "verflixte6", [player("verflixte6", "stark"), player("verflixte6", "leicht")], "seed"
    )
    assert sum(shares) == pytest.approx(1.0)
    assert wilson(50, 100)[0] < 0.5 < wilson(50, 100)[1]
