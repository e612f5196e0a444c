"""Statements of the per-action writes, compiled once per database dialect and run on the
driver's cursor.

SQLAlchemy's execution path (an execution context, parameter construction, a result
object) cost more per action than SQLite's own work did (docs/PERFORMANCE.md). The few
statements every action runs are compiled here once; their values go through the same
bind processors SQLAlchemy would apply (JSON, aware datetimes, booleans), so what is
stored is the same, and they run inside the caller's SQLAlchemy transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.sql.dml import UpdateBase


@dataclass(frozen=True, slots=True)
class _Plan:
    sql: str
    positional: bool
    steps: tuple[tuple[str, Callable[[Any], Any] | None], ...]
    """Each bind parameter's name and its bind processor (None: passed as it is)."""

    def params(self, values: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        if self.positional:
            return tuple(
                values[name] if proc is None else proc(values[name]) for name, proc in self.steps
            )
        return {
            name: values[name] if proc is None else proc(values[name]) for name, proc in self.steps
        }


class Prepared:
    """An insert or update whose bind parameters are all named; :meth:`run` takes a value
    for each of them."""

    def __init__(self, statement: UpdateBase) -> None:
        self.statement = statement
        self._plans: dict[str, _Plan] = {}

    def _plan(self, connection: Connection) -> _Plan:
        dialect = connection.dialect
        key = f"{dialect.name}+{dialect.driver}"
        plan = self._plans.get(key)
        if plan is None:
            compiled = self.statement.compile(dialect=dialect)
            processors: dict[str, Callable[[Any], Any]] = {}
            for name, processor in compiled._bind_processors.items():
                assert callable(processor), "no tuple types here"
                processors[name] = processor
            names = compiled.positiontup if compiled.positional else compiled.binds
            plan = self._plans[key] = _Plan(
                sql=compiled.string,
                positional=compiled.positional,
                steps=tuple((name, processors.get(name)) for name in names or ()),
            )
        return plan

    def run(self, connection: Connection, values: Mapping[str, Any]) -> int:
        """Execute on ``connection``'s transaction; the number of rows it changed."""
        plan = self._plan(connection)
        cursor = connection.connection.cursor()
        try:
            cursor.execute(plan.sql, plan.params(values))
            return int(cursor.rowcount)
        finally:
            cursor.close()
