"""Whether a failure is the database's, not the bot's: one rule (:func:`is_outage`).

An outage is a call that could not finish for reasons outside the bot: the server cannot
be reached or went away, a statement or a lock wait hit its bound (bot.store.timeouts),
the pool had no connection within its timeout, the server is out of connections or
shutting down, SQLite's file is locked past its busy timeout. The action's transaction
was rolled back (bot.store.kept), so the player is told to try again in a moment
(``ui.store_unavailable``) and the operator reads a warning, not a traceback. Everything
else (a constraint, a bad statement, a bug) stays an error.
"""

from __future__ import annotations

import sqlite3

import psycopg
from sqlalchemy import exc as sa

SQLITE_OUTAGES = ("database is locked", "database table is locked", "database is busy",
                  "unable to open database file", "disk i/o error")  # fmt: skip
"""The SQLite errors that pass: another writer, a file on a vanished disk."""


def _own_outage(exc: BaseException) -> bool:
    if isinstance(exc, sa.TimeoutError):  # the pool's checkout timeout
        return True
    if isinstance(exc, sa.DBAPIError) and exc.connection_invalidated:
        return True
    if isinstance(exc, psycopg.OperationalError):
        # connection refused or lost, query canceled (statement_timeout), lock not
        # available (lock_timeout), admin shutdown, too many connections, serialization
        # failure and deadlock: PostgreSQL's classes 08, 53, 55, 57 and 40 are all here
        return True
    if isinstance(exc, sqlite3.OperationalError):
        message = str(exc).lower()
        return any(message.startswith(outage) for outage in SQLITE_OUTAGES)
    return False


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` (or what it wraps: SQLAlchemy's ``orig``, a cause or the exception it
    was raised while handling) says the database was unreachable or too slow."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if _own_outage(current):
            return True
        orig = getattr(current, "orig", None)
        todo += [orig if isinstance(orig, BaseException) else None, current.__cause__,
                 current.__context__]  # fmt: skip
    return False


def describe(exc: BaseException) -> str:
    """One line for a log or ``/health``: the driver's first line, without SQLAlchemy's
    statement and background link."""
    orig = getattr(exc, "orig", None)
    text = str(orig if isinstance(orig, BaseException) else exc).strip()
    first = text.splitlines()[0] if text else ""
    return f"{type(orig or exc).__name__}: {first}" if first else type(orig or exc).__name__
