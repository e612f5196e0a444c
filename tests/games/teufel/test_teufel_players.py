"""Computer players of Auf Teufel komm raus: legal decisions through the engine at every
table size, decisions from the seat's view alone, and stark's reckoning on small ovens."""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

import pytest

from bot.computer_players import levels, player
from bot.engine import Action, AuditedRng
from bot.games.teufel import Teufel
from bot.games.teufel.players.model import (
    VALUES,
    devil_risk,
    draw_gain,
    expected_oven,
    model_draws,
    oven_pool,
    play_out,
    reach_chance,
    settle,
    splits,
    standing,
)
from bot.games.teufel.players.seat_view import balance_guess, legal_actions, situation
from bot.games.teufel.players.stark import SPREAD, draw_is_better
from bot.games.teufel.state import DEVIL, TILES, TeufelState
from bot.players import Policy

GAME = Teufel()

Decision = tuple[TeufelState, int, dict[str, Any], Action]


def seeded(name: str) -> AuditedRng:
    return AuditedRng(hashlib.sha256(name.encode()).digest())


def seeded_games(kinds: list[str], games: int, rounds: int) -> Iterator[Decision]:
    """Every (state, seat, view, action) of seeded games through the engine, up to
    ``rounds`` rounds each. Simultaneous bets: every seat to act decides from the same
    state, then all of them are applied."""
    for g in range(games):
        policies = [player("teufel", lv, seed=g * 10 + i) for i, lv in enumerate(kinds)]
        yield from played(policies, f"teufel-players:{g}", rounds)


def played(policies: Sequence[Policy], name: str, rounds: int) -> Iterator[Decision]:
    """Every (state, seat, view, action) of one game of ``policies`` with chance seeded
    from ``name``, up to ``rounds`` rounds: simultaneous bets decided from the same state,
    then applied."""
    rng = seeded(name)
    names = [f"p{i}" for i in range(len(policies))]
    state, _ = GAME.setup(names, {"random_start": True}, rng)
    while not GAME.is_over(state) and state.round <= rounds:
        _, views = GAME.views(state, len(names))
        chosen = []
        for seat in sorted(GAME.to_act(state)):
            action = policies[seat].decide(views[seat], seat)
            chosen.append((seat, action))
            yield state, seat, views[seat], action
        for seat, action in chosen:
            GAME.apply(state, seat, action, rng)  # raises IllegalAction if refused


TABLES = [
    (["stark", "leicht"], 2, 20),
    (["zufall", "zufall"], 2, 25),
    (["leicht", "stark", "zufall"], 1, 8),
    (["zufall", "stark", "leicht", "zufall"], 1, 6),
    (["leicht", "zufall", "stark", "zufall", "leicht"], 1, 4),
    (["zufall", "leicht", "zufall", "stark", "zufall", "leicht"], 1, 4),
]


@pytest.mark.parametrize(("kinds", "games", "rounds"), TABLES)
def test_every_decision_is_legal(kinds: list[str], games: int, rounds: int) -> None:
    seen: set[str] = set()
    for state, seat, _, action in seeded_games(kinds, games, rounds):
        assert action in GAME.legal_actions(state, seat)
        seen.add(action.do)
    assert seen == {"bet", "draw", "stopp"}


def test_games_reach_the_corners_the_players_must_handle() -> None:
    """Broke bettors (a bet of 0 only), pacts and refilled ovens occur in the games above."""
    broke = pacts = refills = 0
    for state, seat, view, _ in seeded_games(["zufall", "zufall"], 2, 25):
        broke += view["legal"]["bets"] == [0, 0]
        pacts += any(s.pact for s in state.seats)
        refills += view["oven"] == len(TILES) and state.round > 1
        assert situation(view, seat).me.balance == state.seats[seat].balance
    assert broke and pacts and refills


def with_foreign_secrets(state: TeufelState, view: dict[str, Any], seat: int) -> dict[str, Any]:
    """``view`` with what other seats and the state keep secret added: their exact
    balances and sealed bets, their own legal actions, the oven's tiles."""
    tainted = copy.deepcopy(view)
    for i, entry in enumerate(tainted["seats"]):
        if i != seat:
            entry["balance"] = state.seats[i].balance
            entry["bet"] = state.seats[i].bet
            entry["legal"] = {"bets": [0, state.seats[i].balance], "verbs": ["draw"]}
    tainted["oven_tiles"] = list(state.oven)
    tainted["turned"] = list(state.set_aside)
    return tainted


