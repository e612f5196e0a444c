"""The fields every log line carries besides its message: which process wrote it, and
the shard, game and interaction it is about.

Where a piece of work starts, its ids are set in context variables (:func:`fields`): the
router for a click or a form (the interaction and its server's shard), the command tree
for a slash command, a table session for its game (a click's, a clock's, a delivery's).
asyncio copies them into the tasks started inside, so every line logged on the way, by
the bot or by discord.py, gets them: :class:`Fields`, a filter on the bot's log handler,
copies them onto the record (a JSON line's keys; a text line ends with them).

``pid`` is the process, ``shards`` the shards it runs (when sharded), ``shard`` the shard
of the server the work is for (of an interaction; else the process's own when it runs
one), ``game`` the table, ``interaction`` Discord's id of the click or command.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from bot.cluster.shards import Shards, shard_of

GAME: ContextVar[int | None] = ContextVar("log_game", default=None)
INTERACTION: ContextVar[int | None] = ContextVar("log_interaction", default=None)
SHARD: ContextVar[int | None] = ContextVar("log_shard", default=None)

EVENT_FIELDS = ("shard", "game", "interaction")
"""The fields of the work a line is about, in the order a text line shows them."""


class _Process:
    shards: tuple[int, ...] | None = None  # None: unsharded (one session, every server)


PROCESS = _Process()


def set_process(shards: Shards) -> None:
    """The shards this process runs (``shards`` on every line; ``shard`` by default when
    it runs one)."""
    PROCESS.shards = shards.ids if shards.sharded else None


@contextlib.contextmanager
def fields(*, game: int | None = None, interaction: int | None = None,
           shard: int | None = None) -> Iterator[None]:  # fmt: skip
    """The given ids on every line logged inside (an id left None keeps the outer one)."""
    tokens = [
        (var, var.set(value))
        for var, value in ((GAME, game), (INTERACTION, interaction), (SHARD, shard))
        if value is not None
    ]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def interaction_fields(interaction: Any) -> contextlib.AbstractContextManager[None]:
    """:func:`fields` of a Discord interaction: its id and its server's shard."""
    count = getattr(interaction.client, "shard_count", None) or 1
    return fields(interaction=interaction.id, shard=shard_of(interaction.guild_id, count))


class Fields(logging.Filter):
    """Copies the process's and the context's ids onto every record (a field passed with
    ``extra`` wins); never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        values = record.__dict__
        values.setdefault("pid", record.process)
        if PROCESS.shards is not None:
            values.setdefault("shards", list(PROCESS.shards))
        own = PROCESS.shards[0] if PROCESS.shards is not None and len(PROCESS.shards) == 1 else None
        for name, value in (("shard", SHARD.get() if SHARD.get() is not None else own),
                            ("game", GAME.get()), ("interaction", INTERACTION.get())):  # fmt: skip
            if value is not None:
                values.setdefault(name, value)
        return True
