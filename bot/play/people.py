"""Who an action names: the persons whose ids a game's hash chain covers as pseudonyms.

A game's ``people`` (``games.people``, bot.engine.chain.Pseudonyms) grow by the persons each
logged action names: who acted, the players seated after it, and whom its arguments name
(the host who acted for an absent player, a substitute and whom he replaced, a target, a
player declared absent). Computer seats and the croupier's own actions are nobody's data:
their ids stay as they are. Migration 0021 gathered the people of the games played before
it the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.players.seats import is_computer
from bot.tournament.game import SYSTEM

NAMING_ARGS = ("by_host", "old", "new", "target", "player")
"""The arguments of an action that hold one person's id."""
SEATING_ARGS = ("players",)
"""The arguments of an action that list persons (a game seated at once)."""


def named_people(
    actor: str | None, action: Mapping[str, Any], players: Iterable[str] | None = None
) -> list[str]:
    """The persons an action names (``action`` in its stored form ``{"do": ..., **args}``),
    with ``players`` seated after it; no computer seat, not the croupier."""
    named: list[str] = [] if actor is None else [actor]
    named += [v for k in NAMING_ARGS if isinstance(v := action.get(k), str)]
    for key in SEATING_ARGS:
        listed = action.get(key)
        if isinstance(listed, list):
            named += [p for p in listed if isinstance(p, str)]
    named += players or ()
    return [p for p in dict.fromkeys(named) if p and p != SYSTEM and not is_computer(p)]
