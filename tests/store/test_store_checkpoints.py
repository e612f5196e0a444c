"""The bot's SQLite WAL checkpoints run beside the event loop, not inside a commit."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import sqlite3
import statistics
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.store import checkpoints, default_sqlite_url, make_engine, upgrade
from bot.store.checkpoints import checkpoint, sqlite_file, take_over


def test_taken_over_connections_leave_the_log_to_the_checkpointer(tmp_path: Path) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "c.sqlite3"))
    upgrade(engine)
    path = take_over(engine)
    assert path == str(tmp_path / "c.sqlite3")
    with engine.begin() as conn:
        assert conn.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 0
        for i in range(300):
            conn.execute(text("INSERT INTO player_names (user_id, name) VALUES (:u, :n)"),
                         {"u": str(i), "n": "x" * 500})  # fmt: skip
    busy, pages, copied = checkpoint(path)
    assert busy == 0 and pages > 0 and copied == pages
    engine.dispose()


def test_only_sqlite_files_are_taken_over(tmp_path: Path) -> None:
    assert sqlite_file(make_engine("sqlite://").url) is None
    assert take_over(make_engine("sqlite://")) is None
    assert sqlite_file(make_engine(default_sqlite_url(tmp_path / "x.db")).url) == str(
        tmp_path / "x.db"
    )


async def test_the_checkpoint_loop_runs_until_cancelled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "l.sqlite3"))
    upgrade(engine)
    path = take_over(engine)
    assert path is not None
    done: list[tuple[int, int, int]] = []

    def counted(file: str) -> tuple[int, int, int]:
        done.append(checkpoint(file))
        return done[-1]

    monkeypatch.setattr(checkpoints, "checkpoint", counted)
    task = asyncio.create_task(checkpoints.run_checkpoints(path, interval=0.01))
    async with asyncio.timeout(10):  # three rounds (a fixed 0.2 s was too short on a busy run)
        while len(done) < 3:
            await asyncio.sleep(0.01)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert len(done) >= 3 and all(busy == 0 for busy, _, _ in done)
    calls = len(done)
    await asyncio.sleep(0.05)
    assert len(done) == calls  # stopped
    engine.dispose()


def _wal_pages_under_load(tmp_path: Path, restart_pages: int) -> tuple[int, int, list[int]]:
    """Commit in one thread (a short pause after each, as the bot has between clicks) while
    another checkpoints every 20 ms: (commits, the size of the log file in pages, the pages
    in the log each checkpoint found)."""
    path = str(tmp_path / f"w{restart_pages}.sqlite3")
    writer = sqlite3.connect(path, timeout=5, check_same_thread=False)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    writer.commit()
    stop = threading.Event()
    committed = 0

    def write() -> None:
        nonlocal committed
        while not stop.is_set():
            writer.execute("INSERT INTO t (body) VALUES (?)", ("x" * 3000,))
            writer.commit()
            committed += 1
            time.sleep(0.0002)

    thread = threading.Thread(target=write)
    thread.start()
    found = []
    try:
        for _ in range(40):
            time.sleep(0.02)
            found.append(checkpoint(path, restart_pages)[1])
    finally:
        stop.set()
        thread.join()
    pages = os.path.getsize(path + "-wal") // 4096
    writer.close()
    return committed, pages, found


def test_the_log_starts_over_under_steady_load(tmp_path: Path) -> None:
    """PASSIVE alone never starts the log over while commits keep coming: it grows with
    every commit; with the RESTART after it, it stays near ``restart_pages``."""
    committed, passive_only, _ = _wal_pages_under_load(tmp_path, restart_pages=10**9)
    assert passive_only > committed * 0.9  # a page per commit at least, all kept
    committed, _, found = _wal_pages_under_load(tmp_path, restart_pages=50)
    assert committed > 200, "the writer barely ran"
    # What each checkpoint found, not the file's largest size: on a loaded machine the
    # checkpointing thread waited up to hundreds of ms now and then, and the log grew
    # meanwhile (205 pages of 330 commits); it still started over each time it came.
    restarts = sum(1 for before, after in itertools.pairwise(found) if after < before)
    assert restarts >= 2, found
    assert statistics.median(found) < 4 * 50, found  # near restart_pages, not the commits
