"""Several processes that start at once on an empty PostgreSQL schema migrate it once:
the migrations take turns behind an advisory lock (bot.store.migrate.MIGRATE_LOCK), so a
cluster needs no migration step before its processes start (docs/OPERATIONS.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.store import make_engine
from tests.store.test_store_migrations import HEAD, current_revision

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4


@pytest.mark.postgres
def test_processes_migrating_an_empty_schema_at_once_all_succeed(pg_url: str) -> None:
    """``python -m bot.store.migrate upgrade`` (what ``croupier run`` does first) in four
    processes started together: each ends well, the schema is at its head once."""
    command = [sys.executable, "-m", "bot.store.migrate", "upgrade", "--url", pg_url]
    output = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    racing = [subprocess.Popen(command, cwd=ROOT, **output) for _ in range(PROCESSES)]
    said = [process.communicate(timeout=180)[0] for process in racing]
    assert [process.returncode for process in racing] == [0] * PROCESSES, said
    engine = make_engine(pg_url)
    try:
        assert current_revision(engine) == HEAD
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT count(*) FROM alembic_version")).scalar()
        assert rows == 1
    finally:
        engine.dispose()
