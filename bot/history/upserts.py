"""The history's writes as plain statements (bot.store.prepared), compiled once per
database: an insert, or an upsert on a table's primary key. The fold runs a handful of
them per finished game, each once for all its rows (``executemany``); through the ORM
(its unit of work, ``Session.get``, autoflush) they cost several milliseconds of the
bot's CPU per game (docs/PERFORMANCE.md, "Issue 45: the history fold in plain
statements")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import (
    JSON,
    Connection,
    Select,
    Table,
    Text,
    bindparam,
    cast,
    column,
    func,
    insert,
    literal_column,
    select,
)
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.sql import ColumnElement
from sqlalchemy.sql.dml import UpdateBase

from bot import json_text
from bot.store.prepared import Prepared

Changes = Callable[[Table, Any], Mapping[str, ColumnElement[Any]]]
"""A row's new values when its key is taken, from the table and the row offered
(``excluded``)."""


def _values(table: Table) -> dict[str, Any]:
    return {column.name: bindparam(column.name) for column in table.columns}


def _offered(table: Table) -> Select[Any]:
    """PostgreSQL's rows of ``table``'s columns from one bound JSON text, an array of
    objects (``SELECT … FROM json_to_recordset(:rows) AS offered(a BIGINT, …)``): many
    rows in one statement and one parameter."""
    rows = cast(bindparam("rows", type_=Text), JSON)
    typed = [column(c.name, c.type) for c in table.columns]
    offered = func.json_to_recordset(rows).table_valued(*typed)
    return select(literal_column("*")).select_from(
        offered.render_derived(name="offered", with_types=True)
    )


class Rows:
    """Writes of many rows of one table at once: on SQLite ``executemany`` (one step of
    the prepared statement per row, in C), on PostgreSQL one statement that takes them
    all as one JSON text (psycopg's ``executemany`` sends one statement per row, and
    dumps its parameters in Python; arrays too, at several µs each). The values are
    plain (whole numbers, floats and text: JSON gives them back exactly). ``build`` makes
    the statement from the dialect's insert: its rows given as bound values, or as a
    select."""

    def __init__(self, table: Table, build: Callable[[Any], UpdateBase] | None = None) -> None:
        self.columns = [column.name for column in table.columns]
        shape = build or (lambda offered: offered)
        recordset = postgres_insert(table).from_select(self.columns, _offered(table))
        self._sqlite = Prepared(shape(sqlite_insert(table).values(_values(table))))
        self._postgres = Prepared(shape(recordset))

    def run_many(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        if not rows:
            return
        if connection.dialect.name == "sqlite":
            self._sqlite.run_many(connection, rows)
        else:
            columns = self.columns
            offered = [{name: row[name] for name in columns} for row in rows]
            self._postgres.run(connection, {"rows": json_text.dumps(offered)})


def inserting(table: Table) -> Prepared:
    """An insert of one row of every column of ``table``, each bound by its name."""
    return Prepared(insert(table).values(_values(table)))


def upsert(table: Table, changes: Changes) -> Rows:
    """Rows of ``table`` that change the row of the same primary key instead of being
    inserted, if there is one (``INSERT … ON CONFLICT … DO UPDATE``); the rows of one
    call have different keys."""
    keys = [column.name for column in table.primary_key.columns]
    return Rows(
        table,
        lambda offered: offered.on_conflict_do_update(
            index_elements=keys, set_=dict(changes(table, offered.excluded))
        ),
    )


def adding(table: Table, column: str) -> Rows:
    """An upsert that adds ``column`` of the row offered to the row kept
    (``value = value + new``, in the database: two transactions adding at once both
    count)."""
    return upsert(table, lambda kept, offered: {column: kept.c[column] + offered[column]})


def replacing(table: Table, columns: Sequence[str]) -> Rows:
    """An upsert that sets ``columns`` of the row kept to the row offered's."""
    return upsert(table, lambda _, offered: {name: offered[name] for name in columns})
