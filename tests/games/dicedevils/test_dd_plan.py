"""Dice Devils' plan, read without Discord: a placement edits the table; a round's end
closes it with its fights pictured, closes older prompts, opens the next round and sends
the new dice by DM, in that order."""

from __future__ import annotations

from bot.games.dicedevils.render.cards import item_text
from bot.store import Store
from cogs.games.dicedevils.show import plan
from cogs.pipeline.plans import Dms, NewTable, PromptsMovedOn, Table
from tests.helpers.plans import delivery, kinds, play_until, seeded


def round_began(outcome: object) -> bool:
    events = outcome.events  # type: ignore[attr-defined]
    return any(e["type"] == "round" for e in events) and not outcome.finished  # type: ignore[attr-defined]


async def test_a_move_inside_a_round_edits_the_table(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("dicedevils", ["1", "2", "3"], {})
    outcome = await play_until(service, outcome, lambda o: bool(o.events))
    steps = plan(delivery(service, outcome), None)
    assert kinds(steps) == ["Table", "PromptsMovedOn"]


async def test_a_round_s_end_closes_it_and_deals_the_next(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("dicedevils", ["1", "2", "3"], {})
    outcome = await play_until(service, outcome, round_began)
    closing, moved_on, fresh, cups = plan(delivery(service, outcome), None)
    assert isinstance(closing, Table) and not closing.card.rows  # the round is over
    assert closing.card.pictures  # its fights
    assert isinstance(moved_on, PromptsMovedOn) and not moved_on.over
    dealt = [e for e in outcome.events if e["type"] == "round"][-1]
    assert isinstance(fresh, NewTable) and fresh.cause is dealt and fresh.card.rows
    assert isinstance(cups, Dms) and cups.cause is dealt
    assert sorted(cups.messages) == ["1", "2", "3"]


async def test_the_last_card_shows_the_items_left_without_the_finished_round_s_cups(
    store: Store,
) -> None:
    service = seeded(store)
    for seed in range(1, 30):  # a game that ends with items left (a demon has enough)
        outcome = await service.create("dicedevils", ["1", "2", "3"], {})
        outcome = await play_until(service, outcome, lambda o: bool(o.finished), seed=seed)
        if outcome.public["display"]:
            break
    assert outcome.public["display"]
    assert any(d.get("slot") is not None for d in outcome.public["demons"])  # still placed
    closing, *_ = plan(delivery(service, outcome), None)
    assert isinstance(closing, Table)
    (display,) = [text for title, text in closing.card.fields if title == "Auslage"]
    shown = [item_text(item, "de") for item in outcome.public["display"]]
    assert all(item in display for item in shown)  # the items that remain
    assert "<@" not in display  # no cups: they stood on the round's items, now gone
