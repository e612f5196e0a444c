"""One interaction at a time per table, and the count of interactions being handled.

A click holds its table's turn from its action until the table message shows the new
state: otherwise a fast second click could edit the table before the first click has
posted and registered the new turn's message, leaving that one behind with outdated
buttons. Whoever holds the turn releases it as soon as the table message is up to date
(:meth:`TableTurn.release`: a :class:`~cogs.pipeline.delivery.Delivery` does before it
sends DMs, which are slow and concern no table message). This is the one lock per table:
the service needs none, since an action runs from reading the table to its commit
without giving the event loop a chance to run anything else.
"""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)

TURN_WAIT = 1.0  # seconds a click waits for the table's previous click (the 3 s deadline!)


class TableTurn:
    """``async with router.table_turn(game_id) as turn:`` holds the table's turn until
    ``turn.release()`` or the end of the block, whichever comes first. Waits at most
    :data:`TURN_WAIT` s, then goes on regardless. A class rather than a generator-based
    context manager: every click enters one."""

    __slots__ = ("_held", "_lock", "game_id")

    def __init__(self, game_id: int, lock: asyncio.Lock) -> None:
        self.game_id = game_id
        self._lock = lock
        self._held = False

    async def __aenter__(self) -> TableTurn:
        lock = self._lock
        if not lock.locked():
            await lock.acquire()  # free: no timer to set up (the usual case)
        else:
            try:
                async with asyncio.timeout(TURN_WAIT):
                    await lock.acquire()
            except TimeoutError:
                log.warning("table %s: the previous click takes long; not waiting for it",
                            self.game_id)  # fmt: skip
                return self
        self._held = True
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        """The table message is up to date: the next click at this table may go on."""
        if self._held:
            self._held = False
            self._lock.release()


class TableTurns:
    """The tables' turns, one lock per table (made on first use)."""

    __slots__ = ("_locks",)

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}

    def __call__(self, game_id: int) -> TableTurn:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return TableTurn(game_id, lock)


class Busy:
    """Counts the interactions being handled: ``async with router.busy:`` marks one until
    its follow-ups and edits are done (a stopping bot lets them finish)."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    async def __aenter__(self) -> None:
        self.count += 1

    async def __aexit__(self, *exc: object) -> None:
        self.count -= 1

    async def settled(self, timeout: float = 5) -> None:
        """Wait until no interaction is being handled."""
        async with asyncio.timeout(timeout):
            while self.count:
                await asyncio.sleep(0.005)
