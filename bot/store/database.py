"""Engine construction for SQLite (development, small servers) and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

from bot import json_text
from bot.store.backends import watch_backends
from bot.store.timeouts import BOT, KEEPALIVES, SQLITE_BUSY_TIMEOUT, Bounds


def normalize_url(url: str) -> str:
    """Point bare PostgreSQL URLs (as hosting providers hand them out) at psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def default_sqlite_url(path: str | Path) -> str:
    """SQLAlchemy URL of the SQLite database file at ``path``."""
    return f"sqlite:///{Path(path).as_posix()}"


def make_engine(url: str, bounds: Bounds = BOT) -> Engine:
    """Create an engine for ``url`` (normalized with :func:`normalize_url`).

    JSON columns are written by :func:`bot.json_text.dumps`. SQLite files get WAL,
    ``synchronous=NORMAL``, enforced foreign keys and a bounded busy timeout, and their
    parent directory is created. PostgreSQL connections are pinged before use (the
    per-action writes keep theirs: :mod:`bot.store.kept`) and every statement on them is
    bounded by ``bounds`` (:mod:`bot.store.timeouts`: the bot's, unless a tool asks for
    longer); libpq parameters can ride along in the query string, e.g.
    ``?options=-csearch_path%3Dmyschema`` (kept: the bounds are added to it).
    """
    url = normalize_url(url)
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    engine = create_engine(
        url,
        pool_pre_ping=True,
        pool_timeout=bounds.pool,
        connect_args=postgres_connect_args(url, bounds),
        json_serializer=json_text.dumps,
    )
    watch_backends(engine)  # its own writes' notices are known to the process (bot.cluster)
    return engine


def postgres_connect_args(url: str, bounds: Bounds) -> dict[str, Any]:
    """libpq's parameters that bound every call on a connection to ``url``: the URL's own
    ``options`` (a ``search_path``) with the bounds' after them, the connect timeout and
    the keepalives. A ``statement_timeout`` the URL sets itself is overridden."""
    own = make_url(url).query.get("options", "")
    own = own if isinstance(own, str) else " ".join(own)
    options = f"{own} {bounds.options()}".strip()
    return {"options": options, "connect_timeout": bounds.connect, **KEEPALIVES}


def _sqlite_engine(url: str) -> Engine:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url, json_serializer=json_text.dumps, connect_args={"timeout": SQLITE_BUSY_TIMEOUT}
    )
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # What a write replaces or deletes is overwritten with zeros, not left in the
        # page's free space: an erased person's id must not stay in the file (issue 48).
        cursor.execute("PRAGMA secure_delete=ON")
    finally:
        cursor.close()
