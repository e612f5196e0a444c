"""What a person's erasure and a server's share: how many rows a statement changed, and
the SQLite file settled after the rows went.

Every SQLite connection writes with ``secure_delete`` on (bot.store.database): what a
write replaces or deletes is overwritten with zeros in its page. The write-ahead log still
holds the pages as they were until a checkpoint copies them into the file;
:func:`settle_file` runs one that also empties the log."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.engine import Engine

log = logging.getLogger(__name__)


def rows_changed(result: Any) -> int:
    """The rows a DML statement changed (a CursorResult's ``rowcount``)."""
    return int(result.rowcount)


def settle_file(engine: Engine) -> None:
    """SQLite: the write-ahead log folded into the file and emptied, so that what an
    erasure overwrote is gone from both. A reader busy meanwhile keeps the old pages in the
    log until the next checkpoint: said in the log (no id in it)."""
    if engine.dialect.name != "sqlite":
        return
    with engine.connect() as connection:
        busy = connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy is not None and busy[0]:
        log.warning("an erasure's old pages stay in the write-ahead log until the next "
                    "checkpoint (a reader was busy)")  # fmt: skip
