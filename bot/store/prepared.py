"""Statements of the per-action writes, compiled once per database dialect.

``Connection.execute`` with a statement object finds it in the compiled cache and builds
its parameters on every call; for the statements every action runs that cost about 50 µs
per action on SQLite (docs/PERFORMANCE.md, "Storage statements through public API"). Here
they are compiled once per dialect; their values go through the bind processors of their
types (``TypeEngine.bind_processor``: JSON, aware datetimes, booleans), the ones
SQLAlchemy's own execution applies, so what is stored is the same, or, for the writes of
every action (``plain``), are given as the driver takes them (JSON as text, times by
:func:`bot.store.columns.driver_time`; a test compares the rows). The SQL runs on a cursor
of the caller's transaction's DBAPI connection (``Connection.connection``, public API):
``Connection.exec_driver_sql`` builds an execution context and a result per statement,
3–4 % of the bot's CPU per click. A driver error is raised as SQLAlchemy raises it for its
own statements (a lost connection is a ``DBAPIError`` that says so, and the connection is
invalidated); execution events do not see these statements.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.dml import UpdateBase


@dataclass(frozen=True, slots=True)
class _Plan:
    sql: str
    positional: bool
    steps: tuple[tuple[str, Callable[[Any], Any] | None], ...]
    """Each bind parameter's name and its bind processor (None: passed as it is)."""
    pick: Callable[[Mapping[str, Any]], tuple[Any, ...]] | None = None
    """Positional parameters without processors: their values in order, at once."""

    def params(self, values: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        if self.pick is not None:
            return self.pick(values)
        if self.positional:
            return tuple(
                values[name] if proc is None else proc(values[name]) for name, proc in self.steps
            )
        return {
            name: values[name] if proc is None else proc(values[name]) for name, proc in self.steps
        }


class Prepared:
    """An insert or update whose bind parameters are all named; :meth:`run` takes a value
    for each of them. The writes of every action take their values plain (no bind
    processor: the action's JSON is serialised once, for its hash and its row, and the
    times are formatted once)."""

    def __init__(self, statement: UpdateBase, *, plain: bool = False) -> None:
        """``plain``: its values are given as the driver takes them (JSON as text, times
        by :func:`bot.store.columns.driver_time`): no bind processor runs."""
        self.statement = statement
        self.plain = plain
        self._plans: dict[str, _Plan] = {}

    def _plan(self, dialect: Dialect) -> _Plan:
        key = f"{dialect.name}+{dialect.driver}"
        plan = self._plans.get(key)
        if plan is None:
            compiled = self.statement.compile(dialect=dialect)
            names = compiled.positiontup if compiled.positional else list(compiled.binds)
            steps = []
            for name in names or ():
                kind = compiled.binds[name].type.dialect_impl(dialect)
                steps.append((name, None if self.plain else kind.bind_processor(dialect)))
            plan = self._plans[key] = _Plan(
                sql=compiled.string,
                positional=compiled.positional,
                steps=tuple(steps),
                pick=_picker([name for name, _ in steps])
                if self.plain and compiled.positional
                else None,
            )
        return plan

    def run(self, connection: Connection, values: Mapping[str, Any]) -> int:
        """Execute on ``connection``'s transaction; the number of rows it changed."""
        plan = self._plan(connection.dialect)
        return self._execute(connection, plan.sql, plan.params(values), many=False)

    def run_many(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        """Execute once per row of values, on ``connection``'s transaction."""
        if rows:
            plan = self._plan(connection.dialect)
            self._execute(connection, plan.sql, [plan.params(v) for v in rows], many=True)

    @staticmethod
    def _execute(connection: Connection, sql: str, params: Any, *, many: bool) -> int:
        cursor = None
        try:
            cursor = connection.connection.cursor()
            if many:
                cursor.executemany(sql, params)
            else:
                cursor.execute(sql, params)
            return int(cursor.rowcount)
        except connection.dialect.loaded_dbapi.Error as exc:
            raise _as_sqlalchemy_error(connection, sql, params, exc, cursor) from exc
        finally:
            if cursor is not None:
                with contextlib.suppress(Exception):  # the connection may be gone
                    cursor.close()


def _picker(names: list[str]) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
    """The values of ``names`` in order, as a tuple (one C call: ``itemgetter``)."""
    if len(names) == 1:
        name = names[0]
        return lambda values: (values[name],)
    return itemgetter(*names)


def _as_sqlalchemy_error(
    connection: Connection, sql: str, params: Any, exc: Exception, cursor: Any
) -> BaseException:
    """The driver's error as SQLAlchemy raises it for its own statements: a
    ``DBAPIError`` that says whether the connection was lost (then invalidated, so the
    kept connection is replaced and the write run once more)."""
    dialect = connection.dialect
    lost = dialect.is_disconnect(exc, connection.connection, cursor)  # type: ignore[arg-type]
    if lost:
        connection.invalidate(exc)
    return DBAPIError.instance(
        sql, params, exc, dialect.loaded_dbapi.Error, connection_invalidated=lost, dialect=dialect
    )
