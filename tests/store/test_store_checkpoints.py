"""The bot's SQLite WAL checkpoints run beside the event loop, not inside a commit."""

from __future__ import annotations

import asyncio
import contextlib
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
    assert sqlite_file(make_engine("sqlite://")) is None
    assert take_over(make_engine("sqlite://")) is None
    assert sqlite_file(make_engine(default_sqlite_url(tmp_path / "x.db"))) == str(tmp_path / "x.db")


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
    await asyncio.sleep(0.2)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert len(done) >= 3 and all(busy == 0 for busy, _, _ in done)
    calls = len(done)
    await asyncio.sleep(0.05)
    assert len(done) == calls  # stopped
    engine.dispose()
