"""The history's writes as plain statements (bot.store.prepared), compiled once per
database: an insert, or an upsert on a table's primary key. The fold runs a handful of
them per finished game, each once for all its rows (``executemany``); through the ORM
(its unit of work, ``Session.get``, autoflush) they cost several milliseconds of the
bot's CPU per game (docs/PERFORMANCE.md, "Issue 45: the history fold in plain
statements")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, Table, bindparam, insert
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.sql import ColumnElement

from bot.store.prepared import Prepared

Changes = Callable[[Table, Any], Mapping[str, ColumnElement[Any]]]
"""A row's new values when its key is taken, from the table and the row offered
(``excluded``)."""


def _values(table: Table) -> dict[str, Any]:
    return {column.name: bindparam(column.name) for column in table.columns}


def inserting(table: Table) -> Prepared:
    """An insert of every column of ``table``, each bound by its name."""
    return Prepared(insert(table).values(_values(table)))


class Upsert:
    """An insert of every column of ``table`` that changes the row of the same primary key
    instead, if there is one (``INSERT … ON CONFLICT … DO UPDATE``: SQLite and PostgreSQL
    spell it alike, SQLAlchemy builds it per dialect)."""

    def __init__(self, table: Table, changes: Changes) -> None:
        keys = [column.name for column in table.primary_key.columns]
        self._by_dialect: dict[str, Prepared] = {}
        for name, insert_of in (("sqlite", sqlite_insert), ("postgresql", postgres_insert)):
            offered = insert_of(table)
            stmt = offered.values(_values(table)).on_conflict_do_update(
                index_elements=keys, set_=dict(changes(table, offered.excluded))
            )
            self._by_dialect[name] = Prepared(stmt)

    def run(self, connection: Connection, values: Mapping[str, Any]) -> None:
        self._by_dialect[connection.dialect.name].run(connection, values)

    def run_many(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        self._by_dialect[connection.dialect.name].run_many(connection, rows)


def adding(table: Table, column: str) -> Upsert:
    """An upsert that adds ``column`` of the row offered to the row kept
    (``value = value + new``, in the database: two transactions adding at once both
    count)."""
    return Upsert(table, lambda kept, offered: {column: kept.c[column] + offered[column]})


def replacing(table: Table, columns: Sequence[str]) -> Upsert:
    """An upsert that sets ``columns`` of the row kept to the row offered's."""
    return Upsert(table, lambda _, offered: {name: offered[name] for name in columns})
