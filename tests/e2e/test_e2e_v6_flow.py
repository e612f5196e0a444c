"""Die verflixte 6 played through Discord buttons, against the loopback Discord."""

from __future__ import annotations

from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


async def test_login_syncs_german_commands_with_english_localizations(table: Table) -> None:
    commands = {c["name"]: c for c in table.fake.commands(table.guild)}
    assert {"v6", "weiter", "stopp", "joker", "croupier", "sprache"} <= set(commands)
    v6 = commands["v6"]
    subcommands = {o["name"]: o for o in v6["options"]}
    assert {"tisch", "regeln", "stand", "log"} <= set(subcommands)
    assert subcommands["tisch"]["name_localizations"]["en-US"] == "table"
    assert subcommands["tisch"]["description"] == "Einen Tisch eröffnen"


async def test_a_durchgang_with_three_players_via_buttons(table: Table, leaks: LeakScan) -> None:
    table.dice.add(3, 2, 4, 5, 6, 2, 1, 3)
    await table.open_and_start(table.anna, table.ben, table.cem)
    first = table.table_message()
    assert "Anna" in first.text() or str(table.anna.id) in first.text()

    await table.start_turn(table.anna)  # Freiwurf 3
    click = await table.press(table.anna, "weiter")  # 2 -> 5
    assert click.response_type == 7
    assert table.table_message().id == first.id  # edited in place
    await table.press(table.anna, "stopp")  # Prinzessin with 5

    await table.start_turn(table.ben)  # Freiwurf 4
    await table.press(table.ben, "weiter")  # 5 -> 9
    await table.press(table.ben, "weiter")  # 6: Zombie

    await table.start_turn(table.cem)  # Freiwurf 2
    robbed = await table.press(table.cem, "weiter")  # 1: robbery
    prompt = (await robbed.wait_followup())[0]
    assert prompt.visibility == "ephemeral" and prompt.audience == table.cem.id
    await table.choose(table.cem, prompt, "steal", [str(table.anna.id)])
    await table.press(table.cem, "weiter")  # 3 -> 2 + 1 + 1 + 3 = 7
    await table.press(table.cem, "stopp")

    results = [m for m in table.public() if "Ergebnis Durchgang 1" in m.text()]
    assert len(results) == 1
    text = results[0].text()
    assert "7 Augen – 6 Punkte" in text and "4 Augen – 4 Punkte" in text
    assert table.dice.queue == []
    assert leaks.messages > 0 and leaks.checks == 0  # all see all: no view hides anything
