"""Computer players of Dice Devils: legal decisions through the engine at every table size,
decisions from the seat's view alone, the registry, and the odds "stark" computes, checked
against hand-computed cases and a brute-force enumeration."""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest

from bot.computer_players import levels, player
from bot.engine import Action, AuditedRng
from bot.games.dicedevils import DiceDevils
from bot.games.dicedevils.players import odds, stark
from bot.games.dicedevils.players.styles import STYLES
from bot.games.dicedevils.state import (
    FEHLER,
    OBER,
    PUTZ,
    RANKS,
    SATANS,
    SPIEL,
    SPRING,
    DDState,
)
from bot.players import Policy
from tests.helpers.slow_clock import slow_clock

GAME = DiceDevils()
LEVELS = ("zufall", "leicht", "stark")


def policy(level: str, seed: int) -> Policy:
    """The level's player ("style:NAME": a style of the pool)."""
    if level.startswith("style:"):
        return STYLES[level.removeprefix("style:")](seed)
    return player("dicedevils", level, seed=seed)


def seeded_games(
    table: list[str], games: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[DDState, int, dict[str, Any], Action]]:
    """Every (state, seat, view, action) of seeded games through the engine."""
    for g in range(games):
        rng = AuditedRng(hashlib.sha256(f"dd-players:{table}:{g}".encode()).digest())
        names = [f"p{i}" for i in range(len(table))]
        policies = [policy(lv, g * 10 + i) for i, lv in enumerate(table)]
        state, _ = GAME.setup(names, options or {"random_ranks": True}, rng)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            view = GAME.views(state, len(names))[1][seat]
            action = policies[seat].decide(view, seat)
            yield state, seat, view, action
            GAME.apply(state, seat, action, rng)  # raises IllegalAction if refused


TABLES = [
    (["stark", "leicht", "zufall"], 4),
    (["zufall", "stark", "leicht"], 4),
    (["leicht", "zufall", "stark", "stark"], 3),
    (["stark", "leicht", "zufall", "leicht", "stark"], 1),
    (["zufall", "stark", "leicht", "stark", "leicht", "zufall"], 1),
]


@pytest.mark.parametrize(("table", "games"), TABLES)
def test_every_decision_is_legal(table: list[str], games: int) -> None:
    seen: set[str] = set()
    for state, seat, _, action in seeded_games(table, games):
        assert action in GAME.legal_actions(state, seat)
        seen.add(action.do)
    assert {"place", "swap_rank"} <= seen


def test_every_verb_is_decided_by_every_level() -> None:
    """The Spielteufel's re-roll, the Fehlerteufel's steal and the Putzteufel's swap occur
    at five seats; every level answers each of them legally."""
    for level in LEVELS:
        seen = {a.do for _, _, _, a in seeded_games([level] * 5, 2)}
        assert seen >= {"place", "reroll", "steal", "swap_item", "swap_rank"}, level


def with_foreign_secrets(view: dict[str, Any], state: DDState, seat: int) -> dict[str, Any]:
    """``view`` with every other seat's private data added: its dice under the cup, a
    ``legal`` of its own and keys a view never has."""
    tainted = copy.deepcopy(view)
    for i, entry in enumerate(tainted["demons"]):
        if i != seat:
            entry["dice"] = list(state.demons[i].dice)
            entry["legal"] = [{"do": "place", "slot": 0}]
            entry["secret"] = {"dice": [6, 6, 6]}
    tainted["private"] = {str(i): {"dice": list(d.dice)} for i, d in enumerate(state.demons)}
    return tainted


@pytest.mark.parametrize("level", LEVELS)
def test_another_seats_secrets_change_no_decision(level: str) -> None:
    count = 0
    for players in (3, 4):
        for state, seat, view, _ in seeded_games([level] * players, 2):
            clean = player("dicedevils", level, seed=7).decide(view, seat)
            tainted = with_foreign_secrets(view, state, seat)
            assert player("dicedevils", level, seed=7).decide(tainted, seat) == clean
            count += 1
    assert count > 100


def test_a_fresh_policy_with_the_same_seed_decides_the_same() -> None:
    for level in LEVELS:
        for _, seat, view, _ in seeded_games(["zufall"] * 4, 1):
            first = player("dicedevils", level, seed=3).decide(view, seat)
            assert player("dicedevils", level, seed=3).decide(view, seat) == first


