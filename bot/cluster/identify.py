"""Identifying shards no faster than Discord allows, across processes.

Discord takes ``max_concurrency`` IDENTIFYs per 5 s, one per rate-limit bucket
``shard_id % max_concurrency``, for the whole bot; one more and the session is refused
(op 9), and discord.py tries again 5 s later. discord.py spaces the shards of one process
only. Processes on PostgreSQL take the bucket's advisory lock before they identify
(:meth:`IdentifyGate.wait`, discord.py's ``before_identify`` hook, just before the IDENTIFY
is sent) and keep it until :data:`WINDOW` s after the IDENTIFY went out
(:meth:`IdentifyGate.sent`, the ``after_identify`` hook of bot.discord_internals), so two
IDENTIFYs of one bucket are always a window apart however long the send took, and a
cluster starting together connects in turn instead of being refused.
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
MARGIN = 0.25
"""Seconds added to the window: Discord counts from when an IDENTIFY arrives."""
UNSENT = 60.0
"""A lock whose IDENTIFY was never said sent (no ``after_identify``) counts as sent then."""
LOCK_SQL = "SELECT pg_advisory_lock(hashtext(current_schema() || '/croupier/identify/' || %s))"


class IdentifyGate:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.concurrency: int | None = None
        self._held: dict[int, psycopg.Connection[Any]] = {}  # shard -> its bucket's lock

    async def wait(self, client: discord.Client, shard_id: int | None) -> int:
        """Until ``shard_id`` may identify: its bucket is this process's until
        :data:`WINDOW` s after :meth:`sent`. Returns the bucket."""
        if self.concurrency is None:
            try:
                _, _, limit = await client.http.get_bot_gateway()
                self.concurrency = max(1, int(limit.get("max_concurrency", 1)))
            except discord.DiscordException as exc:
                log.warning("GET /gateway/bot failed (%s): identifying one at a time", exc)
                self.concurrency = 1
        shard = shard_id or 0
        bucket = shard % self.concurrency
        self.sent(shard)  # an earlier IDENTIFY of this shard that never said so
        conn = await asyncio.to_thread(self._lock, bucket)
        self._held[shard] = conn
        asyncio.get_running_loop().call_later(UNSENT, self._sent, shard, conn)
        return bucket

    def sent(self, shard_id: int | None) -> None:
        """The shard's IDENTIFY went out (or failed to): its bucket opens :data:`WINDOW` s
        from now."""
        conn = self._held.get(shard_id or 0)
        if conn is not None:
            self._sent(shard_id or 0, conn)

    def _sent(self, shard: int, conn: psycopg.Connection[Any]) -> None:
        if self._held.get(shard) is not conn:
            return
        del self._held[shard]
        loop = asyncio.get_running_loop()
        loop.call_later(WINDOW + MARGIN, lambda: loop.run_in_executor(None, conn.close))

    def _lock(self, bucket: int) -> psycopg.Connection[Any]:
        conn = connect(self.engine)
        conn.execute("SET lock_timeout = 0")  # waits its turn, in this thread (not bounded)
        conn.execute("SET statement_timeout = 0")
        conn.execute(LOCK_SQL, (str(bucket),))
        return conn
