"""The state of a game of Dice Devils."""

from __future__ import annotations

from dataclasses import dataclass, field

OBER, SPIEL, FEHLER, PUTZ, SPRING, SATANS = (
    "Oberteufel", "Spielteufel", "Fehlerteufel", "Putzteufel", "Springteufel", "Satansbraten",
)  # fmt: skip
RANKS = (OBER, SPIEL, FEHLER, PUTZ, SPRING, SATANS)  # highest first
BY_COUNT = {
    3: (OBER, PUTZ, SATANS),
    4: (OBER, SPIEL, FEHLER, SATANS),
    5: (OBER, SPIEL, FEHLER, PUTZ, SATANS),
    6: RANKS,
}
DISPLAY = {3: 2, 4: 3, 5: 3, 6: 4}
DISPLAY_MORE_FIGHTS = {3: 2, 4: 2, 5: 3, 6: 3}
ITEM_COPIES = {
    **dict.fromkeys(
        ("Bett", "Heizkörper", "Ohrenschützer", "Schal", "Teetasse", "Wasserkessel", "Schlafmütze"),
        (6, 1),
    ),
    "Peperoni": (4, 2),
    "heißes Bad": (4, 2),
    "Bügeleisen": (3, 3),
    "Grill": (3, 3),
}
VALUE = {item: value for item, (_, value) in ITEM_COPIES.items()}
PILE = tuple(item for item, (copies, _) in ITEM_COPIES.items() for _ in range(copies))
END_ITEMS = 10

PLACE, DECIDE, OVER = "place", "decide", "over"


def dice_of(rank: str) -> tuple[int, int]:
    """(how many dice, sides) of a rank."""
    if rank == OBER:
        return 3, 6
    if rank == SATANS:
        return 2, 4
    return 2, 6


@dataclass
class Demon:
    player: str
    rank: str
    dice: list[int] = field(default_factory=list)
    revealed: bool = False
    slot: int | None = None
    items: list[str] = field(default_factory=list)


@dataclass
class Fight:
    slot: int
    seats: list[int]
    spiel_asked: bool = False
    winner: int | None = None
    stage: str = "reroll"  # reroll, ability, rank, done


@dataclass
class DDState:
    demons: list[Demon]
    pile: list[str] = field(default_factory=lambda: list(PILE))
    display: list[str] = field(default_factory=list)
    round: int = 1
    phase: str = PLACE
    more_fights: bool = False
    fights: list[Fight] = field(default_factory=list)
    swaps: list[list[int]] = field(default_factory=list)  # rank swaps for the round's end
    taken: list[int] = field(default_factory=list)  # display slots already taken this round

    def rank_order(self) -> list[int]:
        return sorted(range(len(self.demons)), key=lambda s: RANKS.index(self.demons[s].rank))

    def seat_of(self, player: str) -> int | None:
        for i, demon in enumerate(self.demons):
            if demon.player == player:
                return i
        return None

    def of_rank(self, rank: str) -> int | None:
        for i, demon in enumerate(self.demons):
            if demon.rank == rank:
                return i
        return None
