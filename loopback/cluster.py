"""Several bot processes against one :class:`~loopback.server.FakeDiscord`, each running a
range of the shards (:func:`loopback.process.start` with ``shard_count``/``shard_ids``).

```python
async with Cluster(fake, "croupier", pg_url, shard_count=4, processes=2) as cluster:
    # process 0 runs shards 0-1, process 1 shards 2-3; all READY here
    cluster.kill(1)                      # SIGKILL: shards 2-3 go dark
    await cluster.restart(1)             # a new process on shards 2-3, READY again
```

``standbys=N`` starts N more processes with ``SHARD_IDS=standby`` (after the others, at
:attr:`Cluster.standbys`' indexes): they run the shards of a process that died until it is
back (bot.cluster.member).

The session start limit: the processes keep the harness's IDENTIFY hook (no wait, see
:func:`loopback.process.start`), so the cluster raises the fake's ``max_concurrency`` to the
shard count: every shard has a rate-limit bucket of its own and a cluster starting at once
is never refused. A restarted process's shards would identify within the fake's
``identify_window`` of their last IDENTIFY; :meth:`Cluster.restart` waits until the fake
admits them before it starts the process (``identify_window=`` shortens that window on the
fake for the cluster's tests). A session a process itself starts anew (a drop that refuses
its RESUME) may still be refused (op 9) and retried until the window has passed.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from loopback.process import BotProcess, Kind, start
from loopback.server import FakeDiscord


def split(count: int, processes: int) -> list[tuple[int, ...]]:
    """``count`` shards in ``processes`` contiguous ranges, the first ones longer."""
    if not 1 <= processes <= count:
        raise ValueError(f"{processes} processes cannot share {count} shards")
    size, extra = divmod(count, processes)
    ranges, first = [], 0
    for i in range(processes):
        last = first + size + (1 if i < extra else 0)
        ranges.append(tuple(range(first, last)))
        first = last
    return ranges


class Cluster:
    """``processes`` bot processes of ``kind`` on one fake, splitting ``shard_count`` shards
    (or the ``ranges`` given); ``options`` go to each :func:`~loopback.process.start`."""

    def __init__(
        self,
        fake: FakeDiscord,
        kind: Kind,
        db_url: str = "",
        *,
        shard_count: int,
        processes: int = 2,
        ranges: Sequence[Sequence[int]] | None = None,
        log_dir: Path | None = None,
        identify_window: float | None = None,
        standbys: int = 0,
        **options: Any,
    ) -> None:
        if fake.port is None:
            raise RuntimeError("start() the fake before the cluster")
        self.fake = fake
        self.kind: Kind = kind
        self.db_url = db_url
        self.shard_count = shard_count
        given = split(shard_count, processes) if ranges is None else ranges
        self.ranges = [tuple(r) for r in given]
        self.standbys = list(range(len(self.ranges), len(self.ranges) + standbys))
        """The indexes of the standby processes (no shards of their own)."""
        self.ranges += [()] * standbys
        self.log_dir = log_dir
        self.options = options
        self.procs: list[BotProcess | None] = [None] * len(self.ranges)
        fake.max_concurrency = max(fake.max_concurrency, shard_count)
        if identify_window is not None:
            fake.identify_window = identify_window

    def __getitem__(self, i: int) -> BotProcess:
        proc = self.procs[i]
        if proc is None:
            raise LookupError(f"process {i} was not started")
        return proc

    def process_of(self, shard_id: int) -> int:
        """The index of the process that runs ``shard_id``."""
        return next(i for i, shards in enumerate(self.ranges) if shard_id in shards)

    def shard_ids(self, i: int) -> str:
        """Process ``i``'s ``SHARD_IDS``."""
        return "standby" if i in self.standbys else ",".join(map(str, self.ranges[i]))

    async def start(self, timeout: float = 60) -> None:
        """Start every process at once; until all are READY."""
        for i in range(len(self.ranges)):
            self.procs[i] = await self._spawn(i)
        await self.wait_ready(timeout)

    async def wait_ready(self, timeout: float = 60) -> None:
        """Until every running process said ``ready`` and the fake has a live session for
        each of their shards."""
        running = [p for p in self.procs if p is not None and p.returncode is None]
        await asyncio.gather(*(p.wait_connected(timeout) for p in running))
        ids = [s for i, p in enumerate(self.procs) if p in running for s in self.ranges[i]]
        await self.fake.wait_for_shards(self.shard_count, timeout, ids=ids)

    def kill(self, i: int, sig: int = signal.SIGKILL) -> None:
        """Send process ``i`` ``sig`` (default: SIGKILL, a crash)."""
        self[i].kill(sig)

    async def restart(self, i: int, timeout: float = 60, *, shards: bool = True) -> BotProcess:
        """Process ``i`` anew on its shards (killed first if it still runs), once the fake
        admits their IDENTIFYs; until it is READY (and, with ``shards``, its shards live:
        without, a process whose shards a standby runs is back before they are)."""
        old = self.procs[i]
        if old is not None:
            old.kill(signal.SIGKILL)
            await old.wait(timeout)
        await self._identify_allowed(self.ranges[i])
        proc = self.procs[i] = await self._spawn(i)
        await proc.wait_connected(timeout)
        if shards:
            await self.fake.wait_for_shards(self.shard_count, timeout, ids=list(self.ranges[i]))
        return proc

    async def stop_all(self, timeout: float = 10) -> list[int | None]:
        """Stop every process cleanly (SIGTERM; SIGKILL after ``timeout`` s); their exit
        statuses (None: never started)."""

        async def stop(proc: BotProcess | None) -> int | None:
            return None if proc is None else await proc.stop(timeout)

        return list(await asyncio.gather(*(stop(p) for p in self.procs)))

    async def __aenter__(self) -> Cluster:
        try:
            await self.start()
        except BaseException:
            await self.stop_all()
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop_all()

    async def _spawn(self, i: int) -> BotProcess:
        assert self.fake.port is not None
        log = None if self.log_dir is None else self.log_dir / f"bot-{i}.log"
        return await start(
            self.kind,
            self.fake.port,
            self.db_url,
            log=log,
            shard_count=self.shard_count,
            shard_ids=self.shard_ids(i),
            **self.options,
        )

    async def _identify_allowed(self, shard_ids: Sequence[int]) -> None:
        fake = self.fake
        loop = asyncio.get_running_loop()
        wait = max(
            (
                fake.gateway.limit.free_in(
                    s, loop.time(), fake.max_concurrency, fake.identify_window
                )
                for s in shard_ids
            ),
            default=0.0,
        )
        if wait > 0:
            await asyncio.sleep(wait)  # pacing to the fake's limit, not an assertion
