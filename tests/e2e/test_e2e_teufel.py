"""Auf Teufel komm raus on the loopback Discord: 4 users, one with DMs closed."""

from __future__ import annotations

import re

from tests.helpers.e2e_play import bet
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


async def test_a_round_with_sealed_bets_pulling_and_private_balances(
    table: Table, leaks: LeakScan
) -> None:
    fake = table.fake
    dora = fake.add_user("Dora", guild=table.guild)
    fake.set_dms_open(table.cem, False)
    table.dice.d6_only = True  # tiles are drawn by the audited RNG
    players = [table.anna, table.ben, table.cem, dora]
    opened = await table.slash(table.anna, "teufel tisch")
    for user in players[1:]:
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)

    too_much = await bet(table, table.anna, "250")
    assert "So viel hast du nicht" in too_much.message.content
    odd = await bet(table, table.anna, "25")
    assert "Schritten von 10" in odd.message.content
    done = await bet(table, table.anna, "40")
    assert done.message.visibility == "ephemeral" and "40" in done.message.text()
    sealed = table.table_message().text()
    assert "✓ gesetzt" in sealed and "Einsatz 40" not in sealed  # sealed in public
    twice = await table.press(table.anna, "bet")
    assert twice.message.visibility == "ephemeral"
    assert twice.message.content == "Du hast in dieser Runde schon gesetzt."
    early = await table.press(table.anna, "account")
    assert "Dein Guthaben: 200. Dein Einsatz in dieser Runde: 40." in early.message.text()
    for user, amount in ((table.ben, "0"), (table.cem, "100"), (dora, "20")):
        await bet(table, user, amount)
    revealed = table.table_message().text()
    assert "Einsatz 40" in revealed and "Einsatz 100" in revealed

    for _ in range(20):  # everybody pulls once and stops (a devil ends a turn by itself)
        live = table.table_message()
        if "ziehen oder stopp" not in live.text():
            break
        turn = next(u for u in players if f"<@{u.id}> ist am Ofen" in live.text())
        before = table.table_message().id
        await table.press(turn, "draw")
        if (
            table.table_message().id == before
            and f"<@{turn.id}> ist am Ofen" in table.table_message().text()
        ):
            await table.press(turn, "stopp")
    results = [m for m in table.public() if "Abrechnung Runde 1" in m.text()]
    assert len(results) == 1 and results[0].pictures() == ["spur.png", "ofen.png"]
    for user in (table.anna, table.ben, dora):
        assert any(
            "Runde 1 ist abgerechnet" in m.text()
            for m in fake.private_messages(user)
            if m.visibility == "dm"
        )
    notice = [m for m in table.public() if "DMs sind zu" in m.text()]
    assert len(notice) == 1 and f"<@{table.cem.id}>" in notice[0].text()
    assert not re.search(r"\d", notice[0].text().replace(str(table.cem.id), ""))
    assert "Runde 2" in table.table_message().text()
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "teufel")
    private = service.tables.current(game).private
    for message in table.public():  # no private balance line ever reaches the channel
        assert "Dein Guthaben" not in message.text() and "abgerechnet" not in message.text()
        for user in players:
            seat = next(s for s in private[str(user.id)]["seats"] if s["player"] == str(user.id))
            if not seat["pact"]:
                assert f"Guthaben {seat['balance']}" not in message.text()
    assert leaks.checks > 0  # balances and sealed bets were looked for in every message


async def test_the_public_seal_commits_to_the_amount(table: Table) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    await bet(table, table.anna, "40")
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "teufel")
    shown = re.search(r"✓ gesetzt \(Siegel `([0-9a-f]{8})`\)", table.table_message().text())
    assert shown is not None
    assert shown[1] == service.tables.seal(game, f"bet:1:{table.anna.id}:40")
    assert shown[1] != service.tables.seal(game, f"bet:1:{table.anna.id}:50")


async def test_the_last_bettor_reads_that_the_bets_are_revealed(table: Table) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    first = await bet(table, table.anna, "40")
    assert first.message.text() == "✓ Gesetzt: 40. Aufgedeckt wird, wenn alle gesetzt haben."
    last = await bet(table, table.ben, "30")
    assert last.message.visibility == "ephemeral"
    assert last.message.text() == (
        "✓ Gesetzt: 30. Damit haben alle gesetzt – die Einsätze sind aufgedeckt."
    )
    assert "Einsatz 30" in table.table_message().text()  # and so they are
