"""The state of a game of Flaschenteufel (3–4 players, or 2 with Lopaka or Glitterhuis)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.flaschenteufel.cards import START

STANDARD, LOPAKA, GLITTERHUIS = "standard", "lopaka", "glitterhuis"
LOPAKA_NAME = "Lopaka"
DISCARD, PASS, OPEN, PLAY, OVER = "discard", "pass", "open", "play", "over"


@dataclass
class Hand:
    """One seat's cards and doings in the current hand."""

    player: str
    cards: list[int] = field(default_factory=list)  # the hand (Glitterhuis: the hidden set)
    open_set: list[int] = field(default_factory=list)  # Glitterhuis: the set lying open
    sets: list[list[int]] = field(default_factory=list)  # Glitterhuis: the two sets before open
    won: list[int] = field(default_factory=list)
    tricks: int = 0
    discarded: bool = False
    passed: list[int] = field(default_factory=list)  # cards chosen to pass, in [left, right]
    total: int = 0  # score over the hands
    dummy: bool = False


@dataclass
class FState:
    variant: str
    hands: list[Hand]  # Lopaka's hand is the last, marked dummy
    hand_number: int = 1
    hands_to_play: int = 1
    target: int | None = None
    phase: str = DISCARD
    stage: int = 1  # Glitterhuis: set 1, then set 2
    order: list[int] = field(default_factory=list)  # seats in play order from the leader
    devil: list[int] = field(default_factory=list)  # the devil's trick, hidden until scoring
    price: int = START
    owner: int | None = None  # seat owning the bottle
    price_history: list[int] = field(default_factory=list)
    trick: list[list[int]] = field(default_factory=list)  # [seat, card] in play order
    leader: int = 0
    lopaka_led_last: bool = False
    scores: list[dict[str, int]] = field(default_factory=list)  # per finished hand

    def seat_of(self, player: str) -> int | None:
        for i, hand in enumerate(self.hands):
            if hand.player == player:
                return i
        return None

    def name(self, seat: int) -> str:
        return self.hands[seat].player
