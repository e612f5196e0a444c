"""Fixtures of the store tests (the database fixtures live in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.store import GameRow, Store

NewGame = Callable[..., GameRow]


@pytest.fixture
def new_game(store: Store) -> NewGame:
    """Create a game in ``store``; keyword arguments override the defaults."""

    def create(**overrides: Any) -> GameRow:
        arguments: dict[str, Any] = {
            "kind": "verflixte6",
            "players": ["111", "222"],
            "options": {"target": 100},
            "snapshot": {"turn": 0, "scores": [0, 0]},
            "seed": "ab" * 32,
            "seed_hash": "cd" * 32,
            "rng_counter": 0,
            "action": {"do": "start"},
            "events": [{"type": "started"}],
            "draws": [],
        }
        arguments.update(overrides)
        return store.create_game(**arguments)

    return create
