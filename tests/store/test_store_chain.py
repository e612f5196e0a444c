"""The hash chain the store writes: each event chained to the one before, the first to the
seed commitment, the head kept on the game row; and the migration that chains old rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from sqlalchemy import JSON, Engine, TableClause, column, insert, inspect, select, table

from bot.engine.chain import event_hash
from bot.store import GameRow, Store, VersionConflict, upgrade
from bot.store.columns import UTCDateTime, utcnow
from bot.store.migrate import alembic_config

NewGame = Callable[..., GameRow]
JSON_COLUMNS = {"players", "options", "snapshot", "action", "events", "draws"}
OLD_GAME_COLUMNS = [
    *("id", "kind", "status", "version", "players", "options", "snapshot", "seed"),
    *("seed_hash", "rng_counter", "locale", "created_at", "updated_at"),
]
OLD_EVENT_COLUMNS = ["id", "game_id", "seq", "actor", "action", "events", "draws", "created_at"]


def old_table(name: str, columns: list[str]) -> TableClause:
    def typed(name: str) -> Any:
        if name in JSON_COLUMNS:
            return column(name, JSON)
        return column(name, UTCDateTime) if name.endswith("_at") else column(name)

    return table(name, *(typed(c) for c in columns))


def step(store: Store, game: GameRow, version: int, **overrides: Any) -> Any:
    assert game.id is not None
    arguments: dict[str, Any] = {
        "expected_version": version,
        "actor": "111",
        "action": {"do": "weiter", "args": {"n": version}},
        "events": [{"type": "rolled", "value": version}],
        "draws": [{"n": version, "sides": 6, "value": 3, "nonce": str(version)}],
        "snapshot": {"turn": version},
        "rng_counter": version,
    }
    arguments.update(overrides)
    return store.append(game.id, **arguments)


def assert_chained(store: Store, game_id: int) -> None:
    game, rows = store.get(game_id), store.events(game_id)
    head = game.seed_hash
    for row in rows:
        assert row.prev_hash == head
        assert row.hash == event_hash(
            game_id=game_id,
            seq=row.seq,
            actor=row.actor,
            action=row.action,
            events=row.events,
            draws=row.draws,
            prev_hash=row.prev_hash,
        )
        head = row.hash
    assert game.head_hash == head


def test_events_are_chained_from_the_seed_commitment(store: Store, new_game: NewGame) -> None:
    game = new_game(actor=None, draws=[{"n": 0, "sides": 6, "value": 4, "nonce": "ü"}])
    assert game.id is not None
    first = store.events(game.id)[0]
    assert first.prev_hash == game.seed_hash and game.head_hash == first.hash
    appended = step(store, game, 1, prev_hash=game.head_hash)
    step(store, game, 2)  # without prev_hash the store reads the head itself
    assert_chained(store, game.id)
    rows = store.events(game.id)
    assert appended[:2] == (2, rows[1].hash)
    assert len({row.hash for row in rows}) == 3


def test_a_wrong_head_is_a_conflict_and_writes_nothing(store: Store, new_game: NewGame) -> None:
    game = new_game()
    assert game.id is not None
    with pytest.raises(VersionConflict):
        step(store, game, 1, prev_hash="0" * 64)
    assert store.get(game.id).version == 1 and len(store.events(game.id)) == 1
    step(store, game, 1, prev_hash=game.head_hash)
    assert_chained(store, game.id)


def test_the_migration_chains_rows_written_before_it(engine: Engine) -> None:
    upgrade(engine, "0005")
    # the tables as revision 0005 had them (the models already have the chain columns)
    games = old_table("games", OLD_GAME_COLUMNS)
    events = old_table("game_events", OLD_EVENT_COLUMNS)
    now = utcnow()
    with engine.begin() as conn:
        for game_id, count in ((1, 3), (2, 1)):
            conn.execute(
                insert(games).values(
                    id=game_id,
                    kind="verflixte6",
                    status="open",
                    version=count,
                    players=["1", "2"],
                    options={},
                    snapshot={},
                    seed="ab" * 32,
                    seed_hash=f"{game_id}" * 64,
                    rng_counter=0,
                    locale="de",
                    created_at=now,
                    updated_at=now,
                )
            )
            for seq in range(count, 0, -1):  # inserted out of order on purpose
                conn.execute(
                    insert(events).values(
                        game_id=game_id,
                        seq=seq,
                        actor=None if seq == 1 else "1",
                        action={"do": "x", "seq": seq},
                        events=[{"ä": seq}],
                        draws=[{"n": seq, "sides": 6, "value": 1, "nonce": "n"}],
                        created_at=now,
                    )
                )
    upgrade(engine)
    store = Store(engine)
    for game_id in (1, 2):
        assert_chained(store, game_id)
    assert store.get(1).head_hash == store.events(1)[-1].hash != store.get(2).head_hash
    with engine.connect() as conn:
        hashes = conn.execute(select(column("hash")).select_from(table("game_events"))).all()
    assert len(hashes) == 4 and all(len(h) == 64 for (h,) in hashes)


def test_downgrade_and_upgrade_keep_the_games(
    store: Store, engine: Engine, new_game: NewGame
) -> None:
    game = new_game()
    assert game.id is not None
    step(store, game, 1)
    head = store.get(game.id).head_hash
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0005")
    assert "head_hash" not in {c["name"] for c in inspect(engine).get_columns("games")}
    upgrade(engine)  # and back: the chain is computed again, the same as before
    assert store.get(game.id).head_hash == head
    assert_chained(store, game.id)
