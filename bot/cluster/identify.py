"""Identifying shards no faster than Discord allows, across processes.

Discord takes ``max_concurrency`` IDENTIFYs per 5 s, one per rate-limit bucket
``shard_id % max_concurrency``, for the whole bot; one more and the session is refused
(op 9), and discord.py tries again 5 s later. discord.py spaces the shards of one process
only. Processes on PostgreSQL take the bucket's advisory lock before they identify and
keep it for :data:`WINDOW` s after, so no two processes identify in one bucket at once:
a cluster starting together connects in turn instead of being refused.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import psycopg
from sqlalchemy import Engine

from bot.cluster.link import connect

log = logging.getLogger(__name__)

WINDOW = 5.0
"""Seconds a bucket stays closed after an IDENTIFY (Discord's)."""
LOCK_SQL = "SELECT pg_advisory_lock(hashtext(current_schema() || '/croupier/identify/' || %s))"


class IdentifyGate:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.concurrency: int | None = None

    async def wait(self, client: discord.Client, shard_id: int | None) -> int:
        """Until ``shard_id`` may identify (its bucket is this process's for the next
        :data:`WINDOW` s); returns the bucket."""
        if self.concurrency is None:
            try:
                _, _, limit = await client.http.get_bot_gateway()
                self.concurrency = max(1, int(limit.get("max_concurrency", 1)))
            except discord.DiscordException as exc:
                log.warning("GET /gateway/bot failed (%s): identifying one at a time", exc)
                self.concurrency = 1
        bucket = (shard_id or 0) % self.concurrency
        conn = await asyncio.to_thread(self._lock, bucket)
        loop = asyncio.get_running_loop()
        loop.call_later(WINDOW, lambda: loop.run_in_executor(None, conn.close))
        return bucket

    def _lock(self, bucket: int) -> psycopg.Connection[Any]:
        conn = connect(self.engine)
        conn.execute("SET lock_timeout = 0")  # waits its turn, in this thread (not bounded)
        conn.execute("SET statement_timeout = 0")
        conn.execute(LOCK_SQL, (str(bucket),))
        return conn