@pytest.mark.parametrize("level", ["leicht", "stark", "zufall"])
def test_another_seats_secrets_change_no_decision(level: str) -> None:
    kinds = [level, "zufall", level]
    count = 0
    for state, seat, view, action in seeded_games(kinds, 1, 6):
        kind = kinds[seat]  # game 0: seat i plays with seed i
        tainted = player("teufel", kind, seed=seat).decide(
            with_foreign_secrets(state, view, seat), seat
        )
        assert tainted == player("teufel", kind, seed=seat).decide(view, seat)
        if kind != "zufall":  # a fresh policy with the seed decides as the game's did
            assert tainted == action
        count += 1
    assert count > 30


def test_a_view_of_another_seat_is_refused() -> None:
    state, seat, view, _ = next(seeded_games(["stark", "leicht"], 1, 1))
    with pytest.raises(ValueError):
        player("teufel", "stark").decide(view, 1 - seat)
    GAME.apply(state, seat, Action("bet", {"amount": 0}), seeded("x"))
    with pytest.raises(ValueError):  # bet sealed: nothing for this seat to decide now
        player("teufel", "leicht").decide(GAME.views(state, 2)[1][seat], seat)


def test_the_registry_knows_the_levels() -> None:
    assert levels("teufel") == ("zufall", "leicht", "stark")
    for level in ("zufall", "leicht", "stark"):
        made = player("teufel", level, seed=3)
        assert (made.game, made.level) == ("teufel", level)
    with pytest.raises(KeyError, match="known"):
        player("teufel", "meister")


def oven(**counts: int) -> tuple[int, ...]:
    """An oven's composition in VALUES' order, e.g. oven(c50=1, devil=2)."""
    names = [f"c{v}" for v in VALUES[:-1]] + ["devil"]
    return tuple(counts.get(name, 0) for name in names)


def test_the_devils_risk_and_one_draws_expected_coal() -> None:
    small = oven(c100=1, c50=1, devil=2)
    assert devil_risk(small) == 0.5
    assert draw_gain(small, 30) == pytest.approx((100 + 50) / 4 - 30 * 2 / 4)
    full = tuple(TILES.count(v) for v in VALUES)
    assert devil_risk(full) == pytest.approx(9 / 48)
    assert draw_gain(full, 0) == pytest.approx(1270 / 48)


def test_the_chance_to_reach_a_target_before_a_devil() -> None:
    three = oven(c50=1, c10=1, devil=1)  # 6 orders, equally likely
    assert reach_chance(three, 0, 60) == pytest.approx(2 / 6)  # the devil last
    assert reach_chance(three, 0, 50) == pytest.approx(3 / 6)  # the 50 before the devil
    assert reach_chance(three, 0, 10) == pytest.approx(4 / 6)  # a coal first
    assert reach_chance(three, 55, 60) == pytest.approx(4 / 6)
    assert reach_chance(oven(c10=2), 0, 30) == 0.0  # the oven runs out short
    assert reach_chance(oven(devil=3), 40, 40) == 1.0


def test_the_splits_of_a_seats_coal() -> None:
    assert splits(2, 60) == (((0, 0, 1, 0, 0, 1), 7 * 9),)
    assert dict(splits(3, 60)) == {(0, 0, 0, 0, 3, 0): 84, (0, 0, 0, 2, 0, 1): 36 * 9}
    assert splits(2, 15) == ()


def test_the_expected_oven_from_this_rounds_draws() -> None:
    view = fresh_view()
    assert expected_oven(situation(view, 0)) == pytest.approx(
        tuple(float(TILES.count(v)) for v in VALUES)
    )
    # seat 1 met a devil after one coal, seat 2 holds 50 in two pieces (25 + 25), 44 left
    view["seats"][1].update(pulled=True, devil=True, pieces=1)
    view["seats"][2].update(pulled=True, coal=50, pieces=2)
    view["oven"] = 44
    expected = expected_oven(situation(view, 0))
    pool = [2, 3, 7, 9 - 2, 9, 9, 9 - 1]  # 45 tiles of which 44 are in the oven
    assert expected == pytest.approx(tuple(c * 44 / 45 for c in pool))
    assert sorted(oven_pool(situation(view, 0))) == sorted(
        v for v, c in zip(VALUES, pool, strict=True) for _ in range(c)
    )
    view["set_aside"] = [DEVIL, 25, 25, 10]
    assert expected_oven(situation(view, 0)) == pytest.approx((2, 3, 7, 7, 9, 8, 8))


def test_settling_the_rules_worked_example() -> None:
    """Gordon 100 (devil), Petra 120 (135 in 3), Lucy 140 (devil), Saul 60 (50 in 4)."""
    change = settle([0, 135, 0, 50], [2, 3, 1, 4], [True, False, True, False], [0] * 4,
                    [100, 120, 140, 60])  # fmt: skip
    assert change == [100, 120 + 50, -140, 60 + 50]
    doubled = settle([90, 60], [1, 2], [False, False], [0, 0], [90, 40])
    assert doubled == [180 + 50, 40 + 50]


