"""Every database call is bounded (bot.store.timeouts), and one rule tells an outage from
a bug (bot.store.outage). On a PostgreSQL server of the test's own: it is stopped and
locked here."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Connection, Engine, text
from sqlalchemy import exc as sa

from bot.cluster.identify import LOCK_SQL as IDENTIFY_LOCK
from bot.cluster.identify import IdentifyGate
from bot.store import default_sqlite_url, make_engine, upgrade
from bot.store import kept as kept_module
from bot.store import migrate as migrations
from bot.store.kept import KeptConnection
from bot.store.outage import describe, is_outage
from bot.store.timeouts import (
    BOT,
    LOCK_TIMEOUT,
    MIGRATION,
    SQLITE_BUSY_TIMEOUT,
    STATEMENT_TIMEOUT,
    TOOL,
)
from tests.helpers.throwaway_postgres import ThrowawayPostgres


def libpq(url: str) -> str:
    return url.replace("+psycopg", "")


def show(engine: Engine, *names: str) -> list[str]:
    with engine.connect() as connection:
        return [str(connection.execute(text(f"SHOW {name}")).scalar()) for name in names]


def caught(engine: Engine, statement: str) -> BaseException:
    """What ``statement`` raises (it must), on a pooled connection of ``engine``."""
    with pytest.raises(Exception) as raised, engine.begin() as connection:
        connection.execute(text(statement))
    return raised.value


# --- the bounds ------------------------------------------------------------------------


def test_every_pooled_connection_has_the_bots_bounds(throwaway_postgres: ThrowawayPostgres) -> None:
    url = throwaway_postgres.url + "?options=-csearch_path%3Dcroupier_x"  # the URL's own kept
    engine = make_engine(url)
    try:
        assert show(engine, "statement_timeout", "lock_timeout", "search_path") == [
            f"{STATEMENT_TIMEOUT:g}s",
            f"{round(LOCK_TIMEOUT * 1000)}ms",
            "croupier_x",
        ]
        with engine.connect() as connection:  # a rollback, RESET ALL: still bounded
            connection.execute(text("SET statement_timeout = 0"))
            connection.rollback()
            connection.execute(text("RESET ALL"))
            assert connection.execute(text("SHOW statement_timeout")).scalar() == "2s"
        assert engine.pool.timeout() == BOT.pool  # type: ignore[attr-defined]
    finally:
        engine.dispose()
    tool = make_engine(throwaway_postgres.url, TOOL)
    try:
        assert show(tool, "statement_timeout", "lock_timeout") == ["0", "10s"]
    finally:
        tool.dispose()


def test_a_statement_and_a_lock_wait_end_at_their_bounds(
    throwaway_postgres: ThrowawayPostgres,
) -> None:
    engine = make_engine(throwaway_postgres.url)
    try:
        began = time.monotonic()
        slow = caught(engine, "SELECT pg_sleep(30)")
        took = time.monotonic() - began
        assert isinstance(slow, sa.OperationalError) and "statement timeout" in str(slow)
        assert STATEMENT_TIMEOUT <= took < STATEMENT_TIMEOUT + 1.5
        assert is_outage(slow)

        with engine.begin() as connection:
            connection.execute(text("CREATE TABLE held (id int)"))
        with psycopg.connect(libpq(throwaway_postgres.url)) as holder:
            holder.execute("LOCK TABLE held IN ACCESS EXCLUSIVE MODE")
            began = time.monotonic()
            locked = caught(engine, "INSERT INTO held VALUES (1)")
            took = time.monotonic() - began
        assert "lock timeout" in str(locked) and is_outage(locked)
        assert LOCK_TIMEOUT <= took < LOCK_TIMEOUT + 1.5
        with engine.connect() as connection:  # the failed transaction left nothing behind
            assert connection.execute(text("SELECT count(*) FROM held")).scalar() == 0
    finally:
        engine.dispose()


def test_a_stopped_server_and_an_exhausted_pool_are_outages(
    throwaway_postgres: ThrowawayPostgres,
) -> None:
    engine = make_engine(throwaway_postgres.url)
    try:
        held = engine.connect()
        throwaway_postgres.stop()
        gone = caught(engine, "SELECT 1")
        assert is_outage(gone), gone
        assert "connection" in describe(gone).lower() and "\n" not in describe(gone)
        with pytest.raises(sa.DBAPIError) as broken:
            held.execute(text("SELECT 1"))
        assert is_outage(broken.value)
        held.close()
        throwaway_postgres.start()
        assert show(engine, "server_version_num")[0].isdigit()  # back, by itself
    finally:
        engine.dispose()
    pool = make_engine(throwaway_postgres.url)
    taken = [pool.connect() for _ in range(pool.pool.size() + pool.pool._max_overflow)]  # type: ignore[attr-defined]
    try:
        began = time.monotonic()
        with pytest.raises(sa.TimeoutError) as full:
            pool.connect()
        assert BOT.pool <= time.monotonic() - began < BOT.pool + 1.5
        assert is_outage(full.value)
    finally:
        for connection in taken:
            connection.close()
        pool.dispose()


def test_sqlite_waits_for_a_writer_one_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "c.db"))
    try:
        with engine.begin() as connection:
            connection.execute(text("CREATE TABLE held (id int)"))
        writer = sqlite3.connect(tmp_path / "c.db")
        writer.execute("BEGIN IMMEDIATE")
        began = time.monotonic()
        busy = caught(engine, "INSERT INTO held VALUES (1)")
        took = time.monotonic() - began
        writer.rollback()
        writer.close()
        assert "database is locked" in str(busy) and is_outage(busy)
        assert SQLITE_BUSY_TIMEOUT <= took < SQLITE_BUSY_TIMEOUT + 1.5
    finally:
        engine.dispose()


# --- who needs longer ------------------------------------------------------------------


def test_the_identify_gate_waits_longer_than_the_lock_bound(
    throwaway_postgres: ThrowawayPostgres,
) -> None:
    """The gate's advisory lock is waited for (in a thread) however long another process
    holds its bucket: the clicks' lock bound must not end that wait."""
    engine = make_engine(throwaway_postgres.url)
    gate = IdentifyGate(engine)
    try:
        with psycopg.connect(libpq(throwaway_postgres.url), autocommit=True) as other:
            other.execute(IDENTIFY_LOCK, ("0",))
            got: list[object] = []
            waiter = threading.Thread(target=lambda: got.append(gate._lock(0)))
            waiter.start()
            waiter.join(LOCK_TIMEOUT * 3)
            assert waiter.is_alive() and got == []  # still waiting, past the bound
        waiter.join(10)  # the other session ended: the lock is the gate's
        (conn,) = got
        assert isinstance(conn, psycopg.Connection)
        conn.close()
    finally:
        engine.dispose()


