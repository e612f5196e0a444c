"""The process's own connection to PostgreSQL, kept by a thread: it listens for the
notices of other processes' writes (bot.cluster.notices) and holds the process's leases,
session advisory locks (``pg_try_advisory_lock``) that elect the singletons.

A lease is held as long as the connection lives. When a process dies, even by SIGKILL,
the kernel closes its socket, PostgreSQL ends the session and frees its locks, and another
process's thread takes the lease at its next try (every :data:`POLL` s). TCP keepalives
free them when a machine vanishes without closing anything. A process whose event loop
stops beating (:meth:`Link.beat`) for :data:`STALL` s gives its leases up: a blocked bot
must not keep the clock from running elsewhere.

The shards are leases too (``shard/N``, bot.cluster.member): a process holds its own
shards' as standing leases; a standby (``guests``) takes a shard's lease once the lease is
free after it was held (its process died), and gives it up (:meth:`Link.give_up`) when the
owner says it wants it back (a notice the owner repeats while it waits, ``wants``). Every
process also holds a shared lock that says its ``SHARD_COUNT`` (``count``); a process sees
the counts of the others in :attr:`Link.counts`.

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
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
GUEST_GRACE = 30.0
"""A standby takes a shard nobody held since it started only after this many seconds (a
cluster starting together: the owners come up first)."""
GIVEN_BACK = 15.0
"""Seconds a standby leaves a shard it gave back to its owner (the owner takes it)."""
LOCK_SQL = "SELECT pg_try_advisory_lock(hashtext(current_schema() || '/croupier/' || %s))"
UNLOCK_SQL = "SELECT pg_advisory_unlock(hashtext(current_schema() || '/croupier/' || %s))"
_KEY = "hashtext(current_schema() || '/croupier/' || {role})::bigint"
_HELD = f"""
l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND l.classid = (({_KEY} >> 32) & 4294967295)::oid
  AND l.objid = ({_KEY} & 4294967295)::oid
