"""Dice Devils on the loopback Discord: 3 and 6 users, secret cups, public fights."""

from __future__ import annotations

import pytest

from bot.games.dicedevils.render.cards import describe as dd_describe
from bot.games.dicedevils.render.cards import mention
from tests.helpers.e2e_play import play_out_dicedevils
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


@pytest.mark.parametrize("count", [3, 6])
async def test_a_whole_game(table: Table, leaks: LeakScan, count: int) -> None:
    fake = table.fake
    table.dice.d6_only = True  # items, ranks and dice from the audited RNG
    extra = [fake.add_user(f"D{i}", guild=table.guild) for i in range(count - 3)]
    players = [table.anna, table.ben, table.cem, *extra]
    fake.set_dms_open(players[-1], False)
    users = {u.id: u for u in players}
    opened = await table.slash(table.anna, "dicedevils tisch")
    for user in players[1:]:
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    for user in players[:-1]:
        assert any(
            "Dein Becher" in m.text() for m in fake.private_messages(user) if m.visibility == "dm"
        )
    assert any(m.attachments == ["auslage.png"] for m in table.public())  # the display, pictured
    cup = await table.press(players[-1], "cup")
    assert cup.message.visibility == "ephemeral" and "Dein Becher" in cup.message.text()
    assert not any("Dein Becher" in m.text() for m in table.public())
    stranger = fake.add_user("Zoe", guild=table.guild)
    refused = await table.press(stranger, "place")
    assert refused.message.visibility == "ephemeral"
    await play_out_dicedevils(table, users)
    assert any("Spielende" in m.text() for m in table.public())
    assert leaks.checks > 0  # dice under the cups were looked for
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.latest_in_channel("dicedevils", table.channel.id)
    assert game is not None
    won = [  # every win of every round, told once in its round's closed message
        dd_describe(e, "de", mention)
        for row in service.store.events(game)
        for e in row.events
        if e["type"] in ("take", "steal", "swap_item", "swap_rank")
    ]
    shown = "\n".join(m.text() for m in table.public())
    assert won and all(shown.count(line) == won.count(line) for line in won)  # each once
