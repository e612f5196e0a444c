"""Every row of every table of the schema, read through SQLAlchemy's inspector: what an
erasure test compares before and after."""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect, text

from bot.store import Store


def every_row(store: Store) -> dict[str, list[dict[str, Any]]]:
    """Table → its rows as dicts."""
    found = {}
    with store.engine.connect() as connection:
        for table in inspect(store.engine).get_table_names():
            rows = connection.execute(text(f'SELECT * FROM "{table}"')).mappings()
            found[table] = [dict(row) for row in rows]
    return found
