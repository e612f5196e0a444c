"""A server's history lock: every fold of one of its games, every take-back and every
season start writes the server's :class:`~bot.store.history_rows.HistoryGuild` row first,
so that they take turns per server, in whichever process (PostgreSQL holds the row's lock,
SQLite its write lock, to the end of the transaction). A fold reads the ratings, the
seasons and the later games it may overtake only after it holds the lock: two folds of
one server's games never both start from the same ratings."""

from __future__ import annotations

from sqlalchemy import Connection

from bot.history.upserts import adding
from bot.store.history_rows import HistoryGuild

_HOLD = adding(HistoryGuild.__table__, "folded")  # type: ignore[attr-defined]


def hold(connection: Connection, guild_id: int, folded: int = 0) -> None:
    """Take server ``guild_id``'s history lock in ``connection``'s transaction, and add
    ``folded`` to its count of folded games (one upsert that adds in the database)."""
    _HOLD.run_many(connection, [{"guild_id": guild_id, "folded": folded}])
