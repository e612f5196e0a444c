"""Backup and restore as docs/OPERATIONS.md describes them, tested: a game played, the
database backed up while it is open (SQLite's online backup API; PostgreSQL's
``pg_dump``), restored into a new database, and the game there checks out with
``croupier verify`` (seed, every draw, the hash chain, the replay) as it did before."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bot.audit import export
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from tests.audit.test_verify import play

ROOT = Path(__file__).resolve().parents[2]


def verified(document: dict[str, Any], folder: Path) -> str:
    """``croupier verify`` on the export: exit 0, and what it said."""
    path = folder / "spiel.json"
    path.write_text(export.to_json(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "verify", str(path), "--lang", "en"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def exported(url: str, game_id: int) -> dict[str, Any]:
    """The game's export from the database at ``url``, migrated as the bot opens it."""
    engine = make_engine(url)
    try:
        upgrade(engine)  # what the bot does at start: the restored schema is at its head
        return json.loads(export.to_json(export.from_store(Store(engine), game_id)))
    finally:
        engine.dispose()


async def played(url: str, tmp_path: Path) -> tuple[int, int, dict[str, Any]]:
    """A finished game and one still running in the database at ``url``; the finished
    one's export, which verifies."""
    engine = make_engine(url)
    upgrade(engine)
    service = Service(Store(engine))
    finished = await play(service, "flaschenteufel")
    running = await play(service, "dicedevils", steps=12, seed=2)
    engine.dispose()
    before = exported(url, finished)
    assert before["status"] == "finished" and before["seed"]
    verified(before, tmp_path)
    return finished, running, before


async def test_an_sqlite_backup_taken_while_the_bot_runs_restores_a_game_that_verifies(
    tmp_path: Path,
) -> None:
    live = tmp_path / "croupier.sqlite3"
    url = default_sqlite_url(live)
    finished, running, before = await played(url, tmp_path)
    bot = make_engine(url)  # the bot's connections stay open: an online backup
    with bot.connect() as connection:
        connection.execute(text("SELECT count(*) FROM games")).scalar()
        backup = tmp_path / "backup.sqlite3"
        source, target = sqlite3.connect(live), sqlite3.connect(backup)  # as the docs say
        with target:
            source.backup(target)
        source.close()
        target.close()
    bot.dispose()
    restored = tmp_path / "restored" / "croupier.sqlite3"  # a new place, as after a loss
    restored.parent.mkdir()
    shutil.copyfile(backup, restored)
    live.unlink()
    after = exported(default_sqlite_url(restored), finished)
    assert after == before
    said = verified(after, tmp_path)
    assert f"Game {finished}: all " in said and "draws match" in said and "is intact" in said
    assert exported(default_sqlite_url(restored), running)["status"] == "open"


@pytest.fixture
def fresh_database() -> Iterator[str]:
    """A database of its own on the test server (created, and dropped after): where a
    dump is restored, next to nobody else's data."""
    server = os.environ.get("CROUPIER_TEST_POSTGRES_URL")
    if not server:
        pytest.skip("CROUPIER_TEST_POSTGRES_URL not set")
    name = f"croupier_restore_{secrets.token_hex(4)}"
    admin = create_engine(server, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def libpq(url: str) -> str:
    """A SQLAlchemy URL as ``pg_dump`` and ``pg_restore`` take it."""
    return make_url(url).set(drivername="postgresql", query={}).render_as_string(False)


@pytest.mark.postgres
async def test_a_pg_dump_restored_into_a_new_database_holds_a_game_that_verifies(
    tmp_path: Path, pg_url: str, fresh_database: str
) -> None:
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("pg_dump / pg_restore not installed")
    finished, running, before = await played(pg_url, tmp_path)
    schema = make_url(pg_url).query["options"].split("search_path=")[1]  # the test's own
    dump = tmp_path / "croupier.dump"
    subprocess.run(["pg_dump", "--format=custom", f"--schema={schema}", f"--file={dump}",
                    libpq(pg_url)], check=True, timeout=120)  # fmt: skip
    subprocess.run(["pg_restore", "--no-owner", "--exit-on-error",
                    f"--dbname={libpq(fresh_database)}", str(dump)],
                   check=True, timeout=120)  # fmt: skip
    restored = (
        make_url(fresh_database)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )
    after = exported(restored, finished)
    assert after == before
    verified(after, tmp_path)
    assert exported(restored, running)["status"] == "open"
