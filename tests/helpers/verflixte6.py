"""A tiny driver for Die verflixte 6 tests: fixed dice, actions by player name."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Sequence
from typing import Any

from bench.policies import make
from bot.engine import Action, AuditedRng, Event, FixedRng, step
from bot.games.verflixte6 import Verflixte6
from bot.games.verflixte6.state import V6State

GAME = Verflixte6()


class Table:
    def __init__(self, players: Sequence[str], dice: Sequence[int], **options: Any) -> None:
        self.rng = FixedRng(dice)
        self.state, self.events = GAME.setup(list(players), options, self.rng)

    def do(self, player: str, verb: str, **args: Any) -> list[Event]:
        seat = self.state.seat_of(player)
        assert seat is not None
        self.state, events = step(GAME, self.state, seat, Action(verb, args), self.rng)
        self.events += events
        return events

    def start(self, player: str, *jokers: str, eyes: int | None = None) -> None:
        """Start ``player``'s turn with ``jokers``; then set his eyes (e.g. "Ventil at 20")."""
        self.do(player, "jokers", jokers=list(jokers))
        if eyes is not None:
            self.seat(player).eyes = eyes

    def joker(self, player: str, joker: str, **args: Any) -> list[Event]:
        return self.do(player, "weiter", joker=joker, **args)

    def turn(self, player: str, *verbs: str) -> None:
        """Start ``player``'s turn without jokers, then say each verb."""
        self.do(player, "jokers", jokers=[])
        for verb in verbs:
            self.do(player, verb)

    def eyes(self, player: str) -> int:
        return self.seat(player).eyes

    def role(self, player: str) -> str:
        return self.seat(player).role

    def seat(self, player: str) -> Any:
        seat = self.state.seat_of(player)
        assert seat is not None
        return self.state.seats[seat]

    @property
    def v6(self) -> V6State:
        return self.state

    @property
    def phase(self) -> str | None:
        return None if self.state.turn is None else self.state.turn.phase

    @property
    def to_act(self) -> str | None:
        return None if self.state.turn is None else self.state.name(self.state.turn.seat)

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.events if e.type == kind]


def seeded_games(levels: list[str], games: int, durchgaenge: int = 1):  # type: ignore[no-untyped-def]
    """Every (state, seat, view, action) of seeded games through the engine (``levels``:
    the bench's names, a level or ``style:NAME``)."""
    for g in range(games):
        rng = AuditedRng(hashlib.sha256(f"players-test:{g}".encode()).digest())
        names = [f"p{i}" for i in range(len(levels))]
        policies = [make("verflixte6", lv, g * 10 + i) for i, lv in enumerate(levels)]
        state, _ = GAME.setup(names, {"durchgaenge": durchgaenge}, rng)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            view = GAME.views(state, len(names))[1][seat]
            action = policies[seat].decide(view, seat)
            yield state, seat, view, action
            GAME.apply(state, seat, action, rng)  # raises IllegalAction if refused


def with_foreign_secrets(view: dict, seat: int) -> dict:  # type: ignore[type-arg]
    """``view`` with private data of every other seat added (hands, hidden dice, legal)."""
    tainted = copy.deepcopy(view)
    for i, entry in enumerate(tainted["seats"]):
        if i != seat:
            entry["hand"] = [6, 6, 6]
            entry["secret"] = {"eyes": 99, "plan": "stopp"}
            entry["eyes_hidden"] = 1000
    tainted["private"] = {str(i): {"legal": ["stopp"], "dice": [6]} for i in range(10)}
    return tainted
