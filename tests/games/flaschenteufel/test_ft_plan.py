"""Flaschenteufel's plan, read without Discord: a card played edits the hand's table and
brings the live prompts up to date; a new hand closes the last one, opens its own message
and sends the new hands by DM."""

from __future__ import annotations

from bot.service import Outcome
from bot.store import Store
from cogs.games.flaschenteufel.show import plan
from cogs.pipeline.plans import Dms, NewTable, PromptsRefresh, Table
from tests.helpers.plans import delivery, kinds, play_until, seeded


def dealt_anew(outcome: Outcome) -> bool:
    return any(e["type"] == "deal" for e in outcome.events) and not outcome.finished


def played(outcome: Outcome) -> bool:
    return any(e["type"] == "play" for e in outcome.events) and not dealt_anew(outcome)


async def test_a_card_played_edits_the_table_and_the_prompts(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("flaschenteufel", ["1", "2", "3"], {"hands": 2})
    outcome = await play_until(service, outcome, played)
    assert kinds(plan(delivery(service, outcome), None)) == ["Table", "PromptsRefresh"]


async def test_a_new_hand_closes_the_last_and_deals(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("flaschenteufel", ["1", "2", "3"], {"hands": 2})
    outcome = await play_until(service, outcome, dealt_anew)
    closing, fresh, refresh, hands = plan(delivery(service, outcome), None)
    deal = [e for e in outcome.events if e["type"] == "deal"][-1]
    assert isinstance(closing, Table) and not closing.card.rows
    assert isinstance(fresh, NewTable) and fresh.cause is deal
    assert isinstance(refresh, PromptsRefresh)
    assert isinstance(hands, Dms) and sorted(hands.messages) == ["1", "2", "3"]
