"""This process among the bot's processes: the servers it owns (its shards'), the
singletons it runs (leases), and the notices of the others' writes.

On SQLite there is one process (bot.cluster.single): it owns every server and runs every
singleton. On PostgreSQL each process keeps a :class:`~bot.cluster.link.Link` (a
connection of its own in a thread) that elects the singletons and brings the notices.

On PostgreSQL a process owns a shard's servers while it holds the shard's lease
(``shard/N``): its own shards' as long as it lives, and, for a standby (``SHARD_IDS=standby``),
the shards of a process that died, until their owner is back and wants them (a notice, then
the standby closes the shard and frees the lease). :meth:`Member.join` refuses a process
whose shard another (not a standby) runs, or whose ``SHARD_COUNT`` differs from the others'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from sqlalchemy import Engine

from bot.cluster.identify import IdentifyGate
from bot.cluster.link import POLL, Link, holder_of
from bot.cluster.notices import Notice, ShardWanted, parse
from bot.cluster.shards import Shards, shard_of

log = logging.getLogger(__name__)

CLOCK = "clock"
"""The turn clocks, the tournament reminders and evenings: one process runs them."""
SYNC = "sync"
"""The slash-command sync at start: the process that claims it first syncs, for all."""
STANDING = (CLOCK,)
"""Leases a process without them keeps trying for (a holder that dies is replaced)."""
BEAT = 1.0
"""Seconds between the event loop's beats to the link (bot.cluster.link.STALL)."""
SHARD = "shard/"
"""A shard's lease: ``shard/3``."""
JOIN_TIMEOUT = 30.0
"""Seconds a start waits for its first round of leases before it goes on without them."""
CONFLICT_GRACE = 10.0
"""Seconds a start waits for its shard's lease held by another process that is no standby
(a process that just died may hold it until PostgreSQL notices, ~9 s at most) before it
refuses to run."""


class ClusterRefusal(Exception):
    """This process may not join the others (the message says why and what to do, in one
    line): its shard runs elsewhere, or its ``SHARD_COUNT`` differs."""


def shard_role(shard: int) -> str:
    return f"{SHARD}{shard}"


ShardCallback = Callable[[int, bool], None]


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
        """The singletons' leases this process holds."""
        self.running: set[int] = set() if self.linked else set(shards.home)
        """The shards whose servers this process owns now (PostgreSQL: whose lease it
        holds)."""

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard that receives the server's events (DMs:
        shard 0's)."""
        return shard_of(guild_id, self.shards.total) in self.running

    def shard_owns(self, shard: int) -> Callable[[int | None], bool]:
        """Whether a server is one of ``shard``'s."""
        total = self.shards.total
        return lambda guild_id: shard_of(guild_id, total) == shard

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
        on_shard: ShardCallback | None = None,
        on_wanted: Callable[[int], None] | None = None,
    ) -> None:
        """Connect to the others (PostgreSQL only): the callbacks run on this loop.
        ``on_shard(shard, held)``: a shard's lease came or went (:attr:`running` says so
        already); ``on_wanted(shard)``: the owner of a shard this standby runs wants it."""
        if not self.linked:
            return
        loop = asyncio.get_running_loop()

        def noticed(payload: str) -> None:
            notice = parse(payload)
            if notice is None:
                log.debug("unknown notice %r", payload)
            elif isinstance(notice, ShardWanted):
                guest = notice.shard in self.running and notice.shard not in self.shards.home
                if guest and on_wanted is not None:
                    on_wanted(notice.shard)
            else:
                on_notice(notice)

        def leased(role: str, held: bool) -> None:
            if role.startswith(SHARD):
                shard = int(role.removeprefix(SHARD))
                (self.running.add if held else self.running.discard)(shard)
                if on_shard is not None:
                    on_shard(shard, held)
                return
            (self.held.add if held else self.held.discard)(role)
            on_lease(role, held)

        shards = self.shards
        home = tuple(shard_role(s) for s in shards.home)
        guests = [shard_role(s) for s in range(shards.total)] if shards.standby else []
        wants = {shard_role(s): ShardWanted(s).payload for s in shards.home}
        self._link = Link(self._engine, loop, standing=home, on_notice=noticed,
                          on_lease=leased, on_connected=on_connected, guests=guests,
                          wants=wants, count=shards.total, standby=shards.standby,
                          steady=[*home, *guests])  # fmt: skip
        self._link.start()
        self._beats = asyncio.create_task(self._beat(self._link), name="cluster-beat")

    async def join(self) -> None:
        """Until the first round of leases was tried (the shards this process may run are
        in :attr:`running`). :class:`ClusterRefusal` if another process that is no standby
        runs one of this process's shards, or the others have another ``SHARD_COUNT``."""
        link = self._link
        if link is None:
            return
        if not await asyncio.to_thread(link.joined.wait, JOIN_TIMEOUT):
            log.warning("no lease after %.0f s: the shards start when the database answers",
                        JOIN_TIMEOUT)  # fmt: skip
        else:
            await self._check(link)
        link.stand_for(STANDING)  # a process refused never runs a singleton

    async def _check(self, link: Link) -> None:
        count = self.shards.total
        others = sorted(link.counts - {count})
        if others:
            shown = ", ".join(map(str, others))
            raise ClusterRefusal(
                f"SHARD_COUNT={count} here, but processes with SHARD_COUNT={shown} run on this "
                "database: every process needs the same SHARD_COUNT (to change it, stop them "
                "all first: docs/OPERATIONS.md, resharding)"
            )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CONFLICT_GRACE
        while True:
            missing = [s for s in self.shards.home if s not in self.running]
            taken = []
            for shard in missing:
                found = await asyncio.to_thread(holder_of, self._engine, shard_role(shard))
                if found is not None and not found.standby:
                    taken.append((shard, found.pid))
            if taken and loop.time() >= deadline:
                shard, pid = taken[0]
                raise ClusterRefusal(
                    f"shard {shard} of {count} already runs in another process (pid {pid}, "
                    "as PostgreSQL shows it): two processes must not run one shard; give "
                    "this one other SHARD_IDS, or SHARD_IDS=standby"
                )
            # An unsharded process's one session starts with the bot: it waits for it.
            if not taken and (not missing or self.shards.sharded):
                if missing:
                    log.info("shards %s run on a standby: asked back",
                             ",".join(map(str, missing)))  # fmt: skip
                return
            await asyncio.sleep(POLL)

    async def give_back(self, shard: int) -> None:
        """Free a shard this standby ran (its owner wants it; this process closed it)."""
        self.running.discard(shard)
        if self._link is not None:
            await self._link.give_up(shard_role(shard))

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
        if self.linked:
            self.running.clear()
