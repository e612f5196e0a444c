"""The process's own connection to PostgreSQL, kept by a thread: it listens for the
notices of other processes' writes (bot.cluster.notices) and holds the process's leases,
session advisory locks (``pg_try_advisory_lock``) that elect the singletons.

A lease is held as long as the connection lives. When a process dies, even by SIGKILL,
the kernel closes its socket, PostgreSQL ends the session and frees its locks, and another
process's thread takes the lease at its next try (every :data:`POLL` s). TCP keepalives
free them when a machine vanishes without closing anything. A process whose event loop
stops beating (:meth:`Link.beat`) for :data:`STALL` s gives its leases up: a blocked bot
must not keep the clock from running elsewhere.

A thread, not the event loop: the leases must outlive a busy loop for :data:`STALL` s and be
given up by something that is not blocked, and the notices cost the loop nothing until
there is one.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import psycopg
from psycopg import sql
from sqlalchemy import Engine, text

from bot.cluster.notices import CHANNEL_SQL
from bot.store.backends import own_backends
from bot.store.timeouts import CONNECT_TIMEOUT

log = logging.getLogger(__name__)

POLL = 0.5
"""Seconds between the thread's rounds: lease tries, requests, a blocked loop's check."""
STALL = 8.0
"""A loop that did not beat for this long gives its leases up (takeover stays within 10 s)."""
KEEPALIVE = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2,
             "keepalives_count": 2, "tcp_user_timeout": 9000}  # fmt: skip
"""A server or machine gone without a word is noticed within ~9 s (libpq's parameters)."""
LOCK_SQL = "SELECT pg_try_advisory_lock(hashtext(current_schema() || '/croupier/' || %s))"
HOLDER_SQL = """
SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND l.classid = ((hashtext(current_schema() || '/croupier/' || :role)::bigint >> 32)
                   & 4294967295)::oid
  AND l.objid = (hashtext(current_schema() || '/croupier/' || :role)::bigint & 4294967295)::oid
"""


LINK_NAME = "croupier link "
"""How a process's link names itself to PostgreSQL (``pg_stat_activity``), before its pid."""


def connect(engine: Engine, **extra: Any) -> psycopg.Connection[Any]:
    """A connection of its own (autocommit) to ``engine``'s database, outside its pool and
    its bounds (bot.store.timeouts; it is used in threads): what the engine's URL says, a
    connect timeout, plus libpq's ``extra`` parameters."""
    args, params = engine.dialect.create_connect_args(engine.url)
    extra = {"connect_timeout": CONNECT_TIMEOUT, **extra}
    return psycopg.connect(*args, **{**params, **extra}, autocommit=True)


def holder(engine: Engine, role: str) -> int | None:
    """The pid of the process that holds ``role``'s lease, as PostgreSQL sees it (for
    operators and tests); None while nobody does."""
    with engine.connect() as conn:
        name = conn.execute(text(HOLDER_SQL), {"role": role}).scalar()
    return int(name.removeprefix(LINK_NAME)) if name and name.startswith(LINK_NAME) else None


Callback = Callable[..., None]


class Link:
    """``standing``: leases tried every round until held (the clock). ``on_notice(payload)``,
    ``on_lease(role, held)`` and ``on_connected()`` run on ``loop`` (``on_connected``:
    notices may have been missed, caches should be read anew)."""

    def __init__(
        self,
        engine: Engine,
        loop: asyncio.AbstractEventLoop,
        *,
        standing: Iterable[str],
        on_notice: Callable[[str], None],
        on_lease: Callable[[str, bool], None],
        on_connected: Callable[[], None],
    ) -> None:
        self.own = own_backends(engine)
        self.engine = engine
        self.loop = loop
        self.standing = tuple(standing)
        self._callbacks = (on_notice, on_lease, on_connected)
        self.held: set[str] = set()  # the thread's own view
        self._requests: queue.Queue[tuple[str, concurrent.futures.Future[bool]]] = queue.Queue()
        self._stop = threading.Event()
        self._beat = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="cluster-link", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 2 * POLL + 1) -> None:
        """End the thread; its connection closes and every lease is free at once."""
        self._stop.set()
        self._thread.join(timeout)

    def beat(self) -> None:
        """The event loop is alive (called from it every second or so)."""
        self._beat = time.monotonic()

    async def claim(self, role: str) -> bool:
        """Take ``role``'s lease now if no process holds it; kept for the connection's life."""
        future: concurrent.futures.Future[bool] = concurrent.futures.Future()
        self._requests.put((role, future))
        return await asyncio.wrap_future(future)

    # --- the thread ------------------------------------------------------------------

    def _call(self, callback: Callback, *args: Any) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(callback, *args)

    def _run(self) -> None:
        wait = POLL
        while not self._stop.is_set():
            try:
                name = f"{LINK_NAME}{os.getpid()}"
                with connect(self.engine, **KEEPALIVE, application_name=name) as conn:
                    self._serve(conn)
                    wait = POLL
            except psycopg.Error as exc:
                log.warning("the cluster link to the database broke (%s); retrying", exc)
            except Exception:
                log.exception("the cluster link failed; retrying")
            self._lose_all()
            self._answer_requests(False)
            self._stop.wait(wait)
            wait = min(wait * 2, 5.0)

    def _serve(self, conn: psycopg.Connection[Any]) -> None:
        row = conn.execute(CHANNEL_SQL).fetchone()
        assert row is not None
        conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(row[0])))
        on_notice, _, on_connected = self._callbacks
        self._call(on_connected)
        while not self._stop.is_set():
            stalled = time.monotonic() - self._beat > STALL
            if stalled and self.held:
                log.error("the event loop has not answered for %.0f s: leases %s given up",
                          STALL, sorted(self.held))  # fmt: skip
                conn.execute("SELECT pg_advisory_unlock_all()")
                self._lose_all()
            while not self._requests.empty():
                role, future = self._requests.get_nowait()
                future.set_result(role in self.held or self._try(conn, role))
            if not stalled:
                for role in self.standing:
                    if role not in self.held:
                        self._try(conn, role)
            for notice in conn.notifies(timeout=POLL):
                if notice.pid not in self.own:  # this process's own write: known here
                    self._call(on_notice, notice.payload)

    def _try(self, conn: psycopg.Connection[Any], role: str) -> bool:
        row = conn.execute(LOCK_SQL, (role,)).fetchone()
        if row is None or not row[0]:
            return False
        self.held.add(role)
        log.info("this process holds the %s lease", role)
        self._call(self._callbacks[1], role, True)
        return True

    def _lose_all(self) -> None:
        for role in sorted(self.held):
            level = logging.INFO if self._stop.is_set() else logging.WARNING  # a stop: freed
            log.log(level, "this process no longer holds the %s lease", role)
            self._call(self._callbacks[1], role, False)
        self.held.clear()

    def _answer_requests(self, value: bool) -> None:
        while not self._requests.empty():
            _, future = self._requests.get_nowait()
            future.set_result(value)
