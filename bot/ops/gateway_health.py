"""The state of a bot's gateway connections, per shard, for a plain bot (one session, or
one shard of its own) and an auto-sharded one alike. Reads discord.py's objects only."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import discord
from discord.gateway import DiscordWebSocket


class Gateway(Protocol):
    """What is read of a bot's gateway connections: a discord.py client's (an auto-sharded
    client's shards are read as such)."""

    @property
    def ws(self) -> DiscordWebSocket | None: ...

    @property
    def shard_id(self) -> int | None: ...

    def is_closed(self) -> bool: ...


@dataclass(frozen=True)
class ShardState:
    id: int
    connected: bool
    latency: float | None
    """Seconds between the last heartbeat and its acknowledgement (None: none yet)."""

    @property
    def state(self) -> str:
        return "connected" if self.connected else "disconnected"


def _finite(seconds: float) -> float | None:
    return seconds if math.isfinite(seconds) else None


def shard_states(bot: Gateway) -> list[ShardState]:
    """Every shard the bot runs, in order; a shard not started (yet) is disconnected."""
    if isinstance(bot, discord.AutoShardedClient):
        infos = bot.shards
        expected = sorted(set(bot.shard_ids or ()) | set(infos))
        states = []
        for shard_id in expected:
            info = infos.get(shard_id)
            if info is None:
                states.append(ShardState(shard_id, False, None))
            else:
                up = not info.is_closed() and not bot.is_closed()
                states.append(ShardState(shard_id, up, _finite(info.latency)))
        return states
    ws = bot.ws
    up = ws is not None and ws.open and not bot.is_closed()
    latency = None if ws is None else _finite(ws.latency)
    return [ShardState(bot.shard_id or 0, up, latency)]
