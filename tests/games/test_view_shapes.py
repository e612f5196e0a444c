"""Each game's view types (``TypedDict``s in its ``view``) say what its engine builds: over
a seeded random game of each kind, at every step, the public view and every seat's have
exactly the type's required keys and some of its optional ones, and so have their parts
(seats, the legal part, ...), so that what mypy checks at every read is what a view holds.
The tournament's view the same, along a tournament of eight."""

from __future__ import annotations

import random
import types
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from bot.engine import Action
from bot.engine.rng import AuditedRng
from bot.games.dicedevils.view import DDView
from bot.games.flaschenteufel.view import FView
from bot.games.teufel.view import TeufelView
from bot.games.verflixte6.view import V6View
from bot.plugins import GAMES
from bot.tournament.game import SYSTEM
from bot.tournament.view import TournamentView

VIEWS: dict[str, Any] = {
    "teufel": TeufelView,
    "verflixte6": V6View,
    "flaschenteufel": FView,
    "dicedevils": DDView,
}

SETUPS = [
    ("teufel", 4, {}),
    ("verflixte6", 3, {"durchgaenge": 2}),
    ("verflixte6", 4, {"durchgaenge": 4, "finale": True}),
    ("flaschenteufel", 4, {"variant": "standard", "hands": 2}),
    ("flaschenteufel", 2, {"variant": "lopaka", "hands": 2}),
    ("flaschenteufel", 2, {"variant": "glitterhuis", "hands": 2}),
    ("dicedevils", 4, {"random_ranks": True}),
]


def required_keys(kind: Any) -> frozenset[str]:
    """A TypedDict's ``__required_keys__``. Python 3.11 counts a ``NotRequired`` key among
    them where annotations are strings (``from __future__ import annotations``, as in every
    module here); the annotations themselves still tell it."""
    hints = get_type_hints(kind, include_extras=True)
    optional = {k for k, hint in hints.items() if get_origin(hint) is NotRequired}
    return frozenset(kind.__required_keys__ - optional)


def shape_errors(value: Any, kind: Any, where: str) -> list[str]:
    """Where ``value`` has keys its type ``kind`` does not allow, or lacks required ones,
    down through every TypedDict in it (in a list, a dict's values or an optional)."""
    if is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        keys, required = set(value), required_keys(kind)
        errors = [f"{where}: lacks {k!r}" for k in sorted(required - keys)]
        errors += [f"{where}: has {k!r}" for k in sorted(keys - kind.__annotations__.keys())]
        hints = get_type_hints(kind)
        for key in sorted(keys & hints.keys()):
            errors += shape_errors(value[key], hints[key], f"{where}.{key}")
        return errors
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        inner = [k for k in get_args(kind) if k is not type(None)]
        return [] if value is None else shape_errors(value, inner[0], where)
    if origin is list and isinstance(value, list):
        (item,) = get_args(kind)
        return [e for i, v in enumerate(value) for e in shape_errors(v, item, f"{where}[{i}]")]
    if origin is dict and isinstance(value, dict):
        _, item = get_args(kind)
        return [e for k, v in value.items() for e in shape_errors(v, item, f"{where}[{k!r}]")]
    return []


@pytest.mark.parametrize(("kind", "count", "options"), SETUPS)
def test_every_view_has_its_types_keys(kind: str, count: int, options: dict[str, Any]) -> None:
    game, view_type = GAMES[kind], VIEWS[kind]
    rng = AuditedRng(bytes(32), nonce=kind)
    chance = random.Random(kind)
    state, _ = game.setup([f"P{i}" for i in range(count)], options, rng)
    for _ in range(400):
        public, seats = game.views(state, count)
        for name, view in [("public", public)] + [(f"seat {i}", v) for i, v in enumerate(seats)]:
            assert shape_errors(view, view_type, name) == []
        acting = sorted(game.to_act(state))
        if game.is_over(state) or not acting:
            break
        seat = chance.choice(acting)
        game.apply(state, seat, chance.choice(game.legal_actions(state, seat)), rng)


def test_a_key_the_type_does_not_name_is_found() -> None:
    game = GAMES["teufel"]
    state, _ = game.setup(["A", "B"], {}, AuditedRng(bytes(32)))
    view = game.view(state, 0)
    view["seats"][1]["balanse"] = view["seats"][1].pop("balance")
    assert shape_errors(view, TeufelView, "seat 0") == [
        "seat 0.seats[1]: lacks 'balance'",
        "seat 0.seats[1]: has 'balanse'",
    ]


def test_every_tournament_view_has_its_types_keys() -> None:
    """A tournament of eight: registration, a reserve, a scheduled evening, a substitute,
    every group's result, the Finale's; the view checked after each action."""
    game = GAMES["turnier"]
    rng = AuditedRng(bytes(32))
    state, _ = game.setup(["host"], {"durchgaenge": 2, "finale_size": 4}, rng)

    def act(do: str, actor: str = "host", **args: Any) -> None:
        game.apply(state, -1, Action(do, {"actor": actor, "host": True, **args}), rng)
        assert shape_errors(game.view(state, None), TournamentView, "tournament") == []

    for i in range(8):
        act("register", f"P{i}")
    act("reserve", "R")
    act("close")
    first, second = state.current.groups[:2]
    act("schedule", group=first.number, at="2030-01-01T20:00:00+00:00",
        now="2029-12-01T20:00:00+00:00")  # fmt: skip
    act("substitute", group=second.number, target=second.players[0], new="R", reason="krank",
        now="2029-12-01T20:00:00+00:00")  # fmt: skip
    for _ in range(2):  # the first round, then the Finale
        for group in state.current.groups:
            lines = [
                {"player": p, "points": 10 - i, "eyes": 0} for i, p in enumerate(group.players)
            ]
            act("record", SYSTEM, group=group.number, lines=lines)
    assert state.champion is not None
