"""The database's time per transaction, from its begin to its commit or rollback, measured
by SQLAlchemy's engine events (every transaction of the bot's engine: the per-action
writes, the reads, the cluster's own; on the loop or in a thread alike)."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import Connection, Engine, event

from bot.ops.metrics import Metrics

_clock = time.perf_counter


def time_transactions(engine: Engine, metrics: Metrics) -> Callable[[], None]:
    """Observe every transaction of ``engine`` in ``metrics`` from now on, until the returned
    function is called."""
    began: dict[Connection, float] = {}
    committed, rolled_back = metrics.committed.observe, metrics.rolled_back.observe

    def begin(connection: Connection) -> None:
        began[connection] = _clock()

    def commit(connection: Connection) -> None:
        since = began.pop(connection, None)
        if since is not None:
            committed(_clock() - since)

    def rollback(connection: Connection) -> None:
        since = began.pop(connection, None)
        if since is not None:
            rolled_back(_clock() - since)

    listeners = (("begin", begin), ("commit", commit), ("rollback", rollback))
    for name, listener in listeners:
        event.listen(engine, name, listener)

    def stop() -> None:
        for name, listener in listeners:
            if event.contains(engine, name, listener):
                event.remove(engine, name, listener)
        began.clear()

    return stop
