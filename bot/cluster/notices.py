"""What PostgreSQL tells every process of another's writes (the triggers of migration
0016 build them; this module reads them): a game that moved on, a server's settings or a
player's name that changed; and what processes tell each other (bot.cluster.link): a shard
its owner wants back from a standby."""

from __future__ import annotations

from dataclasses import dataclass

CHANNEL_SQL = "SELECT 'croupier_' || left(md5(current_schema()), 16)"
"""The channel of this schema's notices, as the triggers name it."""


@dataclass(frozen=True)
class GameNotice:
    """A game row changed: ``moved`` (a new version: an action, a new game), ``message``
    (the table's message is another), ``clock`` (its clock changed without an action)."""

    game_id: int
    version: int
    status: str
    guild_id: int | None
    message_id: int | None
    moved: bool
    message: bool
    clock: bool


@dataclass(frozen=True)
class KeyNotice:
    """A server's settings (``kind`` "guild") or a player's name or language ("player")."""

    kind: str
    key: str


@dataclass(frozen=True)
class ShardWanted:
    """The owner of ``shard`` is back and wants it: a standby that runs it gives it up."""

    shard: int

    @property
    def payload(self) -> str:
        return f"want {self.shard}"


Notice = GameNotice | KeyNotice
"""A notice of another process's write (what the caches learn of)."""


def _id(text: str) -> int | None:
    return None if text == "-" else int(text)


def parse(payload: str) -> Notice | ShardWanted | None:
    """A notice from its payload (None for one this version does not know)."""
    parts = payload.split(" ")
    if parts[0] == "game" and len(parts) == 7:
        _, game_id, version, status, guild, message, flags = parts
        return GameNotice(
            int(game_id), int(version), status, _id(guild), _id(message),
            "v" in flags, "m" in flags, "c" in flags,
        )  # fmt: skip
    if parts[0] == "want" and len(parts) == 2 and parts[1].isdigit():
        return ShardWanted(int(parts[1]))
    if parts[0] in ("guild", "player") and len(parts) == 2:
        return KeyNotice(parts[0], parts[1])
    return None
