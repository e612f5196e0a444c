"""Turn clocks, as pure functions over a table's :class:`Clock` and a given ``now``.

One clock per table times the current decision. It restarts when somebody new has to
decide (or the player who acted has to decide again); players who still think while others
answer keep their deadline. Half-way the waiting players are reminded once; at the deadline
the game's absence rule acts for them (or, if the host chose so, the table waits). A pause
keeps the time left; lobbies close themselves after :data:`LOBBY_SECONDS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.clocks.clock import COMPUTER, ON_TIMEOUT, RULE, WAIT, Clock, half_time

__all__ = [
    "COMPUTER",
    "DEFAULT_SECONDS",
    "EXPIRE",
    "LOBBY_SECONDS",
    "ON_TIMEOUT",
    "REMIND",
    "RULE",
    "WAIT",
    "Due",
    "advance",
    "due",
    "half_time",
    "setting",
]

DEFAULT_SECONDS = 600
LOBBY_SECONDS = 30 * 60

REMIND, EXPIRE = "remind", "expire"


@dataclass(frozen=True)
class Due:
    """What a clock asks for now: ``remind`` the waiting players, or ``expire`` (act for
    them, or close a lobby nobody started)."""

    game_id: int
    what: str
    version: int
    players: tuple[str, ...]


def advance(
    row: Clock,
    *,
    version: int,
    status: str,
    to_act: Sequence[str],
    actor: str | None,
    now: datetime,
) -> Clock:
    """The clock after an action that left the table at ``version`` / ``status``."""
    new = replace(row)
    new.version = version
    if status == "lobby":
        new.waiting, new.reminded, new.remaining = [], True, None
        new.started, new.deadline = now, now + timedelta(seconds=LOBBY_SECONDS)
        return new
    if status == "paused":
        if row.deadline is not None:
            new.remaining = max(0.0, (row.deadline - now).total_seconds())
        new.deadline = None
        return new
    if status != "open" or not to_act:
        new.waiting, new.deadline, new.remaining, new.started = list(to_act), None, None, None
        return new
    waiting = list(to_act)
    if row.remaining is not None and row.deadline is None:  # resumed after a pause
        new.deadline = now + timedelta(seconds=row.remaining)
        new.started = new.deadline - timedelta(seconds=row.seconds or row.remaining)
        new.remaining, new.waiting = None, waiting
        return new
    fresh = bool(set(waiting) - set(row.waiting)) or actor in waiting or row.deadline is None
    new.waiting, new.remaining = waiting, None
    if row.seconds <= 0:
        new.deadline = new.started = None
    elif fresh:
        new.started, new.deadline = now, now + timedelta(seconds=row.seconds)
        new.reminded = False
    return new


def due(row: Clock, now: datetime) -> Due | None:
    """What ``row`` asks for at ``now``, if anything."""
    if row.deadline is None:
        return None
    players = tuple(row.waiting)
    if row.deadline <= now:
        return Due(row.game_id, EXPIRE, row.version, players)
    if not row.reminded and row.started is not None and half_time(row) <= now:
        return Due(row.game_id, REMIND, row.version, players)
    return None


def setting(row: Clock, *, seconds: int | None, on_timeout: str | None) -> Clock:
    """A host's change of the table's clock; a running clock is restarted with it."""
    new = replace(row)
    if seconds is not None:
        new.seconds = max(0, seconds)
    if on_timeout is not None:
        if on_timeout not in ON_TIMEOUT:
            raise ValueError(on_timeout)
        new.on_timeout = on_timeout
    new.deadline = None  # the next advance() starts it afresh
    return new
