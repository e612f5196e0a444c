"""Who a computer seat is: its player id and its name.

A computer player sits at a table under a player id of its own, ``cpu:<level>:<n>`` (the
n-th computer at that table, from 1), which is never a Discord user id (those are digits):
it is never mentioned, pinged or sent a DM. Its name says what it is and how strong:
"Croupiers Kater (leicht)". The same id at two tables is the same computer player (its
statistics add up).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.chain import PSEUDONYM
from bot.players import LEVELS

PREFIX = "cpu:"
OFFERED = ("leicht", "stark")
"""The levels a lobby offers (``zufall`` is the bench's baseline, no opponent to enjoy)."""
STAND_IN = "stark"
"""The level of the computer player that plays for an absent player a host let it."""
STAND_IN_ANIMALS = ("Uhu", "Luchs", "Otter", "Marder", "Biber", "Specht", "Wiesel", "Elster")
"""The stand-ins' names, by the seat they play for: two absent players at one table are
played for by two stand-ins with names of their own (none is a seated computer's)."""
PRACTICE, COMPUTERS_RATED = "practice", "computers_rated"
"""Table options: a practice table (``/<spiel> üben``), and whether a game with computer
players counts for the humans' ratings (its host allowed it). The players' history reads
both; a practice table counts for no rating."""
ANIMALS = ("Kater", "Rabe", "Fuchs", "Eule", "Dachs", "Igel")
"""The computers' names at one table, in the order they sit down (German names, like the
game terms: they are the croupier's pets)."""


def computer_id(level: str, number: int) -> str:
    """The id of the ``number``-th computer at a table (from 1), playing ``level``."""
    if level not in LEVELS or number < 1:
        raise ValueError(f"no computer seat {level}/{number}")
    return f"{PREFIX}{level}:{number}"


def is_computer(player: str) -> bool:
    return player.startswith(PREFIX)


ERASED = "erased-"
"""The start of an erased person's anonymous id in the history's tables (bot.privacy)."""


def is_erased(player: str) -> bool:
    """An erased person: his anonymous id in the history, or his pseudonym in a game."""
    return player.startswith(ERASED) or PSEUDONYM.fullmatch(player) is not None


def erased_name(player: str) -> str:
    """How an erased person is shown: as erased, told apart from another by four hex
    digits of his anonymous id or pseudonym (never his name: it is gone)."""
    return f"Gelöscht #{player[-4:]}"


def level_of(player: str) -> str:
    """The level a computer seat plays (ValueError for a person)."""
    if not is_computer(player):
        raise ValueError(f"{player} is no computer seat")
    return player[len(PREFIX) :].split(":", 1)[0]


def number_of(player: str) -> int:
    return int(player.rsplit(":", 1)[1]) if is_computer(player) else 0


def computer_name(player: str) -> str:
    """The name a computer seat is shown with, e.g. "Croupiers Kater (leicht)"."""
    animal = ANIMALS[(number_of(player) - 1) % len(ANIMALS)]
    return f"Croupiers {animal} ({level_of(player)})"


def next_computer(players: Sequence[str], level: str) -> str:
    """The id for one more computer at a table seating ``players``."""
    taken = {number_of(p) for p in players if is_computer(p)}
    number = next(n for n in range(1, len(players) + 2) if n not in taken)
    return computer_id(level, number)


def computers(players: Sequence[str]) -> list[str]:
    return [p for p in players if is_computer(p)]


def humans(players: Sequence[str]) -> list[str]:
    return [p for p in players if not is_computer(p)]


def stand_in_name(seat: int) -> str:
    """The name of the computer player that plays for the absent player at ``seat`` (from
    0), e.g. "Croupiers Uhu (stark)"."""
    return f"Croupiers {STAND_IN_ANIMALS[seat % len(STAND_IN_ANIMALS)]} ({STAND_IN})"
