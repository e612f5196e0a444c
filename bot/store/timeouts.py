"""How long one database call may take: every bound the bot puts on its database, in one
place, and why.

The bot's database calls run on its event loop, synchronously (one short transaction per
click, docs/PERFORMANCE.md). While one of them waits, nothing else on the loop runs: no
click is answered, no gateway heartbeat is sent, ``/health/live`` does not answer. Discord
wants an interaction's first answer within 3 s. So no call may wait longer than
:data:`LOOP_HOLD`, well inside that window: a click whose write hits a bound still has the
time to answer "try again in a moment" (``ui.store_unavailable``, bot.store.outage), and
the clicks queued behind it are late by at most that much.

On PostgreSQL (:data:`BOT`, set on every pooled connection by ``make_engine``):

- ``lock_timeout`` :data:`LOCK_TIMEOUT`: a statement that waits for a lock (a migration's
  ``ALTER TABLE`` holding ``games``, another process's row) gives up after 1 s. The bot's
  own transactions hold their locks for milliseconds, so a longer wait is never the
  bot's own contention.
- ``statement_timeout`` :data:`STATEMENT_TIMEOUT`: no statement runs longer than 2 s
  (the slowest query a click makes takes a few ms; the history's catch-up reads stay
  far below it, docs/PERFORMANCE.md).
- ``connect_timeout`` :data:`CONNECT_TIMEOUT`: a new connection to a server that does
  not answer fails after 2 s, libpq's smallest value.
- the pool's checkout timeout :data:`POOL_TIMEOUT`: with every pooled connection taken,
  waiting on the loop helps nobody (the loop gives none back while it waits).
- ``tcp_user_timeout`` :data:`TCP_USER_TIMEOUT_MS` with TCP keepalives: a server or
  machine gone without a word (no reset; the server-side timeouts cannot fire) fails the
  call after 2 s instead of the kernel's 15 minutes.

On SQLite: the busy timeout :data:`SQLITE_BUSY_TIMEOUT` (Python's default is 5 s).

Who needs longer has its own bounds, off the loop: the identify gate waits for its
advisory lock without a bound on purpose, in a thread (bot.cluster.identify); the
cluster's link holds its leases on its own connection (bot.cluster.link); migrations
(bot.store.migrate) wait for each other and run their ``ALTER``\\ s with
:data:`MIGRATION`, whose lock wait is short so that the queries queued behind a waiting
``ALTER`` are not held long, and are tried again; tools that rewrite many rows (``croupier
history rebuild``) use :data:`TOOL`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bounds:
    """PostgreSQL's bounds for one kind of work, in seconds (None: no bound)."""

    statement: float | None
    lock: float | None
    connect: int = 2
    pool: float = 1.0

    def settings(self) -> dict[str, int]:
        """PostgreSQL's settings, in milliseconds (0: no bound)."""
        return {"statement_timeout": _ms(self.statement), "lock_timeout": _ms(self.lock)}

    def options(self) -> str:
        """The bounds as libpq's ``options`` (``-c name=value`` each): the server applies
        them as the session's defaults at connect, so a rollback or ``RESET ALL`` keeps
        them."""
        return " ".join(f"-c {name}={ms}" for name, ms in self.settings().items())


def _ms(seconds: float | None) -> int:
    return 0 if seconds is None else round(seconds * 1000)


LOCK_TIMEOUT = 0.5
STATEMENT_TIMEOUT = 2.0
CONNECT_TIMEOUT = 2
POOL_TIMEOUT = 1.0
TCP_USER_TIMEOUT_MS = 2000
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2,
              "keepalives_count": 2, "tcp_user_timeout": TCP_USER_TIMEOUT_MS}  # fmt: skip
"""libpq's parameters for every pooled connection: a vanished server is noticed in ~2 s
while a call waits, and in ~9 s while the connection is idle."""
SQLITE_BUSY_TIMEOUT = 1.0

LOOP_HOLD = max(LOCK_TIMEOUT, STATEMENT_TIMEOUT, CONNECT_TIMEOUT, POOL_TIMEOUT,
                TCP_USER_TIMEOUT_MS / 1000, SQLITE_BUSY_TIMEOUT)  # fmt: skip
"""The longest one database call may hold the event loop (s)."""

RETRY_BROKEN_WITHIN = 0.5
"""A write whose kept connection broke is run once more on a new one (bot.store.kept) only
if the break was noticed within this many seconds (a server that restarted: its sessions
end at once). A break that took a bound to notice (a server gone without a word) is not
tried again: a second try would hold the loop as long once more."""

BOT = Bounds(STATEMENT_TIMEOUT, LOCK_TIMEOUT, CONNECT_TIMEOUT, POOL_TIMEOUT)
"""The bot's engine: every call on the event loop."""
TOOL = Bounds(statement=None, lock=10.0, connect=CONNECT_TIMEOUT, pool=30.0)
"""Command-line tools that rewrite many rows in one transaction (``croupier history
rebuild``): no statement bound, and a lock wait a running bot's clicks can live with."""
MIGRATION = Bounds(statement=600.0, lock=2.0)
"""A migration's statements (``SET LOCAL`` in its transaction): an ``ALTER`` may rewrite
a large table, but waits at most 2 s for its lock (every query behind it waits as long);
:data:`MIGRATION_TRIES` tries, :data:`MIGRATION_PAUSE` s apart, then the start fails and
the process manager starts it again."""
MIGRATION_TRIES = 5
MIGRATION_PAUSE = 2.0
MIGRATION_WAIT = Bounds(statement=300.0, lock=300.0)
"""How long a process waits for another one's migration to finish (the advisory lock)."""