"""
HOLDER_SQL = "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
HOLDER_SQL += " WHERE " + _HELD.format(role=":role")
HELD_SQL = "SELECT r FROM unnest(%s::text[]) AS r WHERE EXISTS (SELECT 1 FROM pg_locks l WHERE "
HELD_SQL += _HELD.format(role="r") + ")"
COUNT_KEY = "hashtext(current_schema() || '/croupier/shard-count')"
COUNT_SQL = f"SELECT pg_advisory_lock_shared({COUNT_KEY}, %s)"
COUNTS_SQL = f"""
SELECT DISTINCT l.objid::bigint FROM pg_locks l
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND l.classid = ({COUNT_KEY}::bigint & 4294967295)::oid
"""


LINK_NAME = "croupier link "
"""How a process's link names itself to PostgreSQL (``pg_stat_activity``), before its pid
(and `` standby`` after it, for a standby's)."""
STANDBY = " standby"


def connect(engine: Engine, **extra: Any) -> psycopg.Connection[Any]:
    """A connection of its own (autocommit) to ``engine``'s database, outside its pool and
    its bounds (bot.store.timeouts; it is used in threads): what the engine's URL says, a
    connect timeout, plus libpq's ``extra`` parameters."""
    args, params = engine.dialect.create_connect_args(engine.url)
    extra = {"connect_timeout": CONNECT_TIMEOUT, **extra}
    return psycopg.connect(*args, **{**params, **extra}, autocommit=True)


@dataclass(frozen=True)
class Holder:
    """The process that holds a lease: its pid, and whether it is a standby."""

    pid: int
    standby: bool


def holder_of(engine: Engine, role: str) -> Holder | None:
    """The process that holds ``role``'s lease, as PostgreSQL sees it; None while nobody
    does (or something that is no process's link holds it)."""
    with engine.connect() as conn:
        name = conn.execute(text(HOLDER_SQL), {"role": role}).scalar()
    if not name or not name.startswith(LINK_NAME):
        return None
    pid, _, rest = name.removeprefix(LINK_NAME).partition(" ")
    return Holder(int(pid), rest == STANDBY.strip()) if pid.isdigit() else None


def holder(engine: Engine, role: str) -> int | None:
    """The pid of the process that holds ``role``'s lease (for operators and tests)."""
    found = holder_of(engine, role)
    return None if found is None else found.pid


Callback = Callable[..., None]


class Link:
    """``standing``: leases tried every round until held (the clock, the process's own
    shards). ``on_notice(payload)``, ``on_lease(role, held)`` and ``on_connected()`` run on
    ``loop`` (``on_connected``: notices may have been missed, caches should be read anew;
    it comes after the first round of lease tries). ``guests``: leases taken when they are
    free after someone held them (a standby's). ``wants``: a payload to notify, every round,
    while the lease it belongs to is not held (the owner's "give it back"). ``count``: the
    ``SHARD_COUNT`` to say (0: none). ``standby``: the link says so in its name.
    ``steady``: leases the process keeps using while the connection is broken (the shards:
    a database that is away for everyone must not close every gateway session); they are
    told lost once the link is back and another process holds them."""

    def __init__(
        self,
        engine: Engine,
        loop: asyncio.AbstractEventLoop,
        *,
        standing: Iterable[str],
        on_notice: Callable[[str], None],
        on_lease: Callable[[str, bool], None],
        on_connected: Callable[[], None],
        guests: Iterable[str] = (),
        wants: Mapping[str, str] | None = None,
        count: int = 0,
        standby: bool = False,
        steady: Iterable[str] = (),
    ) -> None:
        self.own = own_backends(engine)
        self.engine = engine
        self.loop = loop
        self.standing = tuple(standing)
        self.guests = tuple(guests)
        self.wants = dict(wants or {})
        self.count = count
        self.standby = standby
        self.steady = frozenset(steady)
        self._lapsed: set[str] = set()  # steady leases held when the connection broke
        self._callbacks = (on_notice, on_lease, on_connected)
        self.held: set[str] = set()  # the thread's own view
        self.counts: set[int] = set()
        """The ``SHARD_COUNT`` of every process on the database, this one's included (as
        of the last connection)."""
        self.joined = threading.Event()
        """Set once the first connection made its first round (leases tried, counts read)."""
        self._seen: set[str] = set()  # guest leases seen held (their owner may die)
        self._left: dict[str, float] = {}  # guest lease -> not taken again before (monotonic)
        self._started = time.monotonic()
        self._requests: queue.Queue[tuple[str, concurrent.futures.Future[bool]]] = queue.Queue()
        self._releases: queue.Queue[tuple[str, concurrent.futures.Future[bool]]] = queue.Queue()
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

    def stand_for(self, roles: Iterable[str]) -> None:
        """Try for these leases too, every round, from now on."""
        self.standing = (*self.standing, *(r for r in roles if r not in self.standing))

    async def give_up(self, role: str) -> bool:
        """Free ``role``'s lease now (a guest's is not taken again for :data:`GIVEN_BACK`
        s); whether it was held."""
        future: concurrent.futures.Future[bool] = concurrent.futures.Future()
        self._releases.put((role, future))
        return await asyncio.wrap_future(future)

    # --- the thread ------------------------------------------------------------------

    def _call(self, callback: Callback, *args: Any) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(callback, *args)

    def _run(self) -> None:
        wait = POLL
        while not self._stop.is_set():
            try:
                name = f"{LINK_NAME}{os.getpid()}{STANDBY if self.standby else ''}"
                with connect(self.engine, **KEEPALIVE, application_name=name) as conn:
                    self._serve(conn)
                    wait = POLL
            except psycopg.Error as exc:
                log.warning("the cluster link to the database broke (%s); retrying", exc)
            except Exception:
                log.exception("the cluster link failed; retrying")
            self._lose_all(broken=True)
            self._answer_requests(False)
            self.joined.set()  # no database: the process goes on without its leases
            self._stop.wait(wait)
            wait = min(wait * 2, 5.0)

    def _serve(self, conn: psycopg.Connection[Any]) -> None:
        row = conn.execute(CHANNEL_SQL).fetchone()
        assert row is not None
        channel = row[0]
        conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        if self.count:
            conn.execute(COUNT_SQL, (self.count,))
            self.counts = {int(r[0]) for r in conn.execute(COUNTS_SQL).fetchall()}
        clash = bool(self.counts - {self.count})  # the process is refused: it takes nothing
        on_notice, _, on_connected = self._callbacks
        first = True
        while not self._stop.is_set():
            stalled = time.monotonic() - self._beat > STALL
            if stalled and self.held:
                log.error("the event loop has not answered for %.0f s: leases %s given up",
                          STALL, sorted(self.held))  # fmt: skip
                conn.execute("SELECT pg_advisory_unlock_all()")
                if self.count:  # the count is no lease: it stays said
                    conn.execute(COUNT_SQL, (self.count,))
                self._lose_all()
            self._answer_releases(conn)
            while not self._requests.empty():
                role, future = self._requests.get_nowait()
                future.set_result(role in self.held or (not clash and self._try(conn, role)))
            if not stalled and not clash:
                for role in self.standing:
                    if role not in self.held:
                        self._try(conn, role)
                self._want(conn, channel)
                self._take_guests(conn)
            if first:
                first = False
                self._told_lapsed()
                self._call(on_connected)
                self.joined.set()
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

    def _want(self, conn: psycopg.Connection[Any], channel: str) -> None:
        for role, payload in self.wants.items():
            if role not in self.held:
                conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))

    def _take_guests(self, conn: psycopg.Connection[Any]) -> None:
        if not self.guests:
            return
        held = {r[0] for r in conn.execute(HELD_SQL, (list(self.guests),)).fetchall()}
        now = time.monotonic()
        self._seen |= held
        patient = now - self._started < GUEST_GRACE
        for role in self.guests:
            if role in held or role in self.held or now < self._left.get(role, 0.0):
                continue
            if role in self._seen or not patient:
                self._try(conn, role)

    def _answer_releases(self, conn: psycopg.Connection[Any]) -> None:
        while not self._releases.empty():
            role, future = self._releases.get_nowait()
            held = role in self.held
            if held:
                conn.execute(UNLOCK_SQL, (role,))
                self.held.discard(role)
                log.info("this process gave the %s lease up", role)
            if role in self.guests:
                self._left[role] = time.monotonic() + GIVEN_BACK
            future.set_result(held)

    def _lose_all(self, *, broken: bool = False) -> None:
        """Every lease is gone. ``broken`` (the connection broke): the leases of
        ``steady`` are told lost only if another process holds them once the link is back
        (:meth:`_told_lapsed`); the process goes on with them meanwhile."""
        for role in sorted(self.held):
            if broken and role in self.steady and not self._stop.is_set():
                self._lapsed.add(role)
                continue
            level = logging.INFO if self._stop.is_set() else logging.WARNING  # a stop: freed
            log.log(level, "this process no longer holds the %s lease", role)
            self._call(self._callbacks[1], role, False)
        self.held.clear()

    def _told_lapsed(self) -> None:
        for role in sorted(self._lapsed - self.held):
            log.warning("the %s lease went to another process while the link was down", role)
            self._call(self._callbacks[1], role, False)
        self._lapsed.clear()

    def _answer_requests(self, value: bool) -> None:
        for requests in (self._requests, self._releases):
            while not requests.empty():
                _, future = requests.get_nowait()
                future.set_result(value)
