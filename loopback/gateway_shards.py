"""Shards on the fake gateway: a shard's session, the shard an event goes to, and Discord's
limit on how fast sessions may start.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count`` and DMs to
shard 0 (:func:`bot.cluster.shards.shard_of`, the formula the bot uses too). An IDENTIFY
without ``shard`` is one unsharded session: shard 0 of 1.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from aiohttp import web

from bot.cluster.shards import shard_of
from loopback.entities import JSON

# Discord: ``max_concurrency`` rate-limit buckets (``shard_id % max_concurrency``), each of
# which starts one session per 5 seconds.
IDENTIFY_WINDOW = 5.0
# Events whose payload is the server itself (its ``id``, not a ``guild_id``).
GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})

__all__ = ["Connection", "IdentifyLimit", "Session", "event_guild", "parse_shard", "shard_of"]


@dataclass(eq=False)
class Connection:
    """One websocket; its frames are written in order by a writer task."""

    ws: web.WebSocketResponse
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    session: Session | None = None


@dataclass(eq=False)
class Session:
    """A shard's gateway session: every dispatch it was sent, kept for replay on RESUME."""

    id: str
    shard: list[int] | None = None  # IDENTIFY's [shard_id, shard_count]; None: unsharded
    seq: int = 0
    frames: list[JSON] = field(default_factory=list)
    connection: Connection | None = None  # the live one (identified or resumed), if any
    resumable: bool = True  # False after a drop that refuses the next RESUME

    @property
    def shard_id(self) -> int:
        return self.shard[0] if self.shard is not None else 0

    @property
    def shard_count(self) -> int:
        return self.shard[1] if self.shard is not None else 1

    @property
    def live(self) -> bool:
        """Whether a connection of the bot holds the session now."""
        return self.connection is not None and not self.connection.ws.closed

    def dispatched(self, event: str) -> list[JSON]:
        """The payloads of the ``event`` dispatches the session was sent, oldest first."""
        return [frame["d"] for frame in self.frames if frame["t"] == event]

    @property
    def ready_guilds(self) -> list[int]:
        """The server ids its READY listed."""
        ready = self.dispatched("READY")
        return [int(g["id"]) for g in ready[0]["guilds"]] if ready else []


def event_guild(event: str, data: JSON) -> int | None:
    """The server an event belongs to; None for a DM's events (they go to shard 0)."""
    raw = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
    return int(raw) if raw is not None else None


def parse_shard(raw: object) -> list[int] | None:
    """IDENTIFY's ``shard`` as ``[shard_id, shard_count]``; None if it is no valid shard
    (Discord closes such a connection with 4010 Invalid shard)."""
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    shard_id, count = raw
    if not isinstance(shard_id, int) or not isinstance(count, int):
        return None
    if count < 1 or not 0 <= shard_id < count:
        return None
    return [shard_id, count]


class IdentifyLimit:
    """Discord's limit on session starts: a shard's IDENTIFY falls in bucket
    ``shard_id % max_concurrency``, and a bucket admits one IDENTIFY per ``window`` seconds
    (so ``max_concurrency`` shards may identify at once). Over it: op 9, ``d: false``."""

    def __init__(self) -> None:
        self.refusals = 0
        self._last: dict[int, float] = {}  # bucket -> when it last admitted an IDENTIFY

    def free_in(self, shard_id: int, now: float, max_concurrency: int, window: float) -> float:
        """Seconds until the shard's bucket admits an IDENTIFY (0: now)."""
        last = self._last.get(shard_id % max(1, max_concurrency))
        return 0.0 if last is None else max(0.0, last + window - now)

    def admit(self, shard_id: int, now: float, max_concurrency: int, window: float) -> bool:
        """Whether the shard may identify now (counted as a refusal when not)."""
        if self.free_in(shard_id, now, max_concurrency, window) > 0:
            self.refusals += 1
            return False
        self._last[shard_id % max(1, max_concurrency)] = now
        return True
