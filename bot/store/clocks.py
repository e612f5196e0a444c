"""Durable turn clocks: one row per table with its setting and the running deadline.

The bot's clock task polls :meth:`ClockStore.running` for deadlines that passed; a restart
loses nothing because the deadline is a stored point in time, not a timer in memory.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Connection, Engine, bindparam, insert, update
from sqlmodel import Field, Session, SQLModel, col, select

from bot.store.columns import UTCDateTime
from bot.store.prepared import Prepared

RULE, WAIT = "rule", "wait"
"""What happens when the time is up: the game's absence rule acts, or the table waits for
the host (a tournament may choose that)."""


class Clock(SQLModel):
    """A table's turn clock. ``deadline`` is None while no clock runs (off, paused, over).
    A plain value (no database row): the clock functions return changed copies."""

    game_id: int
    seconds: int = 600
    """Time per decision; 0 = no clock."""
    on_timeout: str = RULE
    version: int = 0
    """The game version whose decision the running clock times."""
    waiting: list[str] = Field(default_factory=list, sa_type=JSON)
    """The players the running clock waits for."""
    started: datetime | None = Field(default=None, sa_type=UTCDateTime)
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    reminded: bool = False
    remaining: float | None = None
    """Seconds left when the clock was stopped by a pause."""
    absent: list[str] = Field(default_factory=list, sa_type=JSON)
    """Players a host declared absent: the absence rule plays for them at once."""


class ClockRow(Clock, table=True):
    """The stored clock of a table."""

    __tablename__ = "turn_clocks"

    game_id: int = Field(primary_key=True, foreign_key="games.id")


_TABLE = ClockRow.__table__  # type: ignore[attr-defined]
_UPDATE = Prepared(
    update(_TABLE)
    .where(_TABLE.c.game_id == bindparam("v_game_id"))
    .values({name: bindparam(f"v_{name}") for name in Clock.model_fields if name != "game_id"})
)
_INSERT = Prepared(
    insert(_TABLE).values({name: bindparam(f"v_{name}") for name in Clock.model_fields})
)


def write_clock(conn: Connection, row: Clock) -> None:
    """Insert or update ``row`` on ``conn`` (statements built once: every action does this)."""
    values = {f"v_{name}": getattr(row, name) for name in Clock.model_fields}
    if _UPDATE.run(conn, values) == 0:
        _INSERT.run(conn, values)


class ClockStore:
    """Reads and writes of :class:`ClockRow`; each call is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, game_id: int) -> Clock | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(ClockRow, game_id)
            return None if row is None else _plain(row)

    def put(self, row: Clock) -> None:
        """Insert or update a clock on its own (an action writes it with its transaction)."""
        with self.engine.begin() as conn:
            write_clock(conn, row)

    def running(self) -> list[Clock]:
        """Every clock with a deadline (which of them are due is the clocks' rule:
        :func:`bot.clocks.due`)."""
        query = select(ClockRow).where(col(ClockRow.deadline).is_not(None))
        with Session(self.engine, expire_on_commit=False) as session:
            return [_plain(r) for r in session.exec(query)]


def _plain(row: ClockRow) -> Clock:
    return Clock.model_validate(row.model_dump())
