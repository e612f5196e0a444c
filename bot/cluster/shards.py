"""Which gateway shards a process runs, and so which servers it owns.

Discord sends a server's events (its commands and clicks) to shard
``(guild_id >> 22) % shard_count`` and every DM to shard 0. A process that runs a shard
owns its servers: it loads their tables, delivers what their games owe and reconciles
their tournaments. The settings ``SHARD_COUNT`` and ``SHARD_IDS`` (e.g. ``0-3`` or
``0,2,4-5``) choose the shards; without them the process runs one unsharded session and
owns every server, as a single bot does. ``SHARD_IDS=standby`` runs no shard of its own: the
process waits, ready, and runs the shards of a process that died until it is back
(bot.cluster.member).
"""

from __future__ import annotations

from dataclasses import dataclass

STANDBY = "standby"
"""``SHARD_IDS`` of a process that runs the shards of dead processes (PostgreSQL only)."""


class ShardError(ValueError):
    """A shard setting Croupier cannot use; the message names the setting."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a server's events to (a DM, ``None``: shard 0)."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % count


def parse_ids(text: str, count: int) -> tuple[int, ...]:
    """``SHARD_IDS`` as shard numbers: comma-separated numbers and ranges (``0-3``),
    each below ``count``, in order, none twice."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ShardError(
                f"SHARD_IDS must be numbers and ranges like 0-3,5 (or {STANDBY}), not {text!r}"
            )
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ShardError(f"SHARD_IDS: the range {part} runs backwards")
        ids.extend(range(first, last + 1))
    if not ids:
        raise ShardError(f"SHARD_IDS names no shard: {text!r}")
    if len(set(ids)) != len(ids):
        raise ShardError(f"SHARD_IDS names a shard twice: {text!r}")
    if max(ids) >= count:
        raise ShardError(f"SHARD_IDS: shard {max(ids)} does not exist with SHARD_COUNT={count} "
                         f"(shards are 0 to {count - 1})")  # fmt: skip
    return tuple(sorted(ids))


@dataclass(frozen=True)
class Shards:
    """The shards of this process: ``count`` None is one unsharded session (all servers);
    ``standby``: none of its own (``ids`` empty), those of dead processes."""

    count: int | None = None
    ids: tuple[int, ...] = ()
    standby: bool = False

    @classmethod
    def parse(cls, count: str, ids: str) -> Shards:
        """From the settings' text (empty: not set)."""
        count, ids = count.strip(), ids.strip()
        if not count:
            if ids:
                raise ShardError("SHARD_IDS needs SHARD_COUNT (how many shards in all)")
            return cls()
        if not count.isdigit() or int(count) < 1:
            raise ShardError(f"SHARD_COUNT must be a number of shards (1 or more), not {count!r}")
        total = int(count)
        if ids.lower() == STANDBY:
            return cls(total, (), standby=True)
        return cls(total, parse_ids(ids, total) if ids else tuple(range(total)))

    @property
    def sharded(self) -> bool:
        return self.count is not None

    @property
    def home(self) -> tuple[int, ...]:
        """The shards this process runs whenever it can: its own (an unsharded process's
        one session is shard 0 of 1, as Discord counts it)."""
        return self.ids if self.count is not None else (0,)

    @property
    def total(self) -> int:
        """How many shards the bot has (an unsharded process: 1)."""
        return self.count if self.count is not None else 1

    @property
    def partial(self) -> bool:
        """Whether other processes run the other shards (this one does not run them all)."""
        return self.count is not None and len(self.ids) < self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process's shards receive the server's events (DMs: shard 0's)."""
        if self.count is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    def describe(self) -> str:
        """For the log: ``shards 0-1 of 6``, ``standby for 6 shards`` or ``unsharded``."""
        if self.count is None:
            return "unsharded"
        if self.standby:
            return f"standby for {self.count} shards"
        return f"shards {','.join(map(str, self.ids))} of {self.count}"
