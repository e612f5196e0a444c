"""The state of a game of Auf Teufel komm raus."""

from __future__ import annotations

from dataclasses import dataclass, field

DEVIL = 0  # a tile's value; coal tiles are worth 10..100
TILES = (100,) * 2 + (75,) * 3 + (50,) * 7 + (25,) * 9 + (20,) * 9 + (10,) * 9 + (DEVIL,) * 9
START_BALANCE = 200
GOAL = 1600
CHIP = 10
PACT_PAYMENT = 50
BONUS = 50
MARKS = (50, 200, 300, 500, 800, 1200, 1600)  # the first mark is "0–50"

BET, PULL, OVER = "bet", "pull", "over"
SHOWN_BETS = 6  # how many of a seat's earlier bets, revealed to all, the views keep


@dataclass
class Seat:
    player: str
    balance: int = START_BALANCE
    bet: int | None = None  # this round's bet, secret until all are in
    coal: int = 0
    pieces: int = 0
    devil: bool = False
    pulled: bool = False  # his pulling turn is over
    pact: bool = False
    shown_bets: list[int] = field(default_factory=list)  # his revealed bets of the last
    # rounds (at most SHOWN_BETS, the latest last): the table saw them


@dataclass
class TeufelState:
    seats: list[Seat]
    oven: list[int] = field(default_factory=lambda: list(TILES))
    set_aside: list[int] = field(default_factory=list)
    round: int = 1
    starter: int = 0
    phase: str = BET
    turn: int | None = None  # the seat pulling now
    refill_below: int = 16
    bank: int = 0  # what the bank paid out minus what it took in
    last_round: dict[str, object] = field(default_factory=dict)

    def order(self) -> list[int]:
        """Seats in play order from this round's starter."""
        n = len(self.seats)
        return [(self.starter + i) % n for i in range(n)]

    def seat_of(self, player: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.player == player:
                return i
        return None
