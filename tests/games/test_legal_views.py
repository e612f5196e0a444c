"""Every view carries ``legal``: what its viewer may do now, as the engine's
``legal_actions`` says (the prompts are built from it); the public view offers nothing; the
absence rule takes a legal action. Checked over seeded random games of each kind, at every
step and for every seat."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.engine import Action, Game, step
from bot.engine.rng import AuditedRng
from bot.games.flaschenteufel import rules as ft_rules
from bot.games.flaschenteufel.state import STANDARD
from bot.games.verflixte6 import rules as v6_rules
from bot.games.verflixte6.state import PHASE_JOKERS, PHASE_STEAL, PHASE_STEP, V6State
from bot.games.verflixte6.steps import eligible_victims
from bot.plugins import GAMES
from bot.tournament import rules as tour_rules
from bot.tournament.game import SYSTEM

NOTHING: dict[str, Any] = {
    "verflixte6": {"jokers": [], "free_jokers": [], "targets": [], "victims": []},
    "teufel": {"bets": [], "verbs": []},
    "flaschenteufel": {"play": [], "discard": [], "pass": [], "open": []},
    "dicedevils": [],
}


def v6_expected(state: V6State, seat: int, legal: list[Action]) -> dict[str, list[str]]:
    """From the rules themselves, not from the view's own reading of ``legal``."""
    expected: dict[str, list[str]] = {k: [] for k in NOTHING["verflixte6"]}
    turn = state.turn
    if not legal or turn is None:
        return expected
    if turn.phase == PHASE_JOKERS:
        expected["jokers"] = v6_rules.choosable(state, seat, False)
        if v6_rules.can_choose_free(state, seat):
            expected["free_jokers"] = v6_rules.choosable(state, seat, True)
    if turn.phase == PHASE_STEP and "sekante" in v6_rules.announceable(turn):
        expected["targets"] = [state.name(s) for s in v6_rules.sekante_targets(state, seat)]
    if turn.phase == PHASE_STEAL:
        expected["victims"] = [state.name(s) for s in eligible_victims(state, seat)]
    return expected


def teufel_expected(state: Any, seat: int, legal: list[Action]) -> dict[str, Any]:
    bets = [a.args["amount"] for a in legal if a.do == "bet"]
    if bets:
        assert bets == list(range(0, max(bets) + 1, 10))
        assert max(bets) <= state.seats[seat].balance < max(bets) + 10
    verbs = [a.do for a in legal if a.do != "bet"]
    return {"bets": [min(bets), max(bets)] if bets else [], "verbs": verbs}


def ft_expected(state: Any, seat: int, legal: list[Action]) -> dict[str, list[int]]:
    """Every card of a kind of action; a standard pass (listed as some of its pairs only)
    takes any two of the cards the player holds for passing."""
    expected: dict[str, list[int]] = {k: [] for k in NOTHING["flaschenteufel"]}
    for action in legal:
        if action.do == "open":
            expected["open"].append(action.args["set"])
        elif action.do != "pass" or state.variant != STANDARD:
            expected[action.do].append(action.args["card"])
    if any(a.do == "pass" for a in legal) and state.variant == STANDARD:
        passed = state.hands[seat].passed
        expected["pass"] = [c for c in ft_rules.choice_source(state, seat) if c not in passed]
    return {k: sorted(v) for k, v in expected.items()}


def dd_expected(state: Any, seat: int, legal: list[Action]) -> list[dict[str, Any]]:
    return [a.to_dict() for a in legal]


EXPECTED: dict[str, Callable[[Any, int, list[Action]], Any]] = {
    "verflixte6": v6_expected,
    "teufel": teufel_expected,
    "flaschenteufel": ft_expected,
    "dicedevils": dd_expected,
}

SETUPS = [
    ("verflixte6", 3, {"durchgaenge": 2}),
    ("verflixte6", 4, {"durchgaenge": 4, "finale": True}),
    ("teufel", 3, {}),
    ("flaschenteufel", 4, {"variant": "standard", "hands": 2}),
    ("flaschenteufel", 2, {"variant": "lopaka", "hands": 2}),
    ("flaschenteufel", 2, {"variant": "glitterhuis", "hands": 2}),
    ("dicedevils", 4, {"random_ranks": True}),
]


