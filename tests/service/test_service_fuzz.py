"""Hypothesis drives the Service with random, mostly illegal actions in all four games.

Every step is one of: a legal action by the player to act; a legal action with one argument
changed; or junk (any verb, any arguments, any actor, including strangers and players who
are not to act), sometimes with a stale or future ``expected_version`` or on an unknown game.
Whatever happens, only :class:`IllegalAction` may come out; a refusal leaves the database as
it was (snapshot, version, number of logged actions), an accepted action adds exactly one;
and after every step the service's state in memory equals the stored snapshot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.engine import Action, AuditedRng, IllegalAction
from bot.lobby import LOBBY_VERBS
from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store
from tests.helpers.engine_state import engine_state

SEED = bytes(range(32))
SETUPS = [
    ("verflixte6", 2, {"durchgaenge": 1}),
    ("verflixte6", 4, {"durchgaenge": 1}),
    ("teufel", 3, {}),
    ("flaschenteufel", 3, {"hands": 1}),
    ("flaschenteufel", 2, {"variant": "glitterhuis", "hands": 1}),
    ("dicedevils", 3, {}),
    ("dicedevils", 5, {"variant": "more_fights"}),
]
VERBS = sorted(
    {*LOBBY_VERBS, "jokers", "weiter", "stopp", "joker", "steal", "decide", "bet", "draw"}
    | {"play", "discard", "pass", "open", "place", "reroll", "ability", "rank", "spiel", "x"}
)
ARG_KEYS = ["card", "jokers", "joker", "slot", "amount", "target", "force", "skip", "set"]
ARG_KEYS += ["left", "right", "item", "from", "with", "give", "take", "answer", "actor"]
VALUES = st.one_of(
    st.integers(-3, 40),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
    st.lists(st.integers(-1, 40), max_size=3),
    st.lists(st.sampled_from(["Ventil", "Sekante", "", "111"]), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
STEPS = 30


def fixed_rng(_seed: bytes, counter: int, nonce: str) -> AuditedRng:
    """Seeded the same every time, so a failing example replays exactly."""
    return AuditedRng(SEED, counter, nonce)


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def stored(store: Store, game_id: int) -> tuple[Any, int, int]:
    """The state as a restart reads it (checkpoint and replay), the version, the log size."""
    row = store.get(game_id)
    snapshot: Any = Service(store).tables.stored_state(game_id)
    if snapshot is None:
        lobby = row.snapshot.get("lobby") if row.status == "lobby" else None
        snapshot = {"lobby": lobby}  # an emptied lobby is closed: nothing left to show
    return snapshot, row.version, len(store.events(game_id))


def in_memory(service: Service, game_id: int) -> Any:
    outcome = service.tables.current(game_id)
    if "lobby" in outcome.public:
        return {"lobby": outcome.public["lobby"]}
    return GAMES[outcome.kind].dump(engine_state(service, game_id))


def attempt(data: st.DataObject, service: Service, game_id: int, players: list[str]) -> tuple:
    """(game id, actor, action, expected_version) of the next step."""
    outcome = service.tables.current(game_id)
    game = GAMES[outcome.kind]
    style = data.draw(st.sampled_from(["legal", "legal", "changed", "junk"]), label="style")
    legal: list[tuple[str, Action]] = []
    if outcome.status == "lobby":
        waiting = [p for p in players if p not in outcome.players]
        legal = [(waiting[0], Action("join"))] if waiting else [(players[0], Action("start"))]
    elif outcome.status == "open":
        state = engine_state(service, game_id)
        for seat in sorted(game.to_act(state)):
            legal += [(outcome.players[seat], a) for a in game.legal_actions(state, seat)]
    if style != "junk" and legal:
        actor, action = data.draw(st.sampled_from(legal), label="legal")
        if style == "changed":
            key = data.draw(st.sampled_from(sorted(action.args) or ARG_KEYS), label="key")
            action = Action(action.do, {**action.args, key: data.draw(VALUES, label="value")})
    else:
        actor = data.draw(st.sampled_from([*outcome.players, *players, "999", ""]), label="who")
        args = data.draw(st.dictionaries(st.sampled_from(ARG_KEYS), VALUES, max_size=3))
        action = Action(data.draw(st.sampled_from(VERBS), label="verb"), args)
    expected = data.draw(
        st.sampled_from([None, None, outcome.version, outcome.version - 1, outcome.version + 1]),
        label="expected_version",
    )
    target = data.draw(st.sampled_from([game_id] * 9 + [10**6]), label="game")
    return target, actor, action, expected


@pytest.mark.parametrize("setup", SETUPS, ids=[f"{k}-{n}" for k, n, _ in SETUPS])
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), lobby=st.booleans())
def test_random_and_illegal_actions_through_the_service(
    store: Store,
    loop: asyncio.AbstractEventLoop,
    data: st.DataObject,
    setup: tuple[str, int, dict[str, Any]],
    lobby: bool,
) -> None:
    kind, count, options = setup
    players = [str(100 + i) for i in range(count)]
    service = Service(store, rng_factory=fixed_rng)
    if lobby:
        opened = loop.run_until_complete(service.open_lobby(kind, players[0], options))
    else:
        opened = loop.run_until_complete(service.create(kind, players, options))
    game_id = opened.game_id
    for _ in range(STEPS):
        if service.tables.current(game_id).finished:
            break
        target, actor, action, expected = attempt(data, service, game_id, players)
        before = stored(store, game_id)
        try:
            outcome = loop.run_until_complete(
                service.act(target, actor, action, expected_version=expected)
            )
        except IllegalAction as refused:
            event(f"refused: {refused.key}")
            if refused.key in ("game.stale", "game.not_found"):
                assert expected != before[1] or target != game_id
            assert stored(store, game_id) == before, f"refused {action} changed the database"
        else:
            event(f"accepted {kind}")
            assert target == game_id and expected in (None, before[1]), "a stale click counted"
            _snapshot, version, logged = stored(store, game_id)
            assert (version, logged) == (before[1] + 1, before[2] + 1)
            assert outcome.version == version
        assert in_memory(service, game_id) == stored(store, game_id)[0]
        assert service.tables.current(game_id).version == stored(store, game_id)[1]
    reloaded = Service(store, rng_factory=fixed_rng)  # what a restart would see
    assert in_memory(reloaded, game_id) == in_memory(service, game_id)
