"""A tournament as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field

REGISTRATION, RUNNING, FINISHED = "registration", "running", "finished"
FINALE_DURCHGAENGE = 4


@dataclass
class Line:
    """A player's line in a group table after the group's Abend."""

    player: str
    points: int
    eyes: int


@dataclass
class Correction:
    player: str
    points: int
    eyes: int
    reason: str
    by: str


@dataclass
class Substitution:
    """A player replaced in his group's Abend: the seat, its dice and points are the
    newcomer's from then on (**Decision**, docs/DECISIONS.md); the one replaced is out."""

    out: str
    player: str
    by: str
    reason: str
    at: str  # ISO date-time (UTC) of the change, given by the caller


@dataclass
class Group:
    number: int
    players: list[str]  # seat order = Durchgang 1 order
    game_id: int | None = None
    table: list[Line] = field(default_factory=list)  # final order, ties settled where decisive
    stechen: list[dict[str, int]] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)
    substitutions: list[Substitution] = field(default_factory=list)
    evening: str | None = None  # ISO date-time (UTC) of the group's evening
    reminded: bool = False
    waiting: bool = False  # its table waits (paused) for the evening
    called: bool = False  # the evening began: its players were called to check in
    grace: int = 15  # minutes after the evening began until the table opens by itself
    checked_in: list[str] = field(default_factory=list)  # "Bin dabei"
    event_id: str | None = None  # the server's scheduled event for the evening (opaque)

    @property
    def done(self) -> bool:
        return bool(self.table)


@dataclass
class Round:
    number: int
    finale: bool
    groups: list[Group]
    advanced: list[str] = field(default_factory=list)
    by_hand: list[str] = field(default_factory=list)  # advanced by the host
    draw: int = 0  # which draw of the tournament made it (a round drawn anew is another)

    def group(self, number: int) -> Group | None:
        return next((g for g in self.groups if g.number == number), None)

    thirds_stechen: list[dict[str, int]] = field(default_factory=list)


@dataclass
class Tournament:
    name: str
    host: str
    group_size: int = 4
    durchgaenge: int = 3
    best_thirds: int = 0
    finale_size: int = 4
    status: str = REGISTRATION
    registered: list[str] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)
    reserves: list[str] = field(default_factory=list)  # registered as Ersatz, in order
    champion: str | None = None
    draws: int = 0  # rounds drawn so far, those a correction undid included

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None
