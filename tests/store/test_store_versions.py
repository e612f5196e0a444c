"""Optimistic version checks, and failed actions leave no trace."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import pytest
from sqlalchemy import Connection, select
from sqlalchemy.exc import DBAPIError, StatementError
from sqlmodel import col

from bot.store import GameRow, Store, VersionConflict, make_engine, repository

NewGame = Callable[..., GameRow]


def act(store: Store, game_id: int, expected_version: int, **overrides: Any) -> int:
    arguments: dict[str, Any] = {
        "expected_version": expected_version,
        "actor": "111",
        "action": {"do": "weiter"},
        "events": [{"type": "rolled"}],
        "draws": [{"n": 0, "sides": 6, "value": 3, "nonce": "0"}],
        "snapshot": {"turn": expected_version},
        "rng_counter": expected_version,
    }
    arguments.update(overrides)
    return store.append(game_id, **arguments).version


def assert_untouched(store: Store, game_id: int, version: int, snapshot: dict[str, Any]) -> None:
    game = store.get(game_id)
    assert game.version == version
    assert game.snapshot == snapshot
    assert game.status == "open"
    assert [e.seq for e in store.events(game_id)] == list(range(1, version + 1))


def test_stale_version_conflicts_and_writes_nothing(store: Store, new_game: NewGame) -> None:
    game = new_game()
    assert game.id is not None
    assert act(store, game.id, 1) == 2
    with pytest.raises(VersionConflict):
        act(store, game.id, 1, snapshot={"stale": True}, status="finished")
    with pytest.raises(VersionConflict):
        act(store, game.id, 5, snapshot={"future": True})
    assert_untouched(store, game.id, 2, {"turn": 1})


def test_two_stores_same_version_only_one_wins(
    store: Store, db_url: str, new_game: NewGame
) -> None:
    game = new_game()
    assert game.id is not None
    other = Store(make_engine(db_url))
    try:
        assert act(store, game.id, 1, snapshot={"by": "first"}) == 2
        with pytest.raises(VersionConflict):
            act(other, game.id, 1, snapshot={"by": "second"})
    finally:
        other.close()
        other.engine.dispose()
    assert_untouched(store, game.id, 2, {"by": "first"})


def race(stores: list[Store], game_id: int) -> list[object]:
    """Let every store append to ``game_id`` at version 1 at the same moment."""
    barrier = threading.Barrier(len(stores))
    outcomes: list[object] = []

    def run(s: Store, who: int) -> None:
        barrier.wait()
        try:
            outcomes.append(act(s, game_id, 1, snapshot={"by": who}))
        except Exception as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=run, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_concurrent_writers_only_one_wins(store: Store, db_url: str, new_game: NewGame) -> None:
    stores = [Store(make_engine(db_url)) for _ in range(4)]
    try:
        for _ in range(5):
            game = new_game()
            assert game.id is not None
            outcomes = race(stores, game.id)
            wins = [o for o in outcomes if o == 2]
            conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
            assert (len(wins), len(conflicts)) == (1, len(stores) - 1), outcomes
            assert store.get(game.id).version == 2
            assert len(store.events(game.id)) == 2
    finally:
        for s in stores:
            s.close()
            s.engine.dispose()


@contextmanager
def failing_event_insert(store: Store, game_id: int) -> Iterator[list[int]]:
    """Make the event insert fail; report the version the UPDATE had set by then."""
    seen: list[int] = []

    def explode(conn: Connection, values: Any) -> None:
        assert values["game_id"] == game_id
        query = select(col(GameRow.version)).where(col(GameRow.id) == game_id)
        seen.append(conn.execute(query).scalar_one())
        raise RuntimeError("boom between apply and commit")

    with patch.object(repository._EVENT_INSERT, "run", explode):
        yield seen


def test_failure_before_commit_leaves_no_trace(store: Store, new_game: NewGame) -> None:
    game = new_game(snapshot={"turn": 0})
    assert game.id is not None
    with failing_event_insert(store, game.id) as seen, pytest.raises(RuntimeError, match="boom"):
        act(store, game.id, 1, snapshot={"turn": 1}, status="finished")
    assert seen == [2]  # the UPDATE had run inside the transaction
    assert_untouched(store, game.id, 1, {"turn": 0})
    assert act(store, game.id, 1) == 2  # and the game goes on


def test_unstorable_event_leaves_no_trace(store: Store, new_game: NewGame) -> None:
    game = new_game(snapshot={"turn": 0})
    assert game.id is not None
    with pytest.raises((StatementError, TypeError)):
        act(store, game.id, 1, snapshot={"turn": 1}, events=[{"bad": object()}])
    assert_untouched(store, game.id, 1, {"turn": 0})


def test_failed_create_leaves_no_game(store: Store, new_game: NewGame) -> None:
    with pytest.raises((StatementError, TypeError)):
        new_game(draws=[{"bad": object()}])
    assert store.open_games() == []


def _break_kept_connection(store: Store) -> None:
    """What a database restart does to the connection the per-action writes keep: on
    PostgreSQL its server process is terminated, on SQLite the driver connection closed."""
    kept = store._writes._connection
    assert kept is not None, "an append keeps its connection"
    if store.engine.dialect.name == "postgresql":
        pid = kept.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
        kept.rollback()
        with store.engine.connect() as other:
            other.exec_driver_sql(f"SELECT pg_terminate_backend({int(pid)})")
    else:
        kept.connection.dbapi_connection.close()  # type: ignore[union-attr]


def test_an_append_survives_a_broken_kept_connection(store: Store, new_game: NewGame) -> None:
    game = new_game()
    assert game.id is not None
    assert act(store, game.id, 1) == 2
    before = store._writes._connection
    _break_kept_connection(store)
    assert act(store, game.id, 2) == 3  # retried once on a new connection
    assert store._writes._connection is not before
    assert [e.seq for e in store.events(game.id)] == [1, 2, 3]
    store.set_message(game.id, 77)
    assert store.get(game.id).message_id == 77


def test_a_write_from_another_thread_meanwhile_takes_a_pooled_connection(
    store: Store, new_game: NewGame
) -> None:
    game = new_game()
    assert game.id is not None
    finished = threading.Event()

    def other_thread() -> None:
        store.set_message(game.id or 0, 5)
        finished.set()

    def write(connection: Connection) -> None:  # holds the kept connection meanwhile
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join(timeout=10)

    store._writes.run(write)
    assert finished.is_set(), "the other thread waited for the kept connection"
    assert store.get(game.id).message_id == 5


def test_a_write_on_a_connection_lost_mid_transaction_says_so(
    store: Store, new_game: NewGame
) -> None:
    """The per-action statements run on the driver's cursor; a connection lost between
    the transaction's start and the statement is raised as SQLAlchemy raises it for its
    own statements: a DBAPIError that marks the connection invalidated (what makes the
    kept connection try once more on a new one), not the driver's bare error."""
    game = new_game()
    params = {"v_id": game.id, "v_message_id": 5}
    with store.engine.connect() as connection:
        connection.begin()
        if store.engine.dialect.name == "postgresql":
            pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
            with store.engine.connect() as other:
                other.exec_driver_sql(f"SELECT pg_terminate_backend({int(pid)})")
        else:
            connection.connection.dbapi_connection.close()  # type: ignore[union-attr]
        with pytest.raises(DBAPIError) as raised:
            repository._SET_MESSAGE.run(connection, params)
        assert raised.value.connection_invalidated
    store.set_message(game.id or 0, 6)  # the store goes on
    assert store.get(game.id or 0).message_id == 6
