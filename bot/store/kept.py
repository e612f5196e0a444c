"""One database connection kept for the per-action writes.

Every click commits one short transaction, one after the other on the event loop. Taking a
connection from SQLAlchemy's pool for each of them (checkout, the reset on return and, on
PostgreSQL, the ``pool_pre_ping`` round trip) cost about as much as SQLite's commit itself
(docs/PERFORMANCE.md). The writes therefore share one connection that stays open. What the
ping did is done after the fact: a write that finds the kept connection dead (the database
server restarted) is run once more on a new one, if the break showed at once
(:data:`~bot.store.timeouts.RETRY_BROKEN_WITHIN`). A break noticed only at the commit leaves
open whether the commit arrived; a game's versioned update then finds the game moved on and
the service reads it anew, as after any lost race.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError

from bot.store.timeouts import RETRY_BROKEN_WITHIN

log = logging.getLogger(__name__)

T = TypeVar("T")


class KeptConnection:
    """Runs write transactions on one kept connection of ``engine``. A write from another
    thread while one runs takes a pooled connection instead of waiting."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Connection | None = None
        self._lock = threading.Lock()

    def run(self, work: Callable[[Connection], T]) -> T:
        """``work(connection)`` in one transaction: committed if it returns, rolled back if
        it raises."""
        if not self._lock.acquire(blocking=False):
            with self.engine.begin() as connection:
                return work(connection)
        try:
            began = time.monotonic()
            try:
                return self._once(work)
            except DBAPIError as exc:
                if not exc.connection_invalidated:
                    raise
                self._drop()
                if time.monotonic() - began > RETRY_BROKEN_WITHIN:
                    raise  # noticed only at a bound: the server is away, not restarted
                log.warning("the kept database connection broke (%s); once more", exc.orig)
                return self._once(work)
        finally:
            self._lock.release()

    def _once(self, work: Callable[[Connection], T]) -> T:
        connection = self._connection
        if connection is None or connection.closed:
            connection = self._connection = self.engine.connect()
        with connection.begin():
            return work(connection)

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    def close(self) -> None:
        """Give the connection back (a later write opens a new one)."""
        with self._lock:
            self._drop()
