"""Durable turn clocks: per table its setting and the running deadline, kept in the
table's games row (``clock_…`` columns) and written with each action in the same statement.

The bot's clock task polls :meth:`ClockStore.due_by` for clocks whose reminder or deadline
has come; a restart loses nothing because the deadline is a stored point in time, not a
timer in memory.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Engine, bindparam, select, update

from bot import json_text
from bot.clocks.clock import Clock
from bot.store.columns import driver_time
from bot.store.models import GameRow, GameStatus, GuildSettings
from bot.store.prepared import Prepared
from bot.store.store_errors import GameNotFound

NAMES = tuple(f.name for f in fields(Clock))
COLUMNS = tuple(f"clock_{name}" for name in NAMES if name != "game_id")
"""The clock's columns in the games table (its ``game_id`` is the game's ``id``)."""
WRITTEN = (*COLUMNS, "clock_due")
"""What a clock's write sets: its columns and when it is next due (:meth:`Clock.due_at`)."""

_PLAIN, _JSON, _TIME = range(3)
_BOUND = tuple(
    (name, f"v_clock_{name}", _JSON if name in ("waiting", "absent", "stand_in") else
     _TIME if name in ("started", "deadline") else _PLAIN)
    for name in NAMES if name != "game_id"
)  # fmt: skip
"""Each column's field, bind name and how its value is bound."""
_DUE = ("started", "deadline", "reminded")  # what Clock.due_at reads

_GAMES = GameRow.__table__  # type: ignore[attr-defined]
_UPDATE = Prepared(
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("v_id"))
    .values({name: bindparam(f"v_{name}") for name in WRITTEN}),
    plain=True,
)
_SELECT = select(_GAMES.c.id, *(_GAMES.c[name] for name in COLUMNS))
_LIVE = (GameStatus.LOBBY.value, GameStatus.OPEN.value)  # no other status runs a clock
_SETTINGS = GuildSettings.__table__  # type: ignore[attr-defined]
_LEFT = select(_SETTINGS.c.guild_id).where(_SETTINGS.c.left_at.is_not(None))
"""The servers the bot was removed from (their data waits out its grace period)."""


class StoredClock(NamedTuple):
    """A clock as an action wrote it, with its bound values: kept with the table, so that
    the next action's clock binds anew only the fields it changed (most actions change
    only its version)."""

    clock: Clock
    values: dict[str, Any]


def clock_values(
    row: Clock, time: Callable[[datetime], Any], before: StoredClock | None = None
) -> dict[str, Any]:
    """The plain bind values of ``row``'s columns (``v_clock_…``, as the game's update
    takes them; ``time``: :func:`bot.store.columns.driver_time`), those of the fields
    equal to ``before``'s taken from it."""
    old, kept = (None, None) if before is None else before
    values: dict[str, Any] = {}
    for name, key, how in _BOUND:
        value = getattr(row, name)
        if kept is not None and getattr(old, name) == value:
            values[key] = kept[key]
        elif how == _JSON:
            values[key] = json_text.dumps(value)
        elif how == _TIME and value is not None:
            values[key] = time(value)
        else:
            values[key] = value
    if kept is not None and all(getattr(old, name) == getattr(row, name) for name in _DUE):
        values["v_clock_due"] = kept["v_clock_due"]
    else:
        due = row.due_at()
        values["v_clock_due"] = None if due is None else time(due)
    return values


def _plain(row: Any) -> Clock | None:
    if row[1] is None:
        return None
    clock = Clock(*row)
    if clock.stand_in is None:  # stored before stand-ins were (migration 0017)
        clock.stand_in = []
    return clock


class ClockStore:
    """Reads and writes of the stored clocks; each call is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, game_id: int) -> Clock | None:
        with self.engine.connect() as conn:
            row = conn.execute(_SELECT.where(_GAMES.c.id == game_id)).first()
        return None if row is None else _plain(row)

    def put(self, row: Clock) -> None:
        """Write a clock on its own (an action writes it with the game's update)."""
        with self.engine.begin() as conn:
            values = clock_values(row, driver_time(conn.dialect))
            if _UPDATE.run(conn, {"v_id": row.game_id, **values}) != 1:
                raise GameNotFound(row.game_id)

    def standing(self) -> list[int]:
        """The live games whose clock names players a computer plays for."""
        query = select(_GAMES.c.id, _GAMES.c.clock_stand_in).where(
            _GAMES.c.status.in_(_LIVE), _GAMES.c.clock_stand_in.is_not(None)
        )
        with self.engine.connect() as conn:
            return [game_id for game_id, stand_in in conn.execute(query) if stand_in]

    def due_by(self, now: datetime) -> list[Clock]:
        """The clocks that ask for something at ``now`` (a reminder or their deadline), read
        through the status index (only lobbies and running games have a running clock); the
        comparison with their stored due time runs in the database. A server the bot was
        removed from has its clocks wait: nobody there could act or read, and a stand-in
        would play its tables to their end before the bot is added back."""
        due = _SELECT.where(
            _GAMES.c.status.in_(_LIVE),
            _GAMES.c.clock_due <= now,
            _GAMES.c.guild_id.is_(None) | _GAMES.c.guild_id.not_in(_LEFT),
        )
        with self.engine.connect() as conn:
            return [clock for r in conn.execute(due) if (clock := _plain(r)) is not None]
