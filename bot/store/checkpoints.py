"""WAL checkpoints of a SQLite file off the event loop.

SQLite normally checkpoints inside whichever commit fills the write-ahead log past 1,000
pages: that commit then copies the log into the database file and syncs it, and since the
bot commits on its event loop, every click in flight waits (the benchmark's p99 spikes). The
bot instead turns the automatic checkpoint off for its connections and runs a PASSIVE
checkpoint every few seconds in a worker thread, on a connection of its own (PASSIVE never
blocks the writers).

A PASSIVE checkpoint never starts the log over, though: SQLite does that only when a writer
finds every frame copied, and under steady load new commits arrive while the checkpoint
copies. The log then grew without end (230 MB in 40 s of the saturation bench), and every
read and commit searched a growing log index. So when the log holds more than
:data:`RESTART_PAGES` after the PASSIVE pass, a RESTART checkpoint follows: it copies the few
frames committed meanwhile and lets the next writer start the log from its beginning.
Writers wait for it (they have a busy timeout); it waits at most :data:`WAIT` s for a
writer or reader to finish, else it is tried again next time."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3

from sqlalchemy import Engine, event
from sqlalchemy.engine import URL, make_url

log = logging.getLogger(__name__)

INTERVAL = 2.0
RESTART_PAGES = 1000  # SQLite's own automatic checkpoint size (4 MB of 4 KiB pages)
WAIT = 0.1
LOG_LIMIT = 2 * RESTART_PAGES * 4096  # bytes the log file keeps when it starts over


def sqlite_file(url: str | URL) -> str | None:
    """The database file of a file-based SQLite URL (an engine's ``url``), else None
    (PostgreSQL, memory)."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return None if database.startswith("file:") else database


def take_over(engine: Engine) -> str | None:
    """Stop automatic checkpoints on ``engine``'s connections (new ones and pooled ones);
    returns the file to checkpoint, or None when the engine is not a SQLite file."""
    path = sqlite_file(engine.url)
    if path is None:
        return None
    event.listen(engine, "connect", _no_auto_checkpoint)
    engine.dispose()  # pooled connections were made with the automatic checkpoint
    return path


def _no_auto_checkpoint(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    dbapi_connection.execute("PRAGMA wal_autocheckpoint=0")
    # the writer that starts the log over also cuts the file back to this size
    dbapi_connection.execute(f"PRAGMA journal_size_limit={LOG_LIMIT}")


def checkpoint(path: str, restart_pages: int = RESTART_PAGES) -> tuple[int, int, int]:
    """One PASSIVE checkpoint, and a RESTART one after it if the log holds more than
    ``restart_pages``: (busy, log pages, pages copied) of the last one."""
    with contextlib.closing(sqlite3.connect(path, timeout=WAIT)) as connection:
        row = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if row[1] > restart_pages:
            row = connection.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
    return int(row[0]), int(row[1]), int(row[2])


async def run_checkpoints(path: str, interval: float = INTERVAL) -> None:
    """Checkpoint ``path`` every ``interval`` s in a worker thread until cancelled."""
    while True:
        await asyncio.sleep(interval)
        try:
            await asyncio.to_thread(checkpoint, path)
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint of %s failed: %s", path, exc)
