"""A tournament on the loopback Discord: 8 users, two groups in threads, a Finale of 4."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from loopback import bot_running
from loopback.entities import CREATE_EVENTS, MANAGE_EVENTS, iter_components
from tests.helpers.e2e_play import MANAGE_GUILD, play_thread
from tests.helpers.e2e_table import Table


async def test_an_eight_player_tournament_to_the_champion(table: Table) -> None:
    fake = table.fake
    players = [table.anna, table.ben, table.cem]
    players += [fake.add_user(f"P{i}", guild=table.guild) for i in range(5)]
    fake.set_dms_open(players[4], False)
    users = {u.id: u for u in players}
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True  # the group draws stay audited; every d6 is scripted
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 60))  # only Freiwürfe and Stechen: eyes = Freiwurf

    created = await table.slash(table.anna, "turnier erstellen", name="Herbst", durchgaenge=1)
    registration = created.message
    for user in players:
        joined = await table.press(user, "register", registration)
        (note,) = await joined.wait_followup()
        assert note.visibility == "ephemeral" and note.audience == user.id
        if user is players[4]:
            assert "DMs sind geschlossen" in note.content
        else:
            assert "Direktnachricht" in note.content
    assert all(fake.private_messages(u) for u in players)
    assert "Angemeldet (8)" in registration.text()
    refused = await table.press(table.ben, "close", registration)
    assert "Turnierleitung" in refused.message.content

    await table.press(table.anna, "close", registration)
    threads = fake.threads(table.channel)
    assert len(threads) == 2
    assert any("Runde 1: die Gruppen sind ausgelost" in m.text() for m in table.public())
    await play_thread(table, threads[0], users, turns=3)  # mid-evening: adjourned, restarted
    adjourned = await fake.slash(table.anna, threads[0], "v6 pause", grund="Fortsetzung morgen")
    assert "Fortsetzung morgen" in adjourned.message.content
    assert table.bot is not None
    await table.bot.close()
    table.bot = table.new_bot()
    async with bot_running(fake, table.bot):
        await fake.slash(table.anna, threads[0], "v6 fortsetzen")
        await table.settled()
        for thread in threads:
            await play_thread(table, thread, users)
        await finish_tournament(table, registration, users)


async def finish_tournament(table: Table, registration: Any, users: dict[int, Any]) -> None:
    fake = table.fake
    tables = [m for m in table.public() if "ist fertig" in m.text()]
    assert len(tables) == 2
    assert all(m.attachments == ["tabelle.png"] for m in tables)
    stand = await table.slash(table.cem, "turnier stand")
    assert stand.message.visibility == "ephemeral" and "Stand: Runde 2" in stand.message.text()
    assert stand.message.attachments == ["turnier.png"]  # the bracket so far
    assert "Runde 1 · Gruppe 1" in stand.message.text() and "✓" in stand.message.text()
    assert "noch nicht gespielt" in stand.message.text()  # the Finale's players, no result
    finale_threads = [c for c in fake.threads(table.channel) if "Finale" in c.name]
    assert len(finale_threads) == 1
    there = await fake.slash(table.cem, finale_threads[0], "turnier stand")  # a group's thread
    await table.settled()
    assert there.message.visibility == "ephemeral" and "Stand: Runde 2" in there.message.text()
    seen: set[str] = set()
    await play_thread(table, finale_threads[0], users, seen=seen)
    assert "pickfree" in seen  # Freie Jokerwahl offered in the Finale
    champion = [m for m in table.public() if "gewinnt das Turnier" in m.text()]
    assert len(champion) == 1
    assert "Seed `" in champion[0].text()
    refused = await table.slash(table.ben, "turnier export")
    assert "Turnierleitung" in refused.message.content
    export = await table.slash(table.anna, "turnier export")
    assert export.message.attachments == ["stand.csv", "protokoll.json"]
    assert export.message.visibility == "ephemeral"
    await check_bracket(table)


async def check_bracket(table: Table) -> None:
    """The finished tournament's /turnier stand: the bracket picture, and every number of
    it in the text: each group's places, points and eyes, who went through, the champion."""
    stand = await table.slash(table.ben, "turnier stand")
    assert stand.message.attachments == ["turnier.png"]
    text = stand.message.text()
    game_id = table.bot.service.tables.latest_in_channel("turnier", table.channel.id)  # type: ignore[union-attr]
    tour = table.bot.service.tables.current(game_id or 0).public  # type: ignore[union-attr]
    assert [len(r["groups"]) for r in tour["rounds"]] == [2, 1]
    named = {str(u.id): u.name for u in table.fake.users.values()}
    for rnd in tour["rounds"]:
        for group in rnd["groups"]:
            for place, row in enumerate(group["table"], 1):
                points, eyes = (
                    t("n.points", "de", count=row["points"]),
                    t("n.eyes", "de", count=row["eyes"]),
                )
                line = f"{place}. {named[row['player']]} – {points}, {eyes}"
                through = row["player"] in rnd["advanced"] or (rnd["finale"] and place == 1)
                assert (line + " ✓" if through else line + "\n") in text + "\n", line
    assert f"**Turniersieger** · {named[tour['champion']]}" in text


