"""The IDENTIFY gate against the loopback Discord, which refuses (op 9) an IDENTIFY that
comes sooner than its window after another in the same rate-limit bucket: two processes'
shards in one bucket are never refused, even when the first IDENTIFY goes out well after
its process took the bucket's lock (a busy event loop)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.cluster import identify
from bot.cluster.identify import IdentifyGate
from bot.discord_internals import AFTER_IDENTIFY, tell_identify_sent
from bot.store import make_engine, upgrade
from loopback import fake_discord
from loopback.harness import GUILD_READY_TIMEOUT

pytestmark = pytest.mark.postgres

WINDOW = 1.0  # the fake's window and the gate's (Discord's is 5 s)
LATE = 0.6  # the first IDENTIFY goes out this long after its lock


class Process(discord.AutoShardedClient):
    """A bot process's gateway: one shard of two, identified through the gate (its own
    connection to the database, as a process has)."""

    def __init__(self, url: str, shard: int, late: float = 0.0) -> None:
        super().__init__(intents=discord.Intents.none(), shard_count=2, shard_ids=[shard])
        self._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        self.gate = IdentifyGate(make_engine(url))
        self.late = late
        self.locked = asyncio.Event()
        tell_identify_sent()
        self._hooks[AFTER_IDENTIFY] = self._sent

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        await self.gate.wait(self, shard_id)
        self.locked.set()
        await asyncio.sleep(self.late)  # the loop is busy elsewhere before the IDENTIFY

    async def _sent(self, shard_id: int | None) -> None:
        self.gate.sent(shard_id)


@pytest.fixture
def url(pg_url: str) -> str:
    upgrade(make_engine(pg_url))
    return pg_url


async def test_two_processes_in_one_bucket_are_never_refused(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(identify, "WINDOW", WINDOW)
    async with fake_discord() as fake:
        fake.max_concurrency = 1  # shards 0 and 1: one bucket
        fake.identify_window = WINDOW
        for shard in range(2):
            fake.add_guild(f"g{shard}", shard=(shard, 2))
        first, second = Process(url, 0, late=LATE), Process(url, 1)
        tasks: list[asyncio.Task[Any]] = []
        with fake.patch_discord():
            try:
                tasks.append(asyncio.create_task(first.start("x")))
                await asyncio.wait_for(first.locked.wait(), 10)  # the first has the bucket
                tasks.append(asyncio.create_task(second.start("x")))
                await fake.wait_for_shards(2, 20)
            finally:
                for client in (first, second):
                    await client.close()
                await asyncio.gather(*tasks, return_exceptions=True)
        assert fake.gateway.limit.refusals == 0
