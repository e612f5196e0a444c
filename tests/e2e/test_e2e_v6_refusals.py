"""Clicks that must change nothing: out of turn, by strangers, stale, double; restarts."""

from __future__ import annotations

from bot.i18n import t
from loopback import bot_running
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table


def state_of(table: Table) -> list[tuple[int, int, str]]:
    return [(m.id, m.edits, m.text()) for m in table.public()]


async def test_out_of_turn_click_is_refused_privately(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    before = state_of(table)
    refused = await table.press(table.ben, "weiter")
    assert refused.response_type == 4
    assert refused.message.visibility == "ephemeral" and refused.message.audience == table.ben.id
    assert "nicht am Zug" in refused.message.content
    assert state_of(table) == before
    assert table.dice.queue == []  # nothing was rolled


async def test_a_stranger_cannot_act_or_open_prompts(table: Table) -> None:
    stranger = table.fake.add_user("Zoe", guild=table.guild)
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    before = state_of(table)
    refused = await table.press(stranger, "begin")
    assert refused.message.visibility == "ephemeral"
    assert refused.message.content == t("game.not_a_player")  # he does not play here
    assert state_of(table) == before


async def test_double_click_and_stale_buttons_are_refused(table: Table) -> None:
    table.dice.add(3, 2, 4)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    stale = table.table_message()
    old_weiter = next(c for c in stale.custom_ids() if click_of(c).verb == "weiter")
    await table.press(table.anna, "weiter")  # 2 -> 5; the message now carries a new version
    # a second click on the same button arrives with the old custom id (the client still
    # showed the old message): put it back on the message as such a client would have it
    message = table.table_message()
    message.rows()[0]["components"][0]["custom_id"] = old_weiter
    refused = await table.fake.click(table.anna, message, old_weiter)
    await table.settled()
    assert refused.message.visibility == "ephemeral"
    assert "veraltet" in refused.message.content
    assert table.dice.queue == [4]  # the second weiter rolled nothing


async def test_a_player_with_closed_dms_plays_normally(table: Table) -> None:
    table.fake.set_dms_open(table.ben, False)
    table.dice.add(3, 4)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben)
    await table.press(table.ben, "stopp")
    assert any("Ergebnis Durchgang 1" in m.text() for m in table.public())


async def test_a_restart_mid_turn_keeps_the_old_buttons_working(table: Table) -> None:
    table.dice.add(3, 2, 5)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    await table.press(table.anna, "weiter")  # 5
    message = table.table_message()
    assert table.bot is not None
    await table.bot.close()
    restarted = table.new_bot()
    async with bot_running(table.fake, restarted):
        click = await table.press(table.anna, "weiter", message)  # the same message
        assert click.response_type == 7
        await table.press(table.anna, "stopp")
    assert "Prinzessin mit 10 Augen" in message.text()  # the old message, closed by stopp


async def test_every_interaction_was_answered_once_and_in_time(table: Table) -> None:
    table.dice.add(3, 1, 4)
    opened = await table.fake.slash(table.anna, table.channel, "v6 tisch", durchgaenge=1)
    interactions = [opened]
    assert opened.message is not None
    interactions.append(await table.press(table.ben, "join", opened.message))
    interactions.append(await table.press(table.ben, "join", opened.message))  # refused: twice
    interactions.append(await table.press(table.ben, "start", opened.message))  # refused: not host
    interactions.append(await table.press(table.anna, "start", opened.message))
    interactions.append(await table.start_turn(table.anna))
    interactions.append(await table.press(table.anna, "weiter"))
    for interaction in interactions:
        assert interaction.response_type is not None
        assert interaction.responded_after is not None and interaction.responded_after < 3
    assert "schon am Tisch" in interactions[2].message.content
    assert "Nur wer den Tisch eröffnet hat" in interactions[3].message.content
    assert table.fake.violations == []


async def test_host_pauses_stands_in_and_resumes(table: Table) -> None:
    table.dice.add(3, 4)
    await table.open_and_start(table.anna, table.ben)
    refused = await table.slash(table.ben, "v6 pause")
    assert "nur Admins" in refused.message.content
    table.cem.permissions |= 1 << 5  # Cem hosts (Manage Server), he does not play
    paused = await table.slash(table.cem, "v6 pause", grund="vertagt auf Freitag")
    assert paused.message.visibility == "public" and "vertagt auf Freitag" in paused.message.content
    assert not any(m.custom_ids() for m in table.public())  # no buttons while paused
    blocked = await table.slash(table.anna, "weiter")
    assert "pausiert" in blocked.message.content
    await table.slash(table.cem, "v6 fortsetzen")
    assert click_of(table.table_message().custom_ids()[0]).verb == "begin"
    stood_in = await table.slash(
        table.cem, "v6 vertreten", spieler=table.anna, aktion="ohne_joker", grund="abwesend"
    )
    assert "handelt für" in stood_in.message.content and stood_in.message.visibility == "public"
    assert "Freiwurf" in table.table_message().text()
    log = table.bot.service.store.events(table.bot.service.tables.find(table.channel.id, None) or 0)  # type: ignore[union-attr]
    assert log[-1].action["by_host"] == str(table.cem.id)
