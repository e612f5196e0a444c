"""A server's history lock: every fold of one of its games, every take-back and every
season start writes the server's :class:`~bot.store.history_rows.HistoryGuild` row first,
so that they take turns per server, in whichever process (PostgreSQL holds the row's lock,
SQLite its write lock, to the end of the transaction). A fold reads the ratings, the
seasons and the later games it may overtake only after it holds the lock: two folds of
one server's games never both start from the same ratings."""

from __future__ import annotations

from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session

from bot.store.history_rows import HistoryGuild


def hold(session: Session, guild_id: int, folded: int = 0) -> None:
    """Take server ``guild_id``'s history lock in ``session``'s transaction, and add
    ``folded`` to its count of folded games (one upsert that adds in the database)."""
    table = HistoryGuild.__table__  # type: ignore[attr-defined]
    postgres = session.get_bind().dialect.name == "postgresql"
    insert = (postgres_insert if postgres else sqlite_insert)(table)
    stmt = insert.values(guild_id=guild_id, folded=folded).on_conflict_do_update(
        index_elements=["guild_id"], set_={"folded": table.c.folded + insert.excluded.folded}
    )
    session.execute(stmt)
