"""Durable turn clocks: one row per table with its setting and the running deadline.

The bot's clock task polls :meth:`ClockStore.running` for deadlines that passed; a restart
loses nothing because the deadline is a stored point in time, not a timer in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Connection, Engine, bindparam, insert, select, update
from sqlmodel import Field, SQLModel

from bot.store.columns import UTCDateTime
from bot.store.prepared import Prepared

RULE, WAIT = "rule", "wait"
"""What happens when the time is up: the game's absence rule acts, or the table waits for
the host (a tournament may choose that)."""


@dataclass(slots=True)
class Clock:
    """A table's turn clock. ``deadline`` is None while no clock runs (off, paused, over).
    A plain value (no database row, no validation: every action computes one): the clock
    functions return changed copies (:func:`dataclasses.replace`)."""

    game_id: int
    seconds: int = 600
    """Time per decision; 0 = no clock."""
    on_timeout: str = RULE
    version: int = 0
    """The game version whose decision the running clock times."""
    waiting: list[str] = field(default_factory=list)
    """The players the running clock waits for."""
    started: datetime | None = None
    deadline: datetime | None = None
    reminded: bool = False
    remaining: float | None = None
    """Seconds left when the clock was stopped by a pause."""
    absent: list[str] = field(default_factory=list)
    """Players a host declared absent: the absence rule plays for them at once."""


NAMES = tuple(f.name for f in fields(Clock))


class ClockRow(SQLModel, table=True):
    """The stored clock of a table: the columns of :class:`Clock` (a test keeps them equal)."""

    __tablename__ = "turn_clocks"

    game_id: int = Field(primary_key=True, foreign_key="games.id")
    seconds: int = 600
    on_timeout: str = RULE
    version: int = 0
    waiting: list[str] = Field(default_factory=list, sa_type=JSON)
    started: datetime | None = Field(default=None, sa_type=UTCDateTime)
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    reminded: bool = False
    remaining: float | None = None
    absent: list[str] = Field(default_factory=list, sa_type=JSON)


_TABLE = ClockRow.__table__  # type: ignore[attr-defined]
_UPDATE = Prepared(
    update(_TABLE)
    .where(_TABLE.c.game_id == bindparam("v_game_id"))
    .values({name: bindparam(f"v_{name}") for name in NAMES if name != "game_id"})
)
_INSERT = Prepared(insert(_TABLE).values({name: bindparam(f"v_{name}") for name in NAMES}))
_SELECT = select(*(_TABLE.c[name] for name in NAMES))


def write_clock(conn: Connection, row: Clock) -> None:
    """Insert or update ``row`` on ``conn`` (statements built once: every action does this)."""
    values = {f"v_{name}": getattr(row, name) for name in NAMES}
    if _UPDATE.run(conn, values) == 0:
        _INSERT.run(conn, values)


def _plain(row: Any) -> Clock:
    return Clock(*row)


class ClockStore:
    """Reads and writes of the stored clocks; each call is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, game_id: int) -> Clock | None:
        with self.engine.connect() as conn:
            row = conn.execute(_SELECT.where(_TABLE.c.game_id == game_id)).first()
        return None if row is None else _plain(row)

    def put(self, row: Clock) -> None:
        """Insert or update a clock on its own (an action writes it with its transaction)."""
        with self.engine.begin() as conn:
            write_clock(conn, row)

    def running(self) -> list[Clock]:
        """Every clock with a deadline (which of them are due is the clocks' rule:
        :func:`bot.clocks.due`)."""
        with self.engine.connect() as conn:
            return [_plain(r) for r in conn.execute(_SELECT.where(_TABLE.c.deadline.is_not(None)))]
