"""Whether the database answers, asked off the event loop.

A thread asks ``SELECT 1`` every :data:`INTERVAL` s on a connection of its own (from the
engine's pool, so with its bounds: bot.store.timeouts) and keeps the answer: ``/health/ready``
reads it from memory and never waits for the database. A database that goes away is
noticed within :data:`INTERVAL` s plus one bound (the connection's ``tcp_user_timeout`` or
connect timeout, 2 s); one that comes back, at the next round. A probe that has not
answered for :data:`STALE` s (its thread stuck) counts as a failure too.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, text

from bot.store.outage import describe
from bot.store.timeouts import LOOP_HOLD

log = logging.getLogger(__name__)

INTERVAL = 1.0
"""Seconds between two probes."""
STALE = INTERVAL + LOOP_HOLD + 1.0
"""Seconds without an answer after which the database counts as away."""
ASKED = ("SELECT 1", "PRAGMA schema_version")
"""The probe's question; SQLite's (second) reads the file, where ``SELECT 1`` would not."""


@dataclass(frozen=True)
class Reach:
    """The database as the last probe found it."""

    ok: bool
    error: str | None
    since: datetime
    """When it became so (UTC)."""
    checked: float
    """When the last probe answered (``time.monotonic()``)."""

    def report(self) -> dict[str, Any]:
        """``/health``'s ``database`` entry."""
        return {
            "ok": self.ok,
            "error": self.error,
            "since": self.since.isoformat(timespec="seconds").replace("+00:00", "Z"),
        }


class DatabaseProbe:
    """Probes ``engine`` in a thread of its own while started."""

    def __init__(self, engine: Engine, interval: float = INTERVAL) -> None:
        self.engine = engine
        self.interval = interval
        self._reach = Reach(False, "not probed yet", datetime.now(UTC), time.monotonic())
        self._connection: Connection | None = None
        self._probed = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Probe every :attr:`interval` s from now on (the first probe at once)."""
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="database-probe", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = LOOP_HOLD + 1) -> None:
        """End the thread (it gives its connection back)."""
        thread, self._thread = self._thread, None
        self._stop.set()
        if thread is not None:
            thread.join(timeout)

    @property
    def reach(self) -> Reach:
        """The last answer; a failure if there was none for :data:`STALE` s."""
        reach = self._reach
        silent = time.monotonic() - reach.checked
        if reach.ok and silent > STALE:
            return Reach(False, f"no answer for {silent:.0f} s", reach.since, reach.checked)
        return reach

    def probe(self) -> Reach:
        """Ask the database once (blocking: from a thread) and keep the answer."""
        error: str | None = None
        try:
            connection = self._connection
            if connection is None or connection.closed or connection.invalidated:
                connection = self._connection = self.engine.connect()
            connection.execute(text(ASKED[connection.dialect.name == "sqlite"])).scalar()
            connection.rollback()  # no transaction left open between probes
        except Exception as exc:
            error = describe(exc)
            self._close()
        before, first = self._reach, not self._probed
        self._probed = True
        ok = error is None
        if ok and not before.ok and not first:
            log.info("the database answers again")
        elif not ok and (before.ok or first):
            log.warning("the database does not answer: %s", error)
        since = before.since if ok == before.ok and not first else datetime.now(UTC)
        self._reach = Reach(ok, error, since, time.monotonic())
        return self._reach

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self.probe()
                self._stop.wait(self.interval)
        finally:
            self._close()

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:  # a broken connection may not close cleanly
                log.debug("closing the probe's connection failed", exc_info=True)
