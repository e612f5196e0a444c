"""Deals of the unseen cards that agree with what a seat knows (:class:`Seen`): every
other seat gets as many cards as it holds, keeps the cards it is known to hold (those the
viewer gave it and it has not played) and gets none of a colour it is known to lack; the
devil's trick gets its size (with the viewer's own discard, if known). Cards left over were
played in tricks the view does not show."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.flaschenteufel.cards import COLOUR
from bot.games.flaschenteufel.players.seat_view import Seen

TRIES = 20  # deals drawn before the voids are given up (they can only clash with a wrong view)


@dataclass(frozen=True)
class Deal:
    hands: tuple[tuple[int, ...], ...]  # every seat's hand (the viewer's own as seen)
    devil: tuple[int, ...]
    gone: tuple[int, ...]  # played earlier, where the view does not show it


def deal(seen: Seen, rng: random.Random) -> Deal:
    """One deal, drawn with ``rng``: the most constrained seat first, each seat's cards
    uniformly from those it may hold."""
    for _ in range(TRIES):
        dealt = _try(seen, rng, voids=True)
        if dealt is not None:
            return dealt
    dealt = _try(seen, rng, voids=False)
    if dealt is None:
        raise ValueError("the view's card counts do not add up")
    return dealt


def _try(seen: Seen, rng: random.Random, *, voids: bool) -> Deal | None:
    known = set().union(*seen.holds) | set(seen.devil_known)
    pool = [c for c in seen.unseen() if c not in known]
    others = [s for s in range(seen.players) if s != seen.seat]
    need = {s: seen.counts[s] - len(seen.holds[s]) for s in others}
    if any(v < 0 for v in need.values()):
        return None

    def allowed(s: int) -> list[int]:
        lacking = seen.voids[s] if voids else frozenset()
        return [c for c in pool if COLOUR[c] not in lacking]

    hands: dict[int, list[int]] = {seen.seat: list(seen.hand)}
    for s in sorted(others, key=lambda s: (len(allowed(s)) - need[s], s)):
        options = allowed(s)
        if len(options) < need[s]:
            return None
        chosen = rng.sample(options, need[s])
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
        hands[s] = sorted(set(chosen) | seen.holds[s])
    devil_need = seen.devil_count - len(seen.devil_known)
    if devil_need < 0 or devil_need > len(pool):
        return None
    devil = rng.sample(pool, devil_need)
    rest = set(pool) - set(devil)
    return Deal(
        hands=tuple(tuple(hands[s]) for s in range(seen.players)),
        devil=tuple(sorted(set(devil) | seen.devil_known)),
        gone=tuple(sorted(rest)),
    )
