"""/metrics of two sharded processes on one PostgreSQL database and the loopback Discord:
across them exactly one holds the clock (what ``CroupierNoClock`` and ``CroupierTwoClocks``
watch), each owns its shard (``CroupierShardUnowned``), and the clock's lease shows up at
the other process when its holder is killed."""

from __future__ import annotations

import asyncio
import signal
import time
import urllib.request
from pathlib import Path

import pytest

from bot.store import make_engine, upgrade
from loopback import fake_discord
from loopback.process import BotProcess, start
from tests.ops.test_health import samples
from tests.ops.test_health_cluster import free_port

pytestmark = pytest.mark.postgres


def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        return samples(response.read().decode())


def clocks(port: int) -> float:
    return scrape(port).get(("croupier_lease", (("role", "clock"),)), 0)


async def test_one_clock_lease_across_the_processes_and_each_shard_owned(
    pg_url: str, tmp_path: Path
) -> None:
    upgrade(make_engine(pg_url))
    ports = [free_port(), free_port()]
    async with fake_discord() as fake:
        fake.max_concurrency = 2
        for shard in range(2):
            fake.add_guild(f"g{shard}", shard=(shard, 2))
        procs: list[BotProcess] = []
        try:
            for shard in range(2):
                procs.append(await start("croupier", fake.port or 0, pg_url, shard_count=2,
                                         shard_ids=[shard], health_port=ports[shard],
                                         log=tmp_path / f"bot-{shard}.log"))  # fmt: skip
            for proc in procs:
                await proc.wait_connected(30)
            await fake.wait_for_shards(2, 30)
            waited = time.monotonic()
            while sum([await asyncio.to_thread(clocks, port) for port in ports]) < 1:
                assert time.monotonic() - waited < 15, "no process took the clock"
                await asyncio.sleep(0.1)
            pages = [await asyncio.to_thread(scrape, port) for port in ports]
            assert sum(page[("croupier_lease", (("role", "clock"),))] for page in pages) == 1
            for shard, page in enumerate(pages):
                assert page[("croupier_shard_owned", (("shard", str(shard)),))] == 1, page
                assert page[("croupier_ready", ())] == 1
            holder = next(i for i, page in enumerate(pages)
                          if page[("croupier_lease", (("role", "clock"),))] == 1)  # fmt: skip
            procs[holder].kill(signal.SIGKILL)
            await procs[holder].wait(10)
            killed = time.monotonic()
            while await asyncio.to_thread(clocks, ports[1 - holder]) < 1:
                assert time.monotonic() - killed < 15, "the clock's lease did not move on"
                await asyncio.sleep(0.1)
        finally:
            for proc in procs:
                await proc.stop()
