"""One live message per table when two processes draw it (issue 44: "a table drawn twice
across processes"). The process that ran a clock at another process's server draws the
table's new turn: it closes the old message and posts the new one. The owner of the
server hears of that new message by a notice, but a player's click on it may come first.

Here the other process is played by the test: it posts the table's newer message (the
old one's controls moved to it) and records it in the database, as that process would,
while this bot (on SQLite: no notices) still knows the old message. The click on the new
message must move the table on there, not revive the old message and answer the new one
"done"; and the database and the bot agree on the table's message afterwards."""

from __future__ import annotations

import copy

from bot.store import Store, make_engine
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table


async def test_a_click_on_the_tables_newer_message_from_another_process_moves_it_on_there(
    table: Table,
) -> None:
    game = await table.open_game("dicedevils tisch")
    assert table.bot is not None
    service, fake = table.bot.service, table.fake
    old = table.table_message()
    assert service.tables.get(game).row.message_id == old.id
    newer = fake.new_message(table.channel, visibility="public")  # the other process's post
    newer.components = copy.deepcopy(old.components)
    newer.attachments = list(old.attachments)
    newer.attachment_ids = list(old.attachment_ids)
    newer.attachment_sizes = list(old.attachment_sizes)
    newer.created_ids = newer.custom_ids()
    old.components = []  # it closed the old message
    other = Store(make_engine(table.db_url))
    other.set_message(game, newer.id)  # and recorded the new one
    before = service.tables.get(game).row.version
    player = service.tables.current(game).to_act[0]
    user = next(u for u in (table.anna, table.ben, table.cem) if str(u.id) == player)
    clicked = await table.press(user, "place", newer)
    assert not clicked.dead
    now = service.tables.get(game).row.version
    assert now == before + 1
    live = [m for m in table.public() if any(click_of(c).game_id == game for c in m.custom_ids())]
    assert [m.id for m in live] == [newer.id], "the table is live on another message"
    assert {click_of(c).version for c in newer.custom_ids() if click_of(c).game_id == game} == {now}
    assert "Erledigt" not in newer.text()
    assert service.tables.get(game).row.message_id == newer.id == other.get(game).message_id
    other.engine.dispose()


async def test_a_process_late_to_record_its_older_message_does_not_displace_the_newer(
    table: Table,
) -> None:
    game = await table.open_game("dicedevils tisch")
    assert table.bot is not None
    service = table.bot.service
    current = service.tables.get(game).row.message_id
    assert current is not None
    other = Store(make_engine(table.db_url))
    other.set_message(game, current - 1)  # an older message, recorded late elsewhere
    assert other.get(game).message_id == current
    assert service.tables.set_message(game, current - 2) == current
    assert service.tables.get(game).row.message_id == current
    other.engine.dispose()
