"""SQLite serves one bot process: a second process on the same file, or a process that
runs only some of the shards (the others would need a process of their own), is refused
with one line that says what to do instead."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bot.cluster.shards import Shards
from bot.store.checkpoints import sqlite_file

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: the second process is not detected
    fcntl = None  # type: ignore[assignment]

USE_POSTGRES = "several processes need PostgreSQL (DATABASE_URL=postgresql+psycopg://…)"


class SingleProcessError(Exception):
    """This process may not run on this database (the message says why, in one line)."""


@contextlib.contextmanager
def sole_process(url: str, shards: Shards) -> Iterator[None]:
    """Hold the SQLite file for this process while the block runs (nothing on PostgreSQL).
    :class:`SingleProcessError` if the shards are split or another process holds it."""
    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:  # no database address: opening it says so (bot.app.open_store)
        yield
        return
    file = sqlite_file(url)
    path = None if file is None else Path(file)
    if backend == "sqlite" and shards.standby:
        raise SingleProcessError(f"SHARD_IDS=standby stands in for other processes: {USE_POSTGRES}")
    if backend == "sqlite" and shards.partial:
        raise SingleProcessError(
            f"SHARD_IDS runs {shards.describe()}, so other processes must run the rest, but "
            f"the database is SQLite: {USE_POSTGRES}"
        )
    if path is None or fcntl is None:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = path.with_name(path.name + ".lock")
    with open(lock_path, "a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.seek(0)
            holder = lock.read().strip() or "?"
            raise SingleProcessError(
                f"another Croupier process (pid {holder}) runs on {path}; SQLite serves one "
                f"process: stop that one, or {USE_POSTGRES}"
            ) from None
        lock.truncate(0)
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
