"""Driving Auf Teufel komm raus in tests: tiles in order, actions by player name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Action, Event, FixedRng, step
from bot.games.teufel import Teufel
from bot.games.teufel.state import DEVIL, TeufelState

GAME = Teufel()
D = DEVIL


class Oven:
    def __init__(self, players: Sequence[str], tiles: Sequence[int], **options: Any) -> None:
        self.rng = FixedRng([], picks=tiles)
        self.state: TeufelState
        self.state, self.events = GAME.setup(list(players), options, self.rng)

    def do(self, player: str, verb: str, **args: Any) -> list[Event]:
        seat = self.state.seat_of(player)
        assert seat is not None
        self.state, events = step(GAME, self.state, seat, Action(verb, args), self.rng)
        self.events += events
        return events

    def bets(self, **amounts: int) -> None:
        for player, amount in amounts.items():
            self.do(player, "bet", amount=amount)

    def pulls(self, player: str, draws: int, *, stopp: bool = True) -> None:
        for _ in range(draws):
            self.do(player, "draw")
        if stopp:
            self.do(player, "stopp")

    def balance(self, player: str) -> int:
        seat = self.state.seat_of(player)
        assert seat is not None
        return self.state.seats[seat].balance

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.events if e.type == kind]
