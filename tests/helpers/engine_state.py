"""The engine state behind a table, for tests that check what the views hide: cogs never
see it (they read the views of an outcome)."""

from __future__ import annotations

import copy
from typing import Any

from bot.service import Service


def engine_state(service: Service, game_id: int) -> Any:
    """A copy of the table's engine state as the service holds it now."""
    return copy.deepcopy(service.tables.get(game_id).state)
