"""The tournament's plan, read without Discord: a registration edits its card; closing the
registration draws a round, whose groups open after the delivery (a follow-up under the
tournament's lock), never inside it."""

from __future__ import annotations

from bot.engine import Action
from bot.service import Service
from bot.store import Store
from cogs.pipeline.plans import Later, Post, Table
from cogs.tournament.group_threads import plan
from tests.helpers.plans import delivery

PLAYERS = [str(n) for n in range(101, 109)]


async def test_a_registration_edits_the_card_and_the_draw_opens_groups_later(
    store: Store,
) -> None:
    service = Service(store)
    created = await service.create("turnier", ["host"], {"name": "Herbst", "durchgaenge": 1})
    registered = await service.act(created.game_id, PLAYERS[0], Action("register"))
    (card,) = plan(delivery(service, registered))
    assert isinstance(card, Table) and card.what == "registration"
    for player in PLAYERS[1:]:
        await service.act(created.game_id, player, Action("register"))
    drawn = await service.act(created.game_id, "host", Action("close"))
    steps = plan(delivery(service, drawn))
    assert [type(s) for s in steps] == [Table, Post, Later]
    round_card, groups = steps[1], steps[2]
    assert isinstance(round_card, Post) and round_card.part == "round"
    assert isinstance(groups, Later) and groups.follow_up.game_id == created.game_id
    assert groups.follow_up.what == "groups"
