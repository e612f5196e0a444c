"""``/server-daten`` on the loopback Discord: a member without Manage Server is refused;
an admin gets the server's file privately (not twice at once); the erasure asks twice, a
wrong word erases nothing, the right one ends the running table with a line in its channel
and erases the server's every row."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from datetime import timedelta

from bot.privacy.server_data import due, has_data, mark_left
from bot.store.columns import utcnow
from cogs.server_data import PENDING_SECONDS, Pending, ServerData
from tests.helpers.e2e_table import Table
from tests.helpers.every_row import every_row

MANAGE_GUILD = 1 << 5


async def test_only_an_admin_gets_the_servers_file_and_not_twice_at_once(table: Table) -> None:
    commands = {c["name"]: c for c in table.fake.commands(table.guild)}
    assert commands["server-daten"]["name_localizations"]["en-US"] == "server-data"
    await table.open_and_start(table.anna, table.ben)

    refused = await table.slash(table.ben, "server-daten export")
    assert refused.message.visibility == "ephemeral"
    assert "Server verwalten" in refused.message.content
    assert not table.fake.attachment_files(refused.message)

    table.anna.permissions |= MANAGE_GUILD
    answer = await table.slash(table.anna, "server-daten export")
    message = answer.message
    assert message.visibility == "ephemeral" and "1 Spiel" in message.content
    [(name, data)] = table.fake.attachment_files(message)
    assert name == "croupier-server-daten.json" and data is not None
    kept = json.loads(data)
    assert kept["server"] == table.guild.id and "web_key" not in kept["settings"]
    [game] = kept["games"]
    assert game["format"] == "croupier-game/2" and game["events"]
    again = await table.slash(table.anna, "server-daten export")
    assert "in 10 Minuten" in again.message.content
    assert not table.fake.attachment_files(again.message)


async def test_an_admin_erases_the_server_after_two_confirmations(table: Table) -> None:
    assert table.bot is not None
    engine = table.bot.service.store.engine
    await table.open_and_start(table.anna, table.ben)
    assert has_data(engine, table.guild.id)

    refused = await table.slash(table.ben, "server-daten löschen")
    assert refused.message.visibility == "ephemeral" and not refused.message.custom_ids()

    table.anna.permissions |= MANAGE_GUILD
    asked = await table.slash(table.anna, "server-daten löschen")
    prompt = asked.message
    assert prompt.visibility == "ephemeral" and table.guild.name in prompt.text()
    [button] = prompt.custom_ids()
    form = await table.fake.click(table.anna, prompt, button)
    await table.settled()
    assert form.response_type == 9 and form.modal is not None
    [field] = [c["custom_id"] for row in form.modal["components"] for c in row["components"]]
    wrong = await table.fake.submit_modal(table.anna, form, {field: "vielleicht"})
    await table.settled()
    assert wrong.message.visibility == "ephemeral" and "Nichts wurde gelöscht" in (
        wrong.message.content
    )
    assert has_data(engine, table.guild.id)
    late = await table.fake.click(table.anna, prompt, button)  # used up: ask again
    await table.settled()
    assert late.modal is None

    asked = await table.slash(table.anna, "server-daten löschen")
    form = await table.fake.click(table.anna, asked.message, asked.message.custom_ids()[0])
    await table.settled()
    public_before = len(table.public())
    # not in memory (a shard taken over, not read since): ended all the same
    assert table.bot.service.tables.drop(lambda guild: guild == table.guild.id)
    done = await table.fake.submit_modal(table.anna, form, {field: "löschen"})
    await table.settled()
    [answer] = done.followups
    assert answer.visibility == "ephemeral" and "Gelöscht: 1 Spiel" in answer.content
    assert "1 laufender Tisch wurde zuerst beendet" in answer.content
    said = [m.text() for m in table.public()[public_before:]]
    assert any("Daten dieses Servers gelöscht" in text for text in said), said
    assert not has_data(engine, table.guild.id)


async def _until(condition: Callable[[], bool]) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot did not get there")


async def test_removal_marks_the_server_and_the_return_clears_it(table: Table) -> None:
    assert table.bot is not None
    engine, guild = table.bot.service.store.engine, table.guild
    await table.open_and_start(table.anna, table.ben)
    table.fake.listener.dispatch("GUILD_DELETE", {"id": str(guild.id)})
    await _until(lambda: due(engine, 0, utcnow() + timedelta(seconds=1)) == [guild.id])
    assert due(engine, 30) == [] and has_data(engine, guild.id)
    assert await ServerData(table.bot).sweep() == []  # within the grace period: kept

    joined = {k: v for k, v in table.fake.guild_create(guild).items() if k != "unavailable"}
    table.fake.listener.dispatch("GUILD_CREATE", joined)  # as Discord says a join
    await _until(lambda: due(engine, 0, utcnow() + timedelta(seconds=1)) == [])
    assert has_data(engine, guild.id)

    directory = table.bot.service.directory
    directory.set_guild_locale(guild.id, "fr")
    mark_left(engine, guild.id, utcnow() - timedelta(days=31))  # gone a month ago
    [erased] = await ServerData(table.bot).sweep()
    assert erased.guild_id == guild.id and erased.games == 1
    assert not has_data(engine, guild.id) and directory.guild_locale(guild.id) == "de"


async def test_an_erasure_ends_a_running_tournament_and_its_group_first(table: Table) -> None:
    assert table.bot is not None
    engine = table.bot.service.store.engine
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 60))
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst", durchgaenge=1)
    for user in (table.anna, table.ben, table.cem):
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)
    [thread] = table.fake.threads(table.channel)

    asked = await table.slash(table.anna, "server-daten löschen")
    form = await table.fake.click(table.anna, asked.message, asked.message.custom_ids()[0])
    await table.settled()
    [field] = [c["custom_id"] for row in form.modal["components"] for c in row["components"]]
    done = await table.fake.submit_modal(table.anna, form, {field: table.guild.name})
    await table.settled()
    [answer] = done.followups
    assert "2 laufende Tische wurden zuerst beendet" in answer.content, answer.content
    said = [m.text() for m in table.fake.channel_messages(thread)] + [
        m.text() for m in table.public()
    ]
    assert sum("Daten dieses Servers gelöscht" in text for text in said) == 2, said
    assert not has_data(engine, table.guild.id)
    rows = every_row(table.bot.service.store)
    assert rows["games"] == [] and rows["game_events"] == [] and rows["game_results"] == []
    assert not any(str(table.guild.id) in str(row) for found in rows.values() for row in found)


async def test_an_unconfirmed_erasure_is_forgotten_once_expired(table: Table) -> None:
    """A confirmation never given lives in memory only until it expires: the next request
    forgets every expired one (its server's and its admin's ids with it)."""
    table.anna.permissions |= MANAGE_GUILD
    assert table.bot is not None  # the bot loads its cogs' modules anew: its own class
    pending = table.bot.get_cog("ServerData").pending  # type: ignore[union-attr]
    assert pending == {}
    long_ago = time.monotonic() - PENDING_SECONDS - 1
    pending["stale"] = Pending(table.guild.id, table.ben.id, long_ago)
    pending["fresh"] = Pending(table.guild.id, table.cem.id, time.monotonic())
    asked = await table.slash(table.anna, "server-daten löschen")
    assert asked.message.custom_ids()
    assert "stale" not in pending and "fresh" in pending
    assert len(pending) == 2  # the fresh one and Anna's new one
