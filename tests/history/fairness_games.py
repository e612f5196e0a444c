"""The fairness tests' games (tests/history/playing.py plays them) seeded so that every
run plays the same ones, and the draws of their logs counted by the test itself."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator

import pytest

from bot.engine.rng import AuditedRng
from bot.store import Store


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