def check_views(kind: str, game: Game[Any], state: Any) -> None:
    assert game.view(state, None)["legal"] == NOTHING[kind]
    seats = len(game.players(state))
    each = [game.view(state, seat) for seat in range(seats)]
    assert game.views(state, seats) == (game.view(state, None), each)  # built together
    for seat in range(seats):
        legal = game.legal_actions(state, seat)
        assert game.view(state, seat)["legal"] == EXPECTED[kind](state, seat, legal)
        check_absence(game, state, seat, legal)


def check_absence(game: Game[Any], state: Any, seat: int, legal: list[Action]) -> None:
    """Each engine's absence rule picks one of its legal actions (a standard Flaschenteufel
    pass, listed only as some of its pairs, is checked by the engine on a copy)."""
    chosen = game.absence_action(state, seat)
    assert (chosen is None) == (not legal)
    if chosen is not None and chosen not in legal:
        assert chosen.do == "pass"
        step(game, state, seat, chosen, AuditedRng(bytes(32)))  # raises if illegal


@pytest.mark.parametrize(("kind", "count", "options"), SETUPS)
@pytest.mark.parametrize("seed", range(3))
def test_the_views_legal_is_the_engines(
    kind: str, count: int, options: dict[str, Any], seed: int
) -> None:
    game = GAMES[kind]
    rng = AuditedRng(bytes([seed]) * 32, nonce=kind)
    chance = random.Random(f"{kind}{count}{seed}")
    state, _ = game.setup([f"P{i}" for i in range(count)], options, rng)
    for _ in range(600):  # to the end, or far into a game (Teufel may take long)
        check_views(kind, game, state)
        acting = sorted(game.to_act(state))
        if game.is_over(state) or not acting:
            break
        seat = chance.choice(acting)
        game.apply(state, seat, chance.choice(game.legal_actions(state, seat)), rng)
    assert game.is_over(state) or kind == "teufel"


def test_a_finale_offers_freie_jokerwahl_from_its_second_durchgang() -> None:
    """Seen in the views of a random Finale: Freie Jokerwahl exactly where the rule allows
    it, and there both in Durchgang 1 (never) and later (at least once)."""
    game = GAMES["verflixte6"]
    rng, chance = AuditedRng(bytes(32)), random.Random(7)
    state, _ = game.setup(["A", "B", "C"], {"durchgaenge": 4, "finale": True}, rng)
    offered = set()
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        free = game.view(state, seat)["legal"]["free_jokers"]
        assert bool(free) == (state.turn.phase == PHASE_JOKERS and not state.seats[seat].free_used
                              and state.durchgang >= 2)  # fmt: skip
        if free:
            offered.add(state.durchgang)
        legal = game.legal_actions(state, seat)
        taken = [a for a in legal if a.args.get("free")] if free and chance.random() < 0.3 else []
        game.apply(state, seat, chance.choice(taken or legal), rng)
    assert offered and min(offered) >= 2


def test_the_tournament_offers_its_groups_options_and_nothing_legal() -> None:
    game = GAMES["turnier"]
    rng = AuditedRng(bytes(32))
    state, _ = game.setup(["host"], {"durchgaenge": 2, "finale_size": 4}, rng)
    for i in range(8):
        game.apply(state, -1, Action("register", {"actor": f"P{i}"}), rng)
    game.apply(state, -1, Action("close", {"actor": "host"}), rng)
    view = game.view(state, None)
    assert view["legal"] == game.legal_actions(state, 0) == []
    assert view["group_options"] == tour_rules.group_options(state)
    assert view["group_options"] == {"durchgaenge": 2, "finale": False}
    for group in state.current.groups:  # the first round ends: a Finale of four
        lines = [{"player": p, "points": 10 - i, "eyes": 0} for i, p in enumerate(group.players)]
        record = Action("record", {"actor": SYSTEM, "group": group.number, "lines": lines})
        game.apply(state, -1, record, rng)
    assert state.current.finale
    assert game.view(state, 0)["group_options"] == {"durchgaenge": 4, "finale": True}
