"""``/meine-daten`` on the loopback Discord: a player gets, privately, a summary in his
language and a JSON file of what the bot keeps about him; asking again at once is refused
privately, and nothing else is posted."""

from __future__ import annotations

import json

from cogs.own_data import OwnData
from tests.helpers.e2e_table import Table


async def test_a_player_gets_his_data_privately_and_not_twice_at_once(table: Table) -> None:
    commands = {c["name"]: c for c in table.fake.commands(table.guild)}
    assert commands["meine-daten"]["name_localizations"]["en-US"] == "my-data"
    OwnData.exports.given.clear()
    await table.open_and_start(table.anna, table.ben)
    public_before = len(table.public())

    answer = await table.slash(table.anna, "meine-daten")
    message = answer.message
    assert message.visibility == "ephemeral"
    assert "Gespeichert: 1 Spiel" in message.content
    assert "meine-croupier-daten.json" in message.content
    [(name, data)] = table.fake.attachment_files(message)
    assert name == "meine-croupier-daten.json" and data is not None
    mine = json.loads(data)
    assert mine["user"]["id"] == str(table.anna.id)
    assert [game["seat"] for game in mine["games"]] == [1]
    assert str(table.ben.id) not in data.decode()

    again = await table.slash(table.anna, "meine-daten")
    assert again.message.visibility == "ephemeral"
    assert "Frag in 10 Minuten wieder" in again.message.content
    assert not table.fake.attachment_files(again.message)
    other = await table.slash(table.ben, "meine-daten")  # one person's wait is his own
    assert table.fake.attachment_files(other.message)
    assert len(table.public()) == public_before
