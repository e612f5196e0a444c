"""Snapshots at checkpoints: a running game's state is stored every so many actions, and a
table is read back as that checkpoint with the logged actions since replayed.

What must hold: the state read back equals the state in memory after every action (also
across host actions and refusals), a finished game stores its final state, the interval
grows with a long game, the export names the checkpoint and verifies, and the migration
gives old rows a checkpoint at their own version.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Engine, text

from bot.audit import export
from bot.audit.verify import verify
from bot.engine import Action, IllegalAction
from bot.engine.chain import Pseudonyms
from bot.plugins import GAMES
from bot.service import (
    CHECKPOINT_EVERY,
    CHECKPOINT_SHARE,
    HOST_ONLY_VERBS,
    SETUP_VERBS,
    Service,
    checkpoint_due,
)
from bot.store import Store
from bot.store.migrate import alembic_config
from tests.helpers.engine_state import engine_state

SETUPS = [
    ("verflixte6", 3, {"durchgaenge": 3}),
    ("teufel", 3, {}),
    ("flaschenteufel", 3, {"hands": 2}),
    ("flaschenteufel", 2, {"variant": "lopaka", "hands": 1}),
    ("dicedevils", 4, {}),
]


def players(n: int) -> list[str]:
    return [str(111 * (i + 1)) for i in range(n)]


def dump(service: Service, game_id: int) -> Any:
    return GAMES[service.tables.current(game_id).kind].dump(engine_state(service, game_id))


async def play_one(service: Service, game_id: int, pick: random.Random) -> bool:
    """One legal action by a player to act (False: the game is over)."""
    outcome = service.tables.current(game_id)
    if outcome.status != "open":
        return False
    state = engine_state(service, game_id)
    game = GAMES[outcome.kind]
    seat = pick.choice(sorted(game.to_act(state)))
    action = pick.choice(game.legal_actions(state, seat))
    await service.act(game_id, outcome.players[seat], action)
    return True


def test_the_interval_is_16_actions_then_a_16th_of_the_game() -> None:
    assert (CHECKPOINT_EVERY, CHECKPOINT_SHARE) == (16, 16)
    assert not checkpoint_due(16, 1, "open")
    assert checkpoint_due(17, 1, "open")
    assert checkpoint_due(2, 1, "finished") and checkpoint_due(2, 1, "aborted")
    assert not checkpoint_due(544, 511, "open")  # past version 256: 1/16 of the log
    assert checkpoint_due(544, 510, "open")
    # at version 6,400 the interval is 400 actions: 1/16 of the log is ever replayed
    assert not checkpoint_due(6400, 6001, "open")
    assert checkpoint_due(6400, 6000, "open")


async def test_checkpoints_fall_on_the_interval(store: Store) -> None:
    service = Service(store)
    game_id = (await service.create("verflixte6", players(2), {"durchgaenge": 50})).game_id
    seen = []
    for _ in range(20):  # a turn: jokers (with the Freiwurf), then stopp
        for action in (Action("jokers", {"jokers": []}), Action("stopp")):
            player = service.tables.current(game_id).to_act[0]
            await service.act(game_id, player, action)
            row = store.get(game_id)
            seen.append((row.version, row.snapshot_version))
    assert [v for v, s in seen if v == s] == [17, 33]  # the setup's own is version 1
    assert all(v - s < CHECKPOINT_EVERY for v, s in seen)
    assert seen[-1] == (41, 33)
    assert service.tables.stored_state(game_id) == dump(service, game_id)


@pytest.mark.parametrize("setup", SETUPS, ids=[f"{k}-{n}" for k, n, _ in SETUPS])
async def test_every_game_reads_back_between_checkpoints(
    store: Store, setup: tuple[str, int, dict[str, Any]]
) -> None:
    kind, n, options = setup
    service = Service(store)
    game_id = (await service.create(kind, players(n), options)).game_id
    pick = random.Random(f"{kind}-{n}")
    checkpoints_between = 0
    for _ in range(60):
        if not await play_one(service, game_id, pick):
            break
        row = store.get(game_id)
        checkpoints_between += row.snapshot_version < row.version
        assert service.tables.stored_state(game_id) == dump(service, game_id)
    assert checkpoints_between > 0  # the replay was used, not only stored snapshots
    restarted = Service(store)
    restarted.tables.load_open_games()
    assert restarted.tables.current(game_id).version == service.tables.current(game_id).version
    assert dump(restarted, game_id) == dump(service, game_id)
    assert service.records.verify(game_id).ok


async def test_a_finished_game_stores_its_final_state(store: Store) -> None:
    service = Service(store)
    game_id = (await service.create("verflixte6", players(2), {"durchgaenge": 1})).game_id
    pick = random.Random(3)
    while await play_one(service, game_id, pick):
        pass
    row = store.get(game_id)
    assert row.status == "finished" and row.snapshot_version == row.version
    assert row.snapshot == dump(service, game_id)
    document = export.from_store(store, game_id)
    assert document["state_seq"] == document["events"][-1]["seq"]
    assert service.records.audit(game_id) == []


async def test_the_export_of_a_running_game_names_its_checkpoint(store: Store) -> None:
    service = Service(store)
    game_id = (await service.create("verflixte6", players(3), {"durchgaenge": 3})).game_id
    pick = random.Random(5)
    for _ in range(CHECKPOINT_EVERY + 5):
        await play_one(service, game_id, pick)
    while store.get(game_id).snapshot_version == store.get(game_id).version:
        await play_one(service, game_id, pick)  # the dice may have ended just on a checkpoint
    document = export.from_store(store, game_id)
    row = store.get(game_id)
    assert document["state_seq"] == row.snapshot_version < row.version
    assert document["final_state"] == Pseudonyms(row.actor_key, row.people)(row.snapshot)
    args = {"setup_verbs": SETUP_VERBS, "host_verbs": HOST_ONLY_VERBS}
    assert verify(export.read(export.to_json(document)), GAMES, **args).ok
    stored = document["final_state"]
    forged = {**document, "final_state": {**stored, "durchgang": stored["durchgang"] + 1}}
    report = verify(export.read(export.to_json(forged)), GAMES, **args)
    assert [p.kind for p in report.problems] == ["state"]
    moved = {**document, "state_seq": document["state_seq"] + 1}  # not the state stored there
    report = verify(export.read(export.to_json(moved)), GAMES, **args)
    assert [p.kind for p in report.problems] == ["state"]


async def test_host_actions_between_checkpoints_read_back(store: Store) -> None:
    service = Service(store)
    seated = players(3)
    game_id = (await service.create("flaschenteufel", seated, {"hands": 2})).game_id
    pick = random.Random(8)
    for _ in range(3):
        await play_one(service, game_id, pick)
    await service.host.do(game_id, "host", "pause", reason="Abendessen")
    await service.host.do(game_id, "host", "resume")
    await service.host.set_clock(game_id, "host", seconds=120)
    await service.host.replace_player(game_id, "host", seated[1], "999")  # writes a checkpoint
    assert store.get(game_id).snapshot_version == store.get(game_id).version
    await service.host.kick(game_id, "host", seated[2])  # the absence rule plays for him
    for _ in range(4):
        await play_one(service, game_id, pick)
    row = store.get(game_id)
    assert row.snapshot_version < row.version
    assert "999" in row.players
    assert service.tables.stored_state(game_id) == dump(service, game_id)
    assert service.records.verify(game_id).ok


async def test_a_refusal_between_checkpoints_leaves_the_state_as_stored(store: Store) -> None:
    service = Service(store)
    game_id = (
        await service.create("verflixte6", players(2), {"durchgaenge": 3}, channel_id=7)
    ).game_id
    pick = random.Random(2)
    for _ in range(5):
        await play_one(service, game_id, pick)
    before = dump(service, game_id)
    outcome = service.tables.current(game_id)
    waiting = next(p for p in outcome.players if p not in outcome.to_act)
    with pytest.raises(IllegalAction):
        await service.act(game_id, waiting, Action("weiter"))
    with pytest.raises(IllegalAction):  # applied to the state, refused by the engine
        await service.act(game_id, outcome.to_act[0], Action("jokers", {"jokers": ["Nope"]}))
    assert dump(service, game_id) == before == service.tables.stored_state(game_id)
    assert service.tables.find(7, None) == game_id  # read anew, still a live table


def test_the_migration_gives_old_rows_a_checkpoint_at_their_version(engine: Engine) -> None:
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0006")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (kind, status, version, players, options, snapshot, seed,"
                " seed_hash, rng_counter, head_hash, locale, created_at, updated_at)"
                " VALUES ('verflixte6', 'open', 12, '[]', '{}', '{}', '00', 'h', 0, '', 'de',"
                " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        )
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version, snapshot_version FROM games")).one() == (12, 12)
