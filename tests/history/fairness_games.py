"""Games for the fairness tests: played through the service with random legal actions on
an RNG the test chooses, seeded so that every run plays the same games (the service's
history listener folds each into ``draw_tallies`` when it ends)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from bot.engine.rng import AuditedRng
from bot.games import GAMES
from bot.service import Service
from bot.store import Store
from tests.helpers.engine_state import engine_state


def seeds(label: str) -> Iterator[bytes]:
    """Game seeds of a run, the same in every run: SHA-256 of the label and a number."""
    number = 0
    while True:
        number += 1
        yield hashlib.sha256(f"{label}:{number}".encode()).digest()


def seeded(monkeypatch: pytest.MonkeyPatch, label: str) -> None:
    """Every game the service opens from now on gets the next of :func:`seeds`."""
    chosen = seeds(label)
    monkeypatch.setattr(AuditedRng, "fresh", classmethod(lambda cls: cls(next(chosen))))


async def play(
    service: Service,
    kind: str,
    players: list[str],
    options: dict[str, Any],
    *,
    guild_id: int,
    seed: int,
    steps: int = 400,
) -> int:
    """A game played to its end with random legal actions; its id."""
    game, pick = GAMES[kind], random.Random(seed)
    outcome = await service.create(kind, players, options, guild_id=guild_id, channel_id=5)
    for number in range(steps):
        if outcome.finished:
            return outcome.game_id
        state = engine_state(service, outcome.game_id)
        actor = pick.choice(outcome.to_act)
        action = pick.choice(game.legal_actions(state, outcome.players.index(actor)))
        outcome = await service.act(outcome.game_id, actor, action, nonce=f"{seed}-{number}")
    raise AssertionError(f"{kind} did not end in {steps} actions")


def logged_counts(
    store: Store, games: Iterable[int], player: str | None = None
) -> Counter[tuple[int, int]]:
    """(sides, face) -> count, straight from the games' event logs (the test's own count)."""
    counted: Counter[tuple[int, int]] = Counter()
    for game_id in games:
        for event in store.events(game_id):
            if player is None or (event.actor or "") == player:
                counted.update((int(d["sides"]), int(d["value"])) for d in event.draws)
    return counted
