"""Flaschenteufel tests: a game with written-out deals, actions by player name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Action, Event, FixedRng, step
from bot.games.flaschenteufel import Flaschenteufel
from bot.games.flaschenteufel.cards import DECK
from bot.games.flaschenteufel.state import FState

GAME = Flaschenteufel()


def deal_order(hands: Sequence[Sequence[int]]) -> list[int]:
    """A deck order that deals ``hands`` (in the engine's deal order); the rest follows."""
    order = [c for hand in hands for c in hand]
    return order + [c for c in DECK if c not in order]


class Table:
    def __init__(
        self, players: Sequence[str], deal: Sequence[Sequence[int]], **options: Any
    ) -> None:
        self.rng = FixedRng([], shuffles=[deal_order(deal)])
        self.state: FState
        self.state, self.events = GAME.setup(list(players), options, self.rng)

    def do(self, player: str, verb: str, **args: Any) -> list[Event]:
        seat = self.state.seat_of(player)
        assert seat is not None
        self.state, events = step(GAME, self.state, seat, Action(verb, args), self.rng)
        self.events += events
        return events

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.events if e.type == kind]
