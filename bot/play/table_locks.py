"""One write at a time per table: the tables' locks (not "turns": a turn is a player's).

A table's lock is held from a write's first read to the end of its delivery (the table
session, ``cogs.pipeline.session``), so that a fast second click cannot edit the table
before the first one has posted the new turn's message. It is handed on in the order it
was asked for and never given up on: a click that cannot have it within Discord's window
is deferred and goes on when it is free. The task holding a lock may take it again (a
host's tool that pauses a group's table from inside the tournament's session), so nested
writes of one task never wait for themselves. Locks are taken in one order only: a
tournament before its groups' tables; a group's write reaches its tournament after its
own lock is released (a follow-up), so no two tasks wait for each other.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Impatient = Callable[[], Awaitable[None]]
"""Called once when a lock is not free within the patience given (a click defers)."""


class TableLock:
    """One table's lock: FIFO, re-entrant for the task holding it."""

    __slots__ = ("_depth", "_lock", "_owner", "game_id")

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[object] | None = None
        self._depth = 0

    @property
    def held(self) -> bool:
        """Whether the running task holds this lock."""
        return self._owner is not None and self._owner is asyncio.current_task()

    @property
    def locked(self) -> bool:
        return self._lock.locked()

    async def acquire(
        self, patience: float | None = None, impatient: Impatient | None = None
    ) -> None:
        """Take the lock, in the order asked; after ``patience`` seconds of waiting
        ``impatient`` is called once, and the wait goes on in its place in the queue."""
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            self._depth += 1
            return
        lock = self._lock
        if not lock.locked():
            await lock.acquire()  # free: no timer (the usual case)
        elif patience is None or impatient is None:
            await lock.acquire()
        else:
            await _acquire_patiently(lock, patience, impatient)
        self._owner, self._depth = task, 1

    def release(self) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._owner = None
            self._lock.release()

    async def __aenter__(self) -> TableLock:
        await self.acquire()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.release()


async def _acquire_patiently(lock: asyncio.Lock, patience: float, impatient: Impatient) -> None:
    """``lock.acquire()`` keeping its place in the queue while ``impatient`` runs."""
    acquiring = asyncio.ensure_future(lock.acquire())
    try:
        done, _ = await asyncio.wait({acquiring}, timeout=patience)
        if not done:
            await impatient()
        await acquiring
    except BaseException:
        if acquiring.done() and not acquiring.cancelled() and acquiring.exception() is None:
            lock.release()  # it came just as we gave up
        else:
            acquiring.cancel()
        raise


class TableLocks:
    """The tables' locks, one per table (made on first use)."""

    __slots__ = ("_locks",)

    def __init__(self) -> None:
        self._locks: dict[int, TableLock] = {}

    def __call__(self, game_id: int) -> TableLock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = TableLock(game_id)
        return lock

    def busy(self) -> list[int]:
        """The tables whose lock is held now (for checks)."""
        return [game_id for game_id, lock in self._locks.items() if lock.locked]
