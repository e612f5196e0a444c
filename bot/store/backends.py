"""The PostgreSQL backends of an engine's own connections: the cluster's link tells a
notice of this process's own write (which its caches know already) from another's by them.
Kept by the store, which makes the engines; read by the cluster, which stands above it."""

from __future__ import annotations

import contextlib
import weakref
from typing import Any

from sqlalchemy import Engine, event

_BACKENDS: weakref.WeakKeyDictionary[Engine, set[int]] = weakref.WeakKeyDictionary()


def watch_backends(engine: Engine) -> None:
    """Keep the PostgreSQL backend pids of ``engine``'s connections (:func:`make_engine`
    calls this before the engine connects): a notice one of them caused is this process's
    own write, which its caches know already (bot.cluster.link reads
    :func:`own_backends`)."""
    backends = _BACKENDS.setdefault(engine, set())

    def connected(dbapi_connection: Any, _record: Any) -> None:
        backends.add(dbapi_connection.info.backend_pid)

    def closed(dbapi_connection: Any, _record: Any) -> None:
        with contextlib.suppress(Exception):  # a broken connection may not tell
            backends.discard(dbapi_connection.info.backend_pid)

    event.listen(engine, "connect", connected)
    event.listen(engine, "close", closed)


def own_backends(engine: Engine) -> set[int]:
    """The backend pids of ``engine``'s open connections (empty if it is not watched); the
    link's thread reads the set while the engine's users change it (an int's adding and
    removing are atomic)."""
    return _BACKENDS.get(engine, set())
