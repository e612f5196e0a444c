"""Plans read without Discord: a delivery whose reach is only the service, and a game
played with the engine's legal actions (seeded) until an outcome shows what a test asks."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace

from bot.engine import AuditedRng
from bot.plugins import GAMES
from bot.service import Outcome, Service
from bot.store import Store
from bot.web.links import WebLinks
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.prompts import PromptBook
from tests.helpers.engine_state import engine_state


def seeded(store: Store, seed: bytes = b"plans read without Discord") -> Service:
    """A service whose dice are the same every run (its games' own seeds are random), so a
    test that plays until something shows never meets a game that ends first by chance."""
    return Service(
        store, rng_factory=lambda _seed, counter, nonce: AuditedRng(seed, counter, nonce)
    )


def delivery(service: Service, outcome: Outcome) -> Delivery:
    """A delivery of ``outcome`` (no click) that reaches the service and nothing else; its
    table has a message already (as one the bot posted when the game started)."""
    reach = SimpleNamespace(
        service=service, client=None, games={}, prompts=PromptBook(),
        links=WebLinks(None, service.directory.web_key),  # no PUBLIC_URL: no link
    )  # fmt: skip
    shown = replace(outcome, message_id=outcome.message_id or 1)
    return Delivery(reach, shown)  # type: ignore[arg-type]


async def play_until(
    service: Service, outcome: Outcome, shows: Callable[[Outcome], bool], *, seed: int = 1
) -> Outcome:
    """Legal actions, chosen at random with ``seed``, until an outcome ``shows`` what is
    wanted (the test fails if the game ends first)."""
    chooser, game = random.Random(seed), GAMES[outcome.kind]
    for _ in range(2000):
        assert not outcome.finished, "the game ended before it showed what was wanted"
        state = engine_state(service, outcome.game_id)
        seat = chooser.choice(sorted(game.to_act(state)))
        action = chooser.choice(game.legal_actions(state, seat))
        outcome = await service.act(outcome.game_id, outcome.players[seat], action)
        if shows(outcome):
            return outcome
    raise AssertionError("nothing showed it in 2,000 actions")


def kinds(plan: object) -> list[str]:
    """A plan's steps by kind, in order."""
    return [type(step).__name__ for step in plan]  # type: ignore[attr-defined]
