"""Games played through the service for the web's tests: random legal actions (a fixed
``random.Random``), with the audited RNG; the players' display names kept as Discord
would give them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.plugins import GAMES
from bot.service import Outcome, Service
from tests.helpers.engine_state import engine_state

GUILD, OTHER_GUILD, CHANNEL = 501, 502, 601


async def played(
    service: Service,
    kind: str,
    names: Mapping[str, str],
    options: Mapping[str, Any] | None = None,
    *,
    guild_id: int = GUILD,
    steps: int = 5000,
    seed: int = 7,
    seen: dict[int, Outcome] | None = None,
) -> int:
    """A game of ``kind`` between ``names``' players (id → display name), played with
    random legal actions until it is over or ``steps`` actions are done (0: only set up);
    what a finished game causes (its history) is made. Its number; ``seen`` gets the
    outcome of every version played (the public and each player's view after it)."""
    for player, name in names.items():
        service.directory.remember_name(player, name)
    outcome = await service.create(
        kind, list(names), dict(options or {}), guild_id=guild_id, channel_id=CHANNEL
    )
    game, pick = GAMES[kind], random.Random(seed)
    if seen is not None:
        seen[outcome.version] = outcome
    for _ in range(steps):
        if outcome.finished or not outcome.to_act:
            break
        state = engine_state(service, outcome.game_id)
        actor = pick.choice(outcome.to_act)
        action = pick.choice(game.legal_actions(state, outcome.players.index(actor)))
        outcome = await service.act(outcome.game_id, actor, action)
        await service.settle(outcome)
        if seen is not None:
            seen[outcome.version] = outcome
    return outcome.game_id