async def test_a_host_correction_changes_the_group_table(table: Table) -> None:
    fake = table.fake
    players = [table.anna, table.ben, table.cem] + [
        fake.add_user(f"Q{i}", guild=table.guild) for i in range(5)
    ]
    users = {u.id: u for u in players}
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 60))
    created = await table.slash(table.anna, "turnier erstellen", name="Winter", durchgaenge=1)
    for user in players:
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)
    first = fake.threads(table.channel)[0]
    await play_thread(table, first, users)
    done = [m for m in table.public() if "ist fertig" in m.text()][-1]
    last_line = done.text().strip().splitlines()[-1]
    loser_id = next(u.id for u in players if f"<@{u.id}>" in last_line)
    refused = await table.slash(
        table.ben,
        "turnier korrigieren",
        gruppe=1,
        spieler=users[loser_id],
        punkte=99,
        augen=99,
        grund="x",
    )
    assert "Turnierleitung" in refused.message.content
    corrected = await table.slash(
        table.anna,
        "turnier korrigieren",
        gruppe=1,
        spieler=users[loser_id],
        punkte=99,
        augen=99,
        grund="Würfel falsch abgelesen",
    )
    assert corrected.message.visibility == "public"
    stand = await table.slash(table.ben, "turnier stand")
    assert stand.message.attachments == ["turnier.png"]
    assert "99 Punkte" in stand.message.text()  # the text carries the picture's rows
    text = corrected.message.text()
    assert "Würfel falsch abgelesen" in text
    assert f"1. <@{loser_id}> – 99 Punkte" in text
    log = table.bot.service.records.export_log(
        table.bot.service.tables.latest_in_channel("turnier", table.channel.id) or 0
    )  # type: ignore[union-attr]
    assert log[-1]["action"]["reason"] == "Würfel falsch abgelesen"


async def test_scheduling_an_evening_creates_an_event_and_reminders(table: Table) -> None:
    from datetime import timedelta

    from cogs.tournament.commands import parse_evening

    fake = table.fake
    players = [table.anna, table.ben, table.cem, fake.add_user("Dora", guild=table.guild)]
    fake.set_dms_open(table.cem, False)
    table.ben.locale = "en-US"  # his reminder and its button: English
    table.anna.permissions |= MANAGE_GUILD
    table.guild.bot_permissions |= CREATE_EVENTS
    table.dice.d6_only = True  # the draw stays audited
    created = await table.slash(table.anna, "turnier erstellen", name="Advent", durchgaenge=1)
    for user in players:
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)

    past = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2020-01-01", uhrzeit="19:30"
    )
    assert "Vergangenheit" in past.message.content
    scheduled = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2099-11-28", uhrzeit="19:30"
    )
    stamp = int(parse_evening("2099-11-28", "19:30").timestamp())  # Berlin by default
    assert f"<t:{stamp}:F>" in scheduled.message.content
    await fake.wait_until(lambda: bool(fake.scheduled_events))  # created after the answer
    assert [e["name"] for e in fake.scheduled_events] == ["Advent: Gruppe 1"]

    cog = table.bot.get_cog("TournamentCog")  # type: ignore[union-attr]
    evening = parse_evening("2099-11-28", "19:30")
    assert await cog.remind_due(evening - timedelta(hours=2)) == 0  # too early
    thread = fake.threads(table.channel)[0]
    fake.archive(thread)  # a week without a word in it
    await fake.wait_until(lambda: table.bot.get_channel(thread.id) is None)  # type: ignore[union-attr]
    assert await cog.remind_due(evening - timedelta(minutes=30)) == 1
    woken = [c for c in fake.rest_log if c.method == "PATCH" and c.path == f"/channels/{thread.id}"]
    assert [c.json for c in woken] == [{"archived": False}]  # for the evening, before a post
    assert not thread.archived
    assert await cog.remind_due(evening - timedelta(minutes=20)) == 0  # once only
    for user, said, button in (
        (table.anna, "Erinnerung", "Bin dabei"),
        (table.ben, "Reminder", "I'm in"),
        (players[3], "Erinnerung", "Bin dabei"),
    ):
        dms = [m for m in fake.private_messages(user) if m.visibility == "dm"]
        (reminder,) = [m for m in dms if said in m.text()]
        assert f"<t:{stamp}:F> (<t:{stamp}:R>)" in reminder.text()
        assert [c.get("label") for c in iter_components(reminder.components)] == [button]
    thread = fake.threads(table.channel)[0]
    assert any(
        f"<@{table.cem.id}>" in m.text() and f"<t:{stamp}:F>" in m.text()
        for m in fake.channel_messages(thread)
    )


async def test_manage_events_alone_no_longer_creates_an_evenings_event(table: Table) -> None:
    """Since 2026-02-23 a bot needs Create Events to create a scheduled event: with Manage
    Events alone the evening is set, and the host is told privately what is missing."""
    fake = table.fake
    players = [table.anna, table.ben, table.cem, fake.add_user("Dora", guild=table.guild)]
    table.anna.permissions |= MANAGE_GUILD
    table.guild.bot_permissions = table.guild.bot_permissions & ~CREATE_EVENTS | MANAGE_EVENTS
    table.dice.d6_only = True
    created = await table.slash(table.anna, "turnier erstellen", name="Advent", durchgaenge=1)
    for user in players:
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)
    scheduled = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2099-11-28", uhrzeit="19:30"
    )
    assert "<t:4099573800:F>" in scheduled.message.content  # the evening is set, Berlin time
    (missing,) = await scheduled.wait_followup()
    assert missing.visibility == "ephemeral" and missing.audience == table.anna.id
    assert "Events erstellen" in missing.content
    assert fake.scheduled_events == []
