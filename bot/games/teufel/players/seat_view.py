"""Reading an Auf Teufel komm raus view for a computer player: what the seat may do now and
the part of the table a decision may use (:class:`Situation`), nothing else of the view.

Another seat's exact balance is read only while he holds a pact (then it is public), and
another seat's bet only once all bets are revealed, so a view that carries more (another
seat's private data) gives the same situation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine import JSON, Action
from bot.games.teufel.state import BET, CHIP, MARKS
from bot.games.teufel.view import typed_view


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the viewer may see it (``balance``/``bet`` None where hidden)."""

    position: int
    balance: int | None
    pact: bool
    bet: int | None
    coal: int
    pieces: int
    devil: bool
    pulled: bool
    shown_bets: tuple[int, ...]  # his revealed bets of the last rounds, the latest last


@dataclass(frozen=True)
class Situation:
    """A decision's input: the viewer's seat, the phase, the pulling order from this round's
    starter, the tiles left in the oven, every seat and the viewer's legal bets/verbs."""

    seat: int
    phase: str
    order: tuple[int, ...]
    oven: int
    seats: tuple[SeatInfo, ...]
    bets: tuple[int, ...]  # the lowest and highest legal bet (empty: none now)
    verbs: tuple[str, ...]
    set_aside: tuple[int, ...] | None  # turned tiles since the refill, where the view shows them

    @property
    def me(self) -> SeatInfo:
        return self.seats[self.seat]

    @property
    def balance(self) -> int:
        return self.me.balance or 0


def situation(view: Mapping[str, JSON], seat: int) -> Situation:
    """The situation of ``seat`` in its own view; ValueError when it is not that seat's to act."""
    shown = typed_view(view)
    if shown["viewer"] != seat:
        raise ValueError(f"not a view of seat {seat}")
    phase = shown["phase"]
    raw = shown["seats"]
    bets = tuple(shown["legal"]["bets"])
    verbs = tuple(shown["legal"]["verbs"])
    if phase == BET and not bets:
        raise ValueError(f"seat {seat} has no bet to seal")
    if phase != BET and (shown["turn"] != raw[seat]["player"] or not verbs):
        raise ValueError(f"not seat {seat}'s turn")
    names = [s["player"] for s in raw]
    start = names.index(shown["starter"])
    n = len(names)
    seats = []
    for i, s in enumerate(raw):
        own = i == seat
        seats.append(
            SeatInfo(
                position=s["position"],
                balance=s["balance"] if own or s["pact"] else None,
                pact=s["pact"],
                bet=s["bet"] if own or phase != BET else None,
                coal=s["coal"],
                pieces=s["pieces"],
                devil=s["devil"],
                pulled=s["pulled"],
                shown_bets=tuple(s["shown_bets"]),
            )
        )
    aside = shown.get("set_aside")
    return Situation(
        seat=seat,
        phase=phase,
        order=tuple((start + i) % n for i in range(n)),
        oven=shown["oven"],
        seats=tuple(seats),
        bets=bets,
        verbs=verbs,
        set_aside=None if aside is None else tuple(aside),
    )


def legal_actions(sit: Situation) -> list[Action]:
    """Every action the seat may take now: each bet in its range, or each verb."""
    if sit.bets:
        low, high = sit.bets[0], sit.bets[-1]
        return [Action("bet", {"amount": a}) for a in range(low, high + 1, CHIP)]
    return [Action(verb) for verb in sit.verbs]


def bet(sit: Situation, amount: int) -> Action:
    """A bet of about ``amount``: rounded down to a chip and kept within the legal range."""
    low, high = sit.bets[0], sit.bets[-1]
    return Action("bet", {"amount": max(low, min(high, amount - amount % CHIP))})


def balance_guess(sit: Situation, index: int) -> int:
    """A seat's balance: exact where shown, else the middle of its track position."""
    known = sit.seats[index].balance
    if known is not None:
        return known
    spot = sit.seats[index].position
    if spot == 0:
        return 30  # somewhere on 0–50
    low = MARKS[min(spot // 2, len(MARKS) - 1)]
    return low if spot % 2 == 0 else (low + MARKS[spot // 2 + 1]) // 2


def balance_bounds(sit: Situation, index: int) -> tuple[int, int]:
    """The lowest and highest balance a seat may hold: exact where shown, else the range
    of its track position."""
    known = sit.seats[index].balance
    if known is not None:
        return known, known
    spot = sit.seats[index].position
    if spot == 0:
        return 0, MARKS[0]
    mark = MARKS[min(spot // 2, len(MARKS) - 1)]
    if spot % 2 == 0:
        return (mark, mark) if spot // 2 < len(MARKS) - 1 else (mark, 10 * mark)
    return mark + CHIP, MARKS[spot // 2 + 1] - CHIP


def top_coal(sit: Situation, exclude: int) -> int:
    """The highest coal of the seats that have pulled (a devil counts 0), ``exclude`` aside."""
    return max(
        [0, *(s.coal for i, s in enumerate(sit.seats) if i != exclude and s.pulled and not s.devil)]
    )
