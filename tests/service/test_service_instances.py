"""Two Service instances (two bot processes, or shards) on one database, acting on one game.

Each instance keeps its own copy of the game in memory. The version check in the store
(``UPDATE … WHERE version = expected``) decides every race: the instance that commits first
wins; the other's action is refused (``game.conflict``, nothing written), it drops its stale
copy and reads the game anew on the next action. No update is lost and none is applied twice.
Runs on SQLite and, with ``CROUPIER_TEST_POSTGRES_URL``, on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

from bot.engine import Action, IllegalAction
from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store, make_engine, upgrade
from tests.helpers.engine_state import engine_state

PLAYERS = ["111", "222", "333"]


def instance(db_url: str) -> Service:
    """A service with its own engine (its own connections), as another process would have."""
    return Service(Store(make_engine(db_url)))


def legal(service: Service, game_id: int, pick: random.Random) -> tuple[str, Action]:
    """A legal action by the player to act, as this instance sees the game."""
    outcome = service.tables.current(game_id)
    state = engine_state(service, game_id)
    game = GAMES[outcome.kind]
    seat = min(game.to_act(state))
    return outcome.players[seat], pick.choice(game.legal_actions(state, seat))


def dump(service: Service, game_id: int) -> Any:
    return GAMES[service.tables.current(game_id).kind].dump(engine_state(service, game_id))


async def test_the_stale_instance_is_refused_and_then_catches_up(db_url: str) -> None:
    first = instance(db_url)
    upgrade(first.store.engine)
    second = instance(db_url)
    game_id = (await first.create("verflixte6", PLAYERS, {"durchgaenge": 1})).game_id
    assert second.tables.current(game_id).version == 1  # the second has the game in memory too

    await first.act(game_id, "111", Action("jokers", {"jokers": []}))
    with pytest.raises(IllegalAction) as lost:  # legal on the second's (old) copy
        await second.act(game_id, "111", Action("jokers", {"jokers": []}), expected_version=1)
    assert lost.value.key == "game.conflict"
    store = first.store
    assert store.get(game_id).version == 2 and len(store.events(game_id)) == 2

    assert second.tables.current(game_id).version == 2  # read anew: the first's action is there
    assert dump(second, game_id) == dump(first, game_id) == first.tables.stored_state(game_id)
    actor, action = legal(second, game_id, random.Random(1))
    await second.act(game_id, actor, action)
    with pytest.raises(IllegalAction) as lost_again:  # now the first is behind
        await first.act(game_id, actor, action)
    assert lost_again.value.key == "game.conflict"
    log = store.events(game_id)
    assert [e.seq for e in log] == [1, 2, 3]
    assert log[2].action == action.to_dict()
    assert dump(first, game_id) == dump(second, game_id) == first.tables.stored_state(game_id)


def race(db_url: str, game_id: int, name: str, gate: threading.Barrier, rounds: int) -> dict:
    """One instance in its own thread and event loop: each round, wait at the gate for the
    other, then act on the game as this instance sees it."""
    service = instance(db_url)
    pick = random.Random(name)
    won: list[tuple[int, dict[str, Any]]] = []
    refused: list[str] = []
    loop = asyncio.new_event_loop()
    try:
        for _ in range(rounds):
            finished = service.tables.current(game_id).finished
            gate.wait(timeout=30)
            if finished:
                break
            actor, action = legal(service, game_id, pick)
            try:
                outcome = loop.run_until_complete(service.act(game_id, actor, action))
            except IllegalAction as exc:
                refused.append(exc.key)
            else:
                won.append((outcome.version, action.to_dict()))
    finally:
        loop.close()
        service.store.engine.dispose()
    return {"won": won, "refused": refused}


async def test_two_instances_racing_never_lose_or_repeat_an_update(db_url: str) -> None:
    setup = instance(db_url)
    upgrade(setup.store.engine)
    game_id = (await setup.create("verflixte6", PLAYERS, {"durchgaenge": 2})).game_id
    rounds, gate, results = 80, threading.Barrier(2), {}

    def run(name: str) -> None:
        results[name] = race(db_url, game_id, name, gate, rounds)

    threads = [threading.Thread(target=run, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    won = results["a"]["won"] + results["b"]["won"]
    refused = results["a"]["refused"] + results["b"]["refused"]
    store = setup.store
    row, log = store.get(game_id), store.events(game_id)
    versions = sorted(v for v, _ in won)
    assert versions == list(range(2, row.version + 1))  # each stored action won exactly once
    assert [e.seq for e in log] == list(range(1, row.version + 1))
    for version, action in won:
        assert log[version - 1].action == action  # what the winner was told is what is stored
    assert set(refused) == {"game.conflict"} and len(refused) == len(won)  # one loser a round
    assert row.status == "finished"
    assert Service(store).records.audit(game_id) == []  # the log replays to the stored state


async def test_a_click_newer_than_the_instance_knows_is_not_called_stale(db_url: str) -> None:
    first = instance(db_url)
    upgrade(first.store.engine)
    second = instance(db_url)
    game_id = (await first.create("verflixte6", PLAYERS, {"durchgaenge": 1})).game_id
    second.tables.current(game_id)
    moved = await first.act(game_id, "111", Action("jokers", {"jokers": []}))
    # the table message now carries version 2; a click on it reaches the second instance
    await second.act(game_id, "111", Action("weiter"), expected_version=moved.version)
    assert first.store.get(game_id).version == 3
