"""A table's turn clock as a plain value: its setting, the running deadline, who it waits
for. The clock's rules are in :mod:`bot.clocks.timing`, its storage in
:mod:`bot.store.clock_rows`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

RULE, WAIT, COMPUTER = "rule", "wait", "computer"
"""What happens when the time is up: the game's absence rule acts, the table waits for
the host (a tournament may choose that), or a computer player ("stark") takes over the
seat until its player takes it back."""
ON_TIMEOUT = (RULE, WAIT, COMPUTER)


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
    stand_in: list[str] = field(default_factory=list)
    """Players a host declared absent for whom a computer player ("stark") plays instead
    of the absence rule, until they take their seat back."""

    def due_at(self) -> datetime | None:
        """When the clock next asks for something (:func:`bot.clocks.timing.due`): the reminder at
        half time unless it was sent, else the deadline; None while no clock runs. Stored
        with the clock, so that the poll reads only the clocks that are due."""
        if self.deadline is None:
            return None
        if not self.reminded and self.started is not None:
            return min(self.deadline, half_time(self))
        return self.deadline


def half_time(row: Clock) -> datetime:
    """When the waiting players are reminded."""
    assert row.deadline is not None and row.started is not None
    return row.started + (row.deadline - row.started) / 2
