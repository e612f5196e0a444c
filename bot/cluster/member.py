"""This process among the bot's processes: the servers it owns (its shards'), the
singletons it runs (leases), and the notices of the others' writes.

On SQLite there is one process (bot.cluster.single): it owns every server and runs every
singleton. On PostgreSQL each process keeps a :class:`~bot.cluster.link.Link` (a
connection of its own in a thread) that elects the singletons and brings the notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from sqlalchemy import Engine

from bot.cluster.identify import IdentifyGate
from bot.cluster.link import Link
from bot.cluster.notices import Notice, parse
from bot.cluster.shards import Shards

log = logging.getLogger(__name__)

CLOCK = "clock"
"""The turn clocks, the tournament reminders and evenings: one process runs them."""
SYNC = "sync"
"""The slash-command sync at start: the process that claims it first syncs, for all."""
STANDING = (CLOCK,)
"""Leases a process without them keeps trying for (a holder that dies is replaced)."""
BEAT = 1.0
"""Seconds between the event loop's beats to the link (bot.cluster.link.STALL)."""


class Member:
    def __init__(self, shards: Shards, engine: Engine) -> None:
        self.shards = shards
        self.linked = engine.dialect.name == "postgresql"
        self._engine = engine
        self._link: Link | None = None
        self._beats: asyncio.Task[None] | None = None
        self.identify_gate = IdentifyGate(engine) if self.linked else None
        """Shards identify in turn across processes (PostgreSQL); None: one process."""
        self.held: set[str] = set()

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process's shards receive the server's events (DMs: shard 0's)."""
        return self.shards.owns(guild_id)

    def holds(self, role: str) -> bool:
        """Whether this process runs the singleton ``role`` now."""
        return not self.linked or role in self.held

    async def claim(self, role: str) -> bool:
        """Take ``role`` now unless another process holds it (kept while this one runs)."""
        if self._link is None:
            return not self.linked
        return await self._link.claim(role)

    def start(
        self,
        on_notice: Callable[[Notice], None],
        on_lease: Callable[[str, bool], None],
        on_connected: Callable[[], None],
    ) -> None:
        """Connect to the others (PostgreSQL only): the callbacks run on this loop."""
        if not self.linked:
            return
        loop = asyncio.get_running_loop()

        def noticed(payload: str) -> None:
            notice = parse(payload)
            if notice is None:
                log.debug("unknown notice %r", payload)
                return
            on_notice(notice)

        def leased(role: str, held: bool) -> None:
            (self.held.add if held else self.held.discard)(role)
            on_lease(role, held)

        self._link = Link(self._engine, loop, standing=STANDING, on_notice=noticed,
                          on_lease=leased, on_connected=on_connected)  # fmt: skip
        self._link.start()
        self._beats = asyncio.create_task(self._beat(self._link), name="cluster-beat")

    async def _beat(self, link: Link) -> None:
        while True:
            link.beat()
            await asyncio.sleep(BEAT)

    async def close(self) -> None:
        """Leave: the leases are free for the others at once."""
        if self._beats is not None:
            self._beats.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beats
        if self._link is not None:
            await asyncio.to_thread(self._link.stop)
            self._link = None
        self.held.clear()
