"""Whoever must act is told (issue 43): after every step of a played game, each person
who came to owe a move since the step before, and did not cause it himself, got a
notification the loopback Discord would give him (a mention in a new message within its
``allowed_mentions``, or a DM; a mention in an edit notifies nobody:
loopback/notifications.py), unless he chose not to be told (``/benachrichtigung aus``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.play.outcome import OPEN
from bot.play.turn_notice import OFF
from bot.players.seats import humans
from loopback.world import World


@dataclass
class TurnWatch:
    fake: World
    service: Any
    game_id: int
    problems: list[str] = field(default_factory=list)
    told: int = 0
    """How many persons were found told (a run that told nobody checked nothing)."""
    _owed: set[str] = field(default_factory=set)
    _mark: int = 0

    def owed(self) -> set[str]:
        tables = self.service.tables
        if tables.get(self.game_id).row.status != OPEN:
            return set()
        stood = set(self.service.computers.stand_ins(self.game_id))
        return {p for p in humans(tables.current(self.game_id).to_act) if p not in stood}

    def before(self) -> None:
        """Mark the step's start: who owes now, and the notifications so far."""
        self._owed = self.owed()
        self._mark = len(self.fake.notifications)

    def after(self, actor: str | None) -> None:
        """Check the step just taken (``actor``: who took it, None: a computer or a clock)."""
        for player in sorted(self.owed() - self._owed - {actor}):
            if self.service.directory.notify(player) == OFF:
                continue
            if self.fake.notified(int(player), self._mark):
                self.told += 1
            else:
                version = self.service.tables.current(self.game_id).version
                self.problems.append(f"game {self.game_id} v{version}: {player} was not told")
        self.before()