def test_a_migration_has_its_own_bounds_and_tries_again_when_a_lock_is_busy(
    throwaway_postgres: ThrowawayPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(throwaway_postgres.url)
    monkeypatch.setattr(migrations, "MIGRATION_PAUSE", 0.1)
    seen: list[list[str]] = []
    take_turns = migrations._take_turns

    def watched(connection: object) -> None:
        take_turns(connection)  # type: ignore[arg-type]
        seen.append(
            [str(connection.execute(text(f"SHOW {n}")).scalar())  # type: ignore[attr-defined]
             for n in ("statement_timeout", "lock_timeout")]
        )  # fmt: skip

    monkeypatch.setattr(migrations, "_take_turns", watched)
    try:
        upgrade(engine)  # the schema, at its head
        assert seen == [["10min", f"{MIGRATION.lock:g}s"]]
        with psycopg.connect(libpq(throwaway_postgres.url)) as holder:
            holder.execute("LOCK TABLE alembic_version IN ACCESS EXCLUSIVE MODE")
            release = threading.Timer(MIGRATION.lock * 2.5, holder.rollback)
            release.start()
            upgrade(engine)  # the first try's lock wait ends at its bound; a later one runs
            release.join()
        assert len(seen) >= 3
        assert show(engine, "lock_timeout") == [f"{round(LOCK_TIMEOUT * 1000)}ms"]  # LOCAL
    finally:
        engine.dispose()


# --- the rule --------------------------------------------------------------------------


def test_only_outages_are_outages() -> None:
    locked = sqlite3.OperationalError("database is locked")
    assert is_outage(locked)
    assert is_outage(sa.OperationalError("UPDATE games", {}, locked))
    assert is_outage(sa.TimeoutError("QueuePool limit of size 5 overflow 10 reached"))
    assert is_outage(psycopg.errors.QueryCanceled("canceling statement due to lock timeout"))
    assert is_outage(psycopg.OperationalError("connection refused"))
    try:  # wrapped on its way up: found as the cause
        try:
            raise psycopg.errors.AdminShutdown("terminating connection")
        except psycopg.Error as exc:
            raise RuntimeError("the click failed") from exc
    except RuntimeError as wrapped:
        assert is_outage(wrapped)

    assert not is_outage(sqlite3.OperationalError("no such table: games"))
    assert not is_outage(psycopg.errors.UniqueViolation("duplicate key"))
    assert not is_outage(psycopg.errors.UndefinedTable("relation does not exist"))
    assert not is_outage(sa.IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE")))
    assert not is_outage(ValueError("a bug"))
    assert not is_outage(KeyError("games"))


def test_a_kept_connection_the_server_ended_is_replaced_once_unless_that_took_a_bound(
    throwaway_postgres: ThrowawayPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that restarted ends its sessions at once: the click's write runs again on a
    new connection. A break that showed only at a bound is not tried again (the server is
    away; a second try would hold the loop once more)."""
    engine = make_engine(throwaway_postgres.url)
    kept = KeptConnection(engine)

    def end_its_session() -> None:
        pid = kept.run(lambda c: c.execute(text("SELECT pg_backend_pid()")).scalar())
        with psycopg.connect(libpq(throwaway_postgres.url), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))

    def insert(connection: Connection) -> None:
        connection.execute(text("INSERT INTO written VALUES (1)"))

    try:
        kept.run(lambda c: c.execute(text("CREATE TABLE written (id int)")))
        end_its_session()
        kept.run(insert)  # once more, on a new connection
        monkeypatch.setattr(kept_module, "RETRY_BROKEN_WITHIN", -1.0)
        end_its_session()
        with pytest.raises(sa.DBAPIError) as broken:
            kept.run(insert)
        assert broken.value.connection_invalidated and is_outage(broken.value)
        kept.run(insert)  # the next write has a new connection
        assert kept.run(lambda c: c.execute(text("SELECT count(*) FROM written")).scalar()) == 2
    finally:
        kept.close()
        engine.dispose()