def test_the_model_player_draws_to_the_top_its_bet_and_the_base() -> None:
    assert model_draws(40, 0, 0, 1, 30)  # below the base
    assert not model_draws(50, 0, 0, 1, 30)
    assert model_draws(50, 60, 0, 1, 30)  # behind the top
    assert model_draws(70, 60, 80, 1, 30)  # short of its own bet nobody reached
    assert not model_draws(70, 90, 80, 1, 30) or not model_draws(95, 90, 80, 1, 30)
    assert not model_draws(10, 60, 0, 12, 30)  # a devil too likely
    assert not model_draws(0, 0, 0, 0, 0)  # an empty oven


def fresh_view() -> dict[str, Any]:
    rng = seeded("fresh")
    state, _ = GAME.setup(["a", "b", "c"], {}, rng)
    return GAME.views(state, 3)[1][0]


def last_to_pull(aside: list[int], coal: int, pieces: int) -> dict[str, Any]:
    """Seat 0 pulls last with ``coal``; seat 1 stopped at 60 (2 pieces), seat 2 at 0."""
    rng = seeded("last")
    state, _ = GAME.setup(["a", "b", "c"], {"start": "b"}, rng)
    for seat in range(3):
        GAME.apply(state, seat, Action("bet", {"amount": 50}), rng)
    state.seats[1].coal, state.seats[1].pieces, state.seats[1].pulled = 60, 2, True
    state.seats[2].pulled = True
    state.seats[0].coal, state.seats[0].pieces, state.turn = coal, pieces, 0
    state.oven = [t for t in TILES]
    for tile in aside:
        state.oven.remove(tile)
    state.set_aside = aside
    view = GAME.views(state, 3)[1][0]
    view["set_aside"] = list(aside)  # the turned tiles shown, as the rules make them public
    return view


def test_stark_stops_before_an_oven_of_devils_and_draws_from_one_without() -> None:
    coal_only = [t for t in TILES if t != DEVIL][:39]
    devils_only = last_to_pull(coal_only, 40, 2)  # nine devils left
    assert situation(devils_only, 0).oven == 9
    assert not draw_is_better(situation(devils_only, 0), random.Random(1), 30)
    no_devils = last_to_pull([DEVIL] * 9, 40, 2)  # behind 60: every draw is coal
    assert draw_is_better(situation(no_devils, 0), random.Random(1), 30)


def test_stark_weighs_a_draw_by_its_expected_worth() -> None:
    """Last to pull, 50 coal in 2 pieces against 60 in 2 and 0, bets of 50 (all won: the
    highest coal is 60, and they double as the highest bets). The oven: 2 devils, a 50, a
    100; every balance 200. Stopping: +150 (both tie on pieces) against +200 and +100, a
    share of the win of e^(350/300) / (e^(350/300) + e^(400/300) + e^(300/300)) = 0.330. A
    devil: +100 against +200 (60 now takes both bonuses) and +100: 0.294. A 50 or a 100:
    +200 (both bonuses) against +100 and +100: 0.411. Drawing is worth their mean, 0.353."""
    aside = [DEVIL] * 7 + [10] * 9 + [20] * 9 + [25] * 9 + [50] * 6 + [75] * 3 + [100] * 1
    sit = situation(last_to_pull(aside, 50, 2), 0)
    assert sorted(oven_pool(sit)) == [DEVIL, DEVIL, 50, 100]
    bets = [50, 50, 50]
    stop = play_out(sit, oven_pool(sit), bets, "stopp")
    assert stop == [150, 200, 100]
    worth = partial(standing, [200, 200, 200], seat=0, spread=SPREAD)
    assert worth(stop) == pytest.approx(0.3303, abs=1e-4)
    drawn = {tile: play_out(sit, [tile], bets, "draw") for tile in (DEVIL, 50, 100)}
    assert drawn == {DEVIL: [100, 200, 100], 50: [200, 100, 100], 100: [200, 100, 100]}
    assert sum(worth(drawn[t]) for t in (DEVIL, DEVIL, 50, 100)) / 4 == pytest.approx(
        (2 * 0.29449 + 2 * 0.41103) / 4, abs=1e-4
    )
    assert draw_is_better(sit, random.Random(5), 60)


def test_balance_guesses_from_the_track() -> None:
    sit = situation(fresh_view(), 0)
    assert [balance_guess(sit, i) for i in range(3)] == [200, 200, 200]
    assert [a.args["amount"] for a in legal_actions(sit)] == list(range(0, 201, 10))
