"""The state of one group evening (Abend) of Die verflixte 6."""

from __future__ import annotations

from dataclasses import dataclass, field

JUNGFRAU = "jungfrau"  # has not had a turn in this Durchgang
AM_ZUG = "am_zug"  # taking the turn now
PRINZESSIN = "prinzessin"  # ended the turn with eyes
ZOMBIE = "zombie"  # busted, or ended the Durchgang with 0 eyes

JOKER_IDS = (
    "frostschutz",
    "spelunkenbold",
    "anaconda",
    "hirtenschutz",
    "rattenlord",
    "all_in",
    "toertchen",
    "pony",
    "monokel",
    "sekante",
    "ventil",
    "tentakel",
    "fumo",
    "cherry",
    "runkelrueb",
)

PHASE_JOKERS = "jokers"  # the player picks jokers; the Freiwurf follows
PHASE_STEP = "step"  # weiter / stopp
PHASE_STEAL = "steal"  # the robber names a victim

MAX_ROBBERY = 5


@dataclass
class Seat:
    player: str
    eyes: int = 0  # running total of the current Durchgang
    role: str = JUNGFRAU
    keuler_paid: bool = False  # this Prinzessin already fell to <= 0 once (one bonus per victim)
    abend_eyes: int = 0  # eyes summed over the finished Durchgänge
    abend_points: int = 0
    jokers_used: list[str] = field(default_factory=list)


@dataclass
class Turn:
    seat: int
    phase: str = PHASE_JOKERS
    jokers: list[str] = field(default_factory=list)
    robbery_ones: int = 0
    steal_amount: int = 0  # pending theft while phase == steal


@dataclass
class DurchgangResult:
    number: int
    order: list[int]
    eyes: list[int]  # per seat, after zeroing
    points: list[int]  # per seat


@dataclass
class V6State:
    seats: list[Seat]
    durchgaenge: int = 1
    finale: bool = False
    durchgang: int = 1
    order: list[int] = field(default_factory=list)
    position: int = 0  # index into order of the player whose turn it is
    turn: Turn | None = None
    results: list[DurchgangResult] = field(default_factory=list)
    finished: bool = False

    def name(self, seat: int) -> str:
        return self.seats[seat].player

    def seat_of(self, player: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.player == player:
                return i
        return None
