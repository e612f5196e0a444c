"""Column types shared by the table models."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    """The current time as a timezone-aware UTC datetime."""
    return datetime.now(UTC)


def sqlite_time(value: datetime) -> str:
    """``value`` as SQLite stores a :class:`UTCDateTime` (what its bind processors give:
    UTC without its offset, always with microseconds)."""
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")


def postgres_time(value: datetime) -> datetime:
    """``value`` as psycopg takes a :class:`UTCDateTime` (an aware datetime in UTC)."""
    return value.astimezone(UTC)


def driver_time(dialect: Dialect) -> Callable[[datetime], Any]:
    """How a :class:`UTCDateTime` value is bound on ``dialect``'s driver as a plain
    parameter (the per-action writes: bot.store.prepared), one conversion per value."""
    return sqlite_time if dialect.name == "sqlite" else postgres_time


class UTCDateTime(TypeDecorator[datetime]):
    """``TIMESTAMP WITH TIME ZONE`` that always hands back aware UTC datetimes.

    PostgreSQL keeps the offset itself; SQLite stores text without an offset, so values are
    converted to UTC on the way in and tagged as UTC on the way out.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; use a timezone-aware one")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)
