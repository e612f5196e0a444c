"""/health and /metrics of two sharded processes on one PostgreSQL database and the
loopback Discord: each process reports the shards it runs, across them exactly one holds
the clock (what ``CroupierNoClock`` and ``CroupierTwoClocks`` watch), each owns its shard
(``CroupierShardUnowned``), and the clock moves on to the other process, in both, when its
holder is killed."""

from __future__ import annotations

import asyncio
import json
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bot.store import make_engine, upgrade
from loopback import fake_discord
from loopback.process import BotProcess, start
from tests.helpers.ports import free_port
from tests.ops.test_health import samples

pytestmark = pytest.mark.postgres


def probe(port: int) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        return samples(response.read().decode())


CLOCK = ("croupier_lease", (("role", "clock"),))


def holds_clock(port: int) -> bool:
    """Whether the process says so in both /health and /metrics."""
    return "clock" in probe(port)[1]["leases"] and scrape(port).get(CLOCK, 0) == 1


async def until(condition: Any, seconds: float, failure: str) -> None:
    since = time.monotonic()
    while not await asyncio.to_thread(condition):
        assert time.monotonic() - since < seconds, failure
        await asyncio.sleep(0.1)


async def test_each_process_reports_its_shards_and_the_clock_moves_on(
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
            for shard, port in enumerate(ports):
                status, body = await asyncio.to_thread(probe, port)
                assert status == 200 and body["status"] == "ok", body
                assert list(body["shards"]) == [str(shard)]
                assert body["shards"][str(shard)]["state"] == "connected"
            await until(lambda: any(holds_clock(port) for port in ports), 15,
                        "no process took the clock")  # fmt: skip
            pages = [await asyncio.to_thread(scrape, port) for port in ports]
            assert sum(page[CLOCK] for page in pages) == 1  # one process runs the clock
            for shard, page in enumerate(pages):
                assert page[("croupier_shard_owned", (("shard", str(shard)),))] == 1, page
                assert page[("croupier_ready", ())] == 1
            (holder,) = [i for i, page in enumerate(pages) if page[CLOCK] == 1]
            procs[holder].kill(signal.SIGKILL)
            await procs[holder].wait(10)
            await until(lambda: holds_clock(ports[1 - holder]), 15, "the clock did not move on")
        finally:
            for proc in procs:
                await proc.stop()