def test_decisions_do_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level decides the same on a machine whose clock jumps an hour at every reading
    (the fight odds' caches emptied first, so "stark" computes them under that clock)."""
    views = [(s, v) for _, s, v, _ in seeded_games(["leicht"] * 4, 1)]
    for level in LEVELS:
        fast = [policy(level, 5).decide(view, seat) for seat, view in views]
        for cached in (odds.plain, odds.forced, odds.spiel_forces, odds.chance):
            cached.cache_clear()
        odds.against_priors.cache_clear()
        with slow_clock(monkeypatch):
            assert [policy(level, 5).decide(view, seat) for seat, view in views] == fast


def test_a_view_of_another_seat_is_refused() -> None:
    _, seat, view, _ = next(seeded_games(["stark"] * 3, 1))
    with pytest.raises(ValueError):
        player("dicedevils", "stark").decide(view, (seat + 1) % 3)


def test_the_registry_knows_the_levels() -> None:
    assert levels("dicedevils") == LEVELS
    for level in LEVELS:
        made = player("dicedevils", level, seed=1)
        assert (made.game, made.level) == ("dicedevils", level)


# --- the odds, by hand -----------------------------------------------------------------


def prob(d: odds.Dist, score: int) -> float:
    return dict(d).get(score, 0.0)


def test_score_distributions() -> None:
    assert prob(odds.ober_score(), 12) == pytest.approx(16 / 216)  # two or three sixes
    assert prob(odds.ober_score(), 2) == pytest.approx(1 / 216)
    assert prob(odds.ober_lowest(), 6) == pytest.approx(1 / 216)
    assert prob(odds.ober_lowest(), 1) == pytest.approx(1 - 125 / 216)
    assert odds.satans_score(5, 2) == odds.point(7)  # rules' check: 3 + 4 + 2 = 9 style
    assert prob(odds.satans_score(None, 2), 4) == pytest.approx(1 / 16)
    assert prob(odds.dice_sum(2, 6), 7) == pytest.approx(6 / 36)
    assert odds.mean(odds.satans_score(4)) == pytest.approx(4 + 441 / 216)  # E[min] = 441/216


TWO_D6 = odds.dice_sum(2, 6)


def test_a_known_nine_against_hidden_two_dice() -> None:
    # 26/36 below, 4/36 level: the re-roll between two 2d6 is even.
    fight = (odds.point(9), TWO_D6)
    fresh = (TWO_D6, TWO_D6)
    assert odds.chance(0, fight, fresh, (FEHLER, PUTZ)) == pytest.approx(28 / 36)
    assert odds.chance(1, fight, fresh, (FEHLER, PUTZ)) == pytest.approx(8 / 36)


def test_the_springteufel_wins_ties() -> None:
    fresh = (TWO_D6, TWO_D6)
    assert odds.chance(0, (odds.point(7), TWO_D6), fresh, (PUTZ, SPRING)) == pytest.approx(15 / 36)
    assert odds.chance(1, (TWO_D6, odds.point(7)), fresh, (PUTZ, SPRING)) == pytest.approx(21 / 36)


def test_the_spielteufel_forces_a_reroll_when_behind() -> None:
    fresh = (TWO_D6, TWO_D6)
    ranks = (SPIEL, PUTZ)
    # at 4 against a shown 10 he forces: the Putzteufel's new roll is below 4 (3/36) or
    # level (3/36, then an even re-roll)
    assert odds.spiel_forces(0, (4, 10), fresh, ranks)
    assert odds.chance(0, (odds.point(4), odds.point(10)), fresh, ranks) == pytest.approx(4.5 / 36)
    assert not odds.spiel_forces(0, (10, 4), fresh, ranks)
    assert odds.chance(0, (odds.point(10), odds.point(4)), fresh, ranks) == 1.0
    # at 7 against a hidden 2d6: ahead 15/36; level 6/36 (keep: 1/2, force: 1/2);
    # behind 15/36, then forcing is worth 15/36 + 3/36 = 1/2
    assert odds.chance(0, (odds.point(7), TWO_D6), fresh, ranks) == pytest.approx(25.5 / 36)


def brute_force(me: int, dists: tuple[odds.Dist, ...], fresh: tuple[odds.Dist, ...],
                ranks: tuple[str, ...]) -> float:  # fmt: skip
    """The fight enumerated over every joint score, the Spielteufel deciding on each."""
    spiel = ranks.index(SPIEL) if SPIEL in ranks else None
    total = 0.0
    for outcome in product(*dists):
        p = 1.0
        for _, q in outcome:
            p *= q
        scores = tuple(x for x, _ in outcome)
        if spiel is not None and odds.spiel_forces(spiel, scores, fresh, ranks):
            total += p * odds.forced(me, spiel, scores[spiel], fresh, ranks)
        else:
            total += p * odds.share(me, scores, fresh, ranks)
    return total


def test_the_fight_agrees_with_brute_force_enumeration() -> None:
    rng = random.Random(5)
    for _ in range(40):
        ranks = tuple(sorted(rng.sample(RANKS, rng.choice([2, 3])), key=RANKS.index))
        fresh = tuple(odds.prior(r) for r in ranks)
        dists = tuple(
            odds.point(rng.randint(3, 11))
            if rng.random() < 0.4
            else odds.condition(f, {x: rng.random() for x, _ in f})
            for f in fresh
        )
        chances = [odds.chance(i, dists, fresh, ranks) for i in range(len(ranks))]
        assert sum(chances) == pytest.approx(1.0)
        for i, c in enumerate(chances):
            assert c == pytest.approx(brute_force(i, dists, fresh, ranks))


# --- stark's placement, by hand ------------------------------------------------------------


def placement_view(ranks: list[str], slots: list[int | None], dice: list[int],
                   display: list[str]) -> dict[str, Any]:  # fmt: skip
    """The view of the seat placing next (the first with no slot)."""
    seat = slots.index(None)
    demons = [
        {
            "player": f"p{i}",
            "rank": r,
            "dice": dice if i == seat else None,
            "slot": slots[i],
            "items": [],
            "points": 0,
        }
        for i, r in enumerate(ranks)
    ]
    legal = [{"do": "place", "slot": c} for c in range(len(display))]
    return {"game": "dicedevils", "viewer": seat, "phase": "place", "display": display,
            "taken": [], "pile": 40, "demons": demons, "to_act": [f"p{seat}"],
            "pending": None, "legal": legal}  # fmt: skip


def test_the_last_to_place_weighs_its_chance_against_the_item(monkeypatch: Any) -> None:
    """The Putzteufel places last with 9: the Grill (3) against the Fehlerteufel's hidden
    2d6 is worth 3 * 28/36 = 2.33 to it, the Bett (1) against the Oberteufel less than 1
    (a tie with him is re-rolled: 2d6 against his two highest of three)."""
    monkeypatch.setattr(stark, "TRUST", 0.0)
    monkeypatch.setattr(stark, "DENIAL", 0.0)
    view = placement_view([OBER, FEHLER, PUTZ], [0, 1, None], [4, 5], ["Bett", "Grill"])
    model = stark.Placement(view, 2)
    assert model.expected(1) == pytest.approx(3 * 28 / 36)
    against_ober = sum(p for x, p in odds.ober_score() if x < 9)
    fresh = (odds.ober_score(), TWO_D6)
    against_ober += prob(odds.ober_score(), 9) * odds.plain(1, fresh, fresh, (OBER, PUTZ), 1)
    assert model.expected(0) == pytest.approx(against_ober)
    assert player("dicedevils", "stark").decide(view, 2) == Action("place", {"slot": 1})


def test_a_demon_who_chose_a_fight_is_read_as_strong(monkeypatch: Any) -> None:
    """The Fehlerteufel joined the Oberteufel at the Grill (3) while the Bett (1) was free:
    under the model only sums whose chance against the Oberteufel beats 1/3 do that."""
    monkeypatch.setattr(stark, "TRUST", 1.0)
    view = placement_view([OBER, FEHLER, PUTZ], [1, 1, None], [3, 3], ["Bett", "Grill"])
    read = dict(stark.Placement(view, 2).known[1])
    strong = {x for x, _ in TWO_D6 if odds.against_priors(FEHLER, x, (OBER,)) * 3 > 1}
    assert set(read) == strong and 12 in strong and 2 not in strong
    assert sum(read.values()) == pytest.approx(1.0)
    for x in strong:
        assert read[x] == pytest.approx(prob(TWO_D6, x) / sum(prob(TWO_D6, y) for y in strong))


def test_the_oberteufel_knows_the_satansbratens_addend() -> None:
    view = placement_view([OBER, PUTZ, SATANS], [None, None, None], [2, 6, 5], ["Bett", "Grill"])
    model = stark.Placement(view, 0)
    assert model.mine == odds.point(11)
    assert model.fresh(2) == odds.satans_score(None, 2)
