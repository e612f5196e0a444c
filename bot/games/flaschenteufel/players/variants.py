"""What a seat knows at each kind of Flaschenteufel table, for "stark"'s play-outs
(:class:`Reading`): at a standard table what :func:`seen` reads; with Lopaka his open hand
among the cards known to be held, the hand's play order and his seat; in Glitterhuis both
open sets, known to be in no hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple

from bot.engine import JSON
from bot.games.flaschenteufel.cards import COLOUR
from bot.games.flaschenteufel.players.seat_view import Seen, seen
from bot.games.flaschenteufel.rules import seat_cycle
from bot.games.flaschenteufel.state import GLITTERHUIS, LOPAKA
from bot.games.flaschenteufel.view import typed_view


class Reading(NamedTuple):
    """What :func:`bot.games.flaschenteufel.players.rollout.play_out` needs beside the
    deal: what the seat knows, the seats in the order they play (None: by number), Lopaka's
    seat (None: none) and the open sets (None: none)."""

    known: Seen
    order: list[int] | None = None
    dummy: int | None = None
    opens: tuple[tuple[int, ...], ...] | None = None

    def cards_left(self) -> int:
        """The cards still to be played, in hands and open sets."""
        return sum(self.known.counts) + sum(len(s) for s in self.opens or ())

    def from_open_set(self) -> bool:
        """Whether the seat plays its card now from its open set (a trick's first two)."""
        return self.opens is not None and len(self.known.trick) < 2


def read(view: Mapping[str, JSON], seat: int) -> Reading:
    """What ``seat`` knows at its table, whatever its kind."""
    variant = typed_view(view)["variant"]
    if variant == LOPAKA:
        return with_lopaka(view, seat)
    if variant == GLITTERHUIS:
        return with_open_sets(view, seat)
    return Reading(seen(view, seat))


def with_lopaka(view: Mapping[str, JSON], seat: int) -> Reading:
    """Lopaka's open hand among the cards known to be held, the seats in the order they
    play this hand, and Lopaka's seat."""
    shown = typed_view(view)
    seats = shown["seats"]
    dummy = next(i for i, entry in enumerate(seats) if entry["dummy"])
    known = seen(view, seat)
    holds = list(known.holds)
    holds[dummy] = frozenset(seats[dummy]["cards"] or ())
    order = seat_cycle(shown["variant"], shown["hand"], len(seats))
    return Reading(replace(known, holds=tuple(holds)), order, dummy)


def with_open_sets(view: Mapping[str, JSON], seat: int) -> Reading:
    """Both open sets, known to be in no hand; a hand is known to lack the led colour only
    when a card from it did not follow (a trick's last two cards: the first two, from the
    open sets, tell nothing of the hands)."""
    seats = typed_view(view)["seats"]
    known = seen(view, seat)
    opens = tuple(tuple(sorted(entry["open_set"])) for entry in seats)
    voids: list[set[str]] = [set() for _ in seats]
    if len(known.trick) > 2:
        led = COLOUR[known.trick[0][1]]
        for player, card in known.trick[2:]:
            if COLOUR[card] != led:
                voids[player].add(led)
    out = known.out.union(*opens)
    known = replace(known, out=out, voids=tuple(frozenset(v) for v in voids))
    return Reading(known, opens=opens)
