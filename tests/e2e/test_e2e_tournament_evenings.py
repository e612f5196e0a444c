"""Evenings that wait: a group whose evening is set waits (its table paused, no clock)
until that evening; then its thread pings the players and the table opens. A group that
already plays, or one whose evening is cancelled, plays at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.tournament.evening_time import BERLIN, parse_evening
from cogs.tournament.evening_calls import open_evenings
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import MANAGE_GUILD, play_thread, tournament
from tests.helpers.e2e_table import Table

EVENING = ("2099-11-28", "19:30")
MEDIA_GALLERY = 12


def live(table: Table, thread: object) -> object:
    return [m for m in table.fake.channel_messages(thread) if m.custom_ids()][-1]  # type: ignore[arg-type]


async def test_a_group_waits_for_its_evening_and_then_plays(table: Table) -> None:
    fake = table.fake
    _, users = await tournament(table, players=8)
    first, second = fake.threads(table.channel)
    service = table.bot.service  # type: ignore[union-attr]
    waiting_game = service.tables.find(second.id, None)
    assert waiting_game is not None

    too_long = await fake.slash_unchecked(
        table.anna, table.channel, "turnier termin", gruppe=2, datum=EVENING[0],
        uhrzeit=EVENING[1], wartezeit=500,
    )  # fmt: skip
    assert too_long.message.visibility == "ephemeral" and "120" in too_long.message.text()
    await table.slash(table.anna, "turnier termin", gruppe=2, datum=EVENING[0], uhrzeit=EVENING[1],
                      wartezeit=30)  # fmt: skip
    await table.settled()
    assert service.tables.current(waiting_game).status == "paused"
    assert service.clocks.of(waiting_game).deadline is None  # no clock before the evening
    cards = [m for m in fake.channel_messages(second) if m.components]  # not a ping line
    assert "wartet auf den Abend" in cards[-1].text()
    assert [m for m in fake.channel_messages(second) if m.custom_ids()] == []  # nothing to press

    await play_thread(table, first, users)  # the group without an evening plays at once
    evening = parse_evening(*EVENING, BERLIN)
    bot = table.bot
    assert await open_evenings(bot, evening - timedelta(minutes=1)) == 0  # type: ignore[arg-type]
    assert await open_evenings(bot, evening + timedelta(minutes=1)) == 1  # type: ignore[arg-type]
    await table.settled()
    assert service.tables.current(waiting_game).status == "paused"  # the check-in runs
    begins = [m for m in fake.channel_messages(second) if "Abend von Gruppe 2 beginnt" in m.text()]
    assert len(begins) == 1
    seated = service.tables.current(waiting_game).players
    for player_id in seated:
        assert f"<@{player_id}>" in begins[0].text()
    stranger = next(u for u in users.values() if str(u.id) not in seated)
    refused = await table.press(stranger, "checkin", begins[0])
    assert "nicht in Gruppe 2" in refused.message.text()
    present, absent = seated[:-1], seated[-1]
    for player_id in present:
        answered = await table.press(users[int(player_id)], "checkin", begins[0])
        assert answered.message.visibility == "ephemeral" and "dabei" in answered.message.text()
    again = await table.press(users[int(present[0])], "checkin", begins[0])
    assert "schon eingecheckt" in again.message.text()

    assert await open_evenings(bot, evening + timedelta(minutes=16)) == 0  # type: ignore[arg-type]
    assert await open_evenings(bot, evening + timedelta(minutes=31)) == 1  # the host's 30
    await table.settled()
    assert service.tables.current(waiting_game).status == "open"
    opened = [m for m in fake.channel_messages(second) if "Gruppe 2 ist offen" in m.text()]
    assert len(opened) == 1 and f"Nicht eingecheckt: <@{absent}>" in opened[0].text()
    assert absent in service.clocks.of(waiting_game).absent  # the absence rule plays for him
    await play_thread(table, second, users)  # the evening is played
    assert any("Finale ist ausgelost" in m.text() for m in table.public())


async def test_the_host_starts_a_waiting_group_and_withdraws_who_is_missing(table: Table) -> None:
    fake = table.fake
    await tournament(table, players=8)
    first, second = fake.threads(table.channel)
    service = table.bot.service  # type: ignore[union-attr]
    one, two = (service.tables.find(t.id, None) or 0 for t in (first, second))
    for group in (1, 2):
        await table.slash(table.anna, "turnier termin", gruppe=group, datum=EVENING[0],
                          uhrzeit=EVENING[1])  # fmt: skip
    await table.settled()
    refused = await table.slash(table.ben, "turnier starten", gruppe=2)
    assert refused.message.visibility == "ephemeral" and "Turnierleitung" in refused.message.text()
    early = await table.slash(table.anna, "turnier starten", gruppe=2)  # before its evening
    await table.settled()
    assert early.message.text() == "Gruppe 2 spielt jetzt."  # no check-in ran: nobody missing
    assert service.tables.current(two).status == "open"
    again = await table.slash(table.anna, "turnier starten", gruppe=2)
    assert "wartet nicht" in again.message.text()

    at = parse_evening(*EVENING, BERLIN)
    assert await open_evenings(table.bot, at + timedelta(minutes=1)) == 1  # type: ignore[arg-type]
    started = await table.slash(table.anna, "turnier starten", gruppe=1, fehlende="ausschliessen")
    await table.settled()
    assert "4 nicht eingecheckt" in started.message.text()  # called, and nobody came
    assert service.tables.current(one).status != "paused"  # all absent: it plays itself out
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    withdrawn = service.tables.current(tid).public["withdrawn"]
    assert sorted(withdrawn) == sorted(service.tables.current(one).players)


async def test_a_table_that_began_plays_on_and_a_cancelled_evening_opens(table: Table) -> None:
    fake = table.fake
    _, users = await tournament(table, players=8)
    first, second = fake.threads(table.channel)
    service = table.bot.service  # type: ignore[union-attr]
    await play_thread(table, first, users, turns=1)  # someone acted at group 1's table
    for group in (1, 2):
        await table.slash(table.anna, "turnier termin", gruppe=group, datum=EVENING[0],
                          uhrzeit=EVENING[1])  # fmt: skip
    await table.settled()
    one, two = (service.tables.find(t.id, None) for t in (first, second))
    assert service.tables.current(one or 0).status == "open"  # it began: it plays on
    assert service.tables.current(two or 0).status == "paused"

    await table.slash(table.anna, "turnier absagen", gruppe=2, grund="spontan heute")
    await table.settled()
    assert service.tables.current(two or 0).status == "open"
    message = live(table, second)
    verbs = {click_of(c).verb for c in message.custom_ids()}  # type: ignore[attr-defined]
    assert verbs & {"begin", "weiter", "stopp"}


async def test_an_evening_as_a_german_host_writes_it(table: Table) -> None:
    """01.12.2099 and 20 Uhr, in the server's zone: taken, and shown as Discord shows a
    moment; what cannot be read is refused privately, saying how to write it."""
    await tournament(table, players=8)
    service = table.bot.service  # type: ignore[union-attr]
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    set_ = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="01.12.2099", uhrzeit="20 Uhr"
    )
    at = parse_evening("2099-12-01", "20:00", BERLIN)
    assert set_.message.visibility == "public"
    assert f"<t:{int(at.timestamp())}:F>" in set_.message.text()
    group = service.tables.current(tid).public["rounds"][-1]["groups"][0]
    assert group["evening"] == at.isoformat()
    bad = await table.slash(table.anna, "turnier termin", gruppe=1, datum="1.13.", uhrzeit="20")
    assert bad.message.visibility == "ephemeral"
    assert bad.message.text() == "Den 1.13. gibt es nicht im Kalender."
    unread = await table.slash(table.anna, "turnier termin", gruppe=1, datum="bald", uhrzeit="20")
    assert unread.message.visibility == "ephemeral" and "01.12.2026" in unread.message.text()
    assert (
        service.tables.current(tid).public["rounds"][-1]["groups"][0]["evening"] == group["evening"]
    )


async def test_the_host_sees_the_check_ins_and_the_open_table_pings_who_acts(
    table: Table,
) -> None:
    """The call shows who has checked in; when the table opens, its "Bin dabei" closes (in
    the thread and in the reminders), and a new message pings whoever is to act."""
    fake = table.fake
    _, users = await tournament(table, players=8)
    _, second = fake.threads(table.channel)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(second.id, None) or 0
    await table.slash(table.anna, "turnier termin", gruppe=2, datum=EVENING[0],
                      uhrzeit=EVENING[1])  # fmt: skip
    evening = parse_evening(*EVENING, BERLIN)
    cog = table.bot.get_cog("TournamentCog")  # type: ignore[union-attr]
    assert await cog.remind_due(evening - timedelta(minutes=30)) == 1  # type: ignore[union-attr]
    assert await open_evenings(table.bot, evening + timedelta(minutes=1)) == 1  # type: ignore[arg-type]
    await table.settled()
    (call,) = [m for m in fake.channel_messages(second) if "beginnt" in m.text()]
    seated = service.tables.current(game).players
    one, two = users[int(seated[0])], users[int(seated[1])]
    await table.press(one, "checkin", call)
    assert f"Eingecheckt (1 von 4): <@{one.id}>" in call.text()
    (reminder,) = [m for m in fake.private_messages(two) if "Erinnerung" in m.text()]
    await table.press(two, "checkin", reminder)  # from the reminder: the call shows it too
    assert f"Eingecheckt (2 von 4): <@{one.id}>, <@{two.id}>" in call.text()

    mark = len(fake.notifications)
    assert await open_evenings(table.bot, evening + timedelta(minutes=16)) == 1  # type: ignore[arg-type]
    await table.settled()
    assert call.custom_ids() == [] and "Eingecheckt (2 von 4)" in call.text()  # closed
    assert reminder.custom_ids() == []
    (opened,) = [m for m in fake.channel_messages(second) if "ist offen" in m.text()]
    to_act = service.tables.current(game).to_act
    assert opened.edits == 0 and opened.id > call.id  # a new message, after the call
    told = fake.notified(int(to_act[0]), mark)
    assert len(told) == 1 and told[0].channel_id == second.id  # once, in the group's thread


def alt_texts(components: list[Any]) -> list[str]:
    """The pictures' alt texts in a message's components (a media gallery's items)."""
    found = []
    for component in components:
        if component.get("type") == MEDIA_GALLERY:
            found += [item.get("description") or "" for item in component["items"]]
        found += alt_texts(component.get("components") or [])
    return found


async def test_the_evenings_picture_follows_the_stechen(table: Table) -> None:
    """Two level on points and eyes for the second place: the group's result settles it by
    a Stechen, and the evening's picture in the thread shows the same places (not two
    second places)."""
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    # Durchgang 1 in seat order, Durchgang 2 the other way round: the first seat 5 and 5,
    # the second 4 and 2, the third 2 and 4 (level: 6 points, 6 eyes); Stechen 2 against 5
    table.dice.add(5, 4, 2, 4, 2, 5, 2, 5, *([4, 2, 6, 5, 1, 3] * 20))
    created = await table.slash(
        table.anna, "turnier erstellen", name="Cup", gruppe=3, durchgaenge=2, finale=2
    )
    for user in (table.anna, table.ben, table.cem):
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)
    (thread,) = table.fake.threads(table.channel)
    users = {u.id: u for u in (table.anna, table.ben, table.cem)}
    game = table.bot.service.tables.find(thread.id, None) or 0  # type: ignore[union-attr]
    first, second, third = table.bot.service.tables.current(game).players  # type: ignore[union-attr]
    await play_thread(table, thread, users)
    await table.settled()

    (result,) = [m for m in table.public() if "Gruppe 1 (Runde 1) ist fertig" in m.text()]
    assert f"2. <@{third}> – 6 Punkte, 6 Augen\n3. <@{second}> – 6 Punkte, 6 Augen" in (
        result.text()
    )
    assert "Stechen" in result.text()
    (evening,) = [m for m in table.fake.channel_messages(thread) if "abend.png" in m.attachments]
    (alt,) = alt_texts(evening.components)
    names = {p: table.fake.users[int(p)].name for p in (first, second, third)}
    assert f"2. {names[third]}:" in alt and f"3. {names[second]}:" in alt, alt
