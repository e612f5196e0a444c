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

AUTO_JOKERS = ("toertchen", "tentakel", "runkelrueb")  # act by themselves, never announced
MAX_JOKERS = 3
FROST_USES = 5

PHASE_JOKERS = "jokers"  # the player picks jokers; the Freiwurf follows
PHASE_STEP = "step"  # weiter / stopp
PHASE_STEAL = "steal"  # the robber names a victim
PHASE_ANACONDA = "anaconda"  # fight or decline after the attack roll
PHASE_RATTENLORD = "rattenlord"  # withdraw or roll again after a failed first roll
PHASE_MONOKEL = "monokel"  # keep the two dice or re-roll them
PHASE_COUNTER = "counter"  # Sekante: allow the defender a counter-roll?

DECISIONS = {
    PHASE_ANACONDA: ("anaconda", "fight"),
    PHASE_RATTENLORD: ("rattenlord", "withdraw"),
    PHASE_MONOKEL: ("monokel", "keep"),
    PHASE_COUNTER: ("counter", "allow"),
}
"""Decision phases: the action that answers each, and its yes/no field."""

TURN_OPENERS = ("durchgang_end", "stechen", "durchgang", "herzog", "turn", "abend_end")
"""Events after which the table shows a new turn (a new message at the table)."""
RESULT_EVENTS = ("durchgang_end", "stechen", "abend_end")
"""Events a Durchgang's result reports, not the new turn's message."""

MAX_ROBBERY = 5


@dataclass
class Seat:
    player: str
    eyes: int = 0  # running total of the current Durchgang
    role: str = JUNGFRAU
    keuler_paid: bool = False  # this Prinzessin already fell to <= 0 once (one bonus per victim)
    sekante_hit: bool = False  # already a Sekante defender in this Durchgang
    free_used: bool = False  # Freie Jokerwahl taken (Finale, once)
    abend_eyes: int = 0  # eyes summed over the finished Durchgänge
    abend_points: int = 0
    jokers_used: list[str] = field(default_factory=list)


@dataclass
class Sekante:
    target: int
    exchange: int = 1  # 1..5
    attack: int = 0  # the attacker's roll of the current exchange
    won: list[int] = field(default_factory=lambda: [0, 0])  # eyes won: attacker, defender


@dataclass
class Turn:
    seat: int
    phase: str = PHASE_JOKERS
    chosen: list[str] = field(default_factory=list)  # jokers chosen for this turn
    played: list[str] = field(default_factory=list)  # announced or spent ones
    free: bool = False  # chosen by Freie Jokerwahl
    robbery_ones: int = 0
    steal_amount: int = 0  # pending theft while phase == steal
    frost_uses: int = 0
    fumo: bool = False  # Fumo running: normal rolls count double
    fumo_bonus: int = 0  # what doubling added so far (taken back if Runkelrüb saves a 6)
    floor: int | None = None  # Ventil
    anaconda_attack: int = 0
    monokel_dice: list[int] = field(default_factory=list)
    sekante: Sekante | None = None

    def active(self, joker: str) -> bool:
        """An auto-joker works when chosen; Runkelrüb until it has rolled."""
        return joker in self.chosen and joker not in self.played


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
