"""/health of sharded processes on the loopback Discord: each process reports the shards it
runs and whether it runs the clock, and the clock shows up at another process when its
holder is killed."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bot.store import make_engine, upgrade
from loopback import fake_discord
from loopback.process import BotProcess, start

pytestmark = pytest.mark.postgres


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def probe(port: int) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


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
            reports = [await asyncio.to_thread(probe, port) for port in ports]
            for shard, (status, body) in enumerate(reports):
                assert status == 200 and body["status"] == "ok", body
                assert list(body["shards"]) == [str(shard)]
                assert body["shards"][str(shard)]["state"] == "connected"
            start_wait = time.monotonic()
            while not any("clock" in probe(port)[1]["leases"] for port in ports):
                assert time.monotonic() - start_wait < 10
                await asyncio.sleep(0.1)
            holders = [i for i, port in enumerate(ports) if "clock" in probe(port)[1]["leases"]]
            assert len(holders) == 1  # one process runs the clock
            (holder,) = holders
            procs[holder].kill(signal.SIGKILL)
            await procs[holder].wait(10)
            other = 1 - holder
            killed = time.monotonic()
            while "clock" not in (await asyncio.to_thread(probe, ports[other]))[1]["leases"]:
                assert time.monotonic() - killed < 10, "the clock did not move on"
                await asyncio.sleep(0.1)
        finally:
            for proc in procs:
                await proc.stop()
