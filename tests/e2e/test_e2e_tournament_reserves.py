"""Reserves: a player registers as Ersatz, the host seats him for a missing player, and the
seat's points are his (docs/DECISIONS.md); bad substitutions are refused privately."""

from __future__ import annotations

from datetime import timedelta

from bot.tournament.evening_time import BERLIN, parse_evening
from loopback.entities import Channel, Message, User
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import MANAGE_GUILD, play_thread, tournament
from tests.helpers.e2e_table import Table

EVENING = ("2099-11-28", "19:30")


async def test_a_reserve_takes_a_missing_players_seat(table: Table) -> None:
    fake = table.fake
    registration, users = await tournament(table, players=8)
    reserve = fake.add_user("Rita", guild=table.guild)
    joined = await table.press(reserve, "reserve", registration)  # registration is closed
    (note,) = await joined.wait_followup()
    assert note.visibility == "ephemeral" and "Ersatz" in note.content
    assert "Ersatz (1)" in registration.text() and f"<@{reserve.id}>" in registration.text()

    first = fake.threads(table.channel)[0]
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.find(first.id, None)
    assert game_id is not None
    missing = users[int(service.tables.current(game_id).players[1])]
    seated = await table.slash(
        table.anna, "turnier ersetzen", gruppe=1, spieler=missing, ersatz=reserve, grund="krank"
    )
    await table.settled()
    assert seated.message.visibility == "public"
    assert f"<@{reserve.id}> für <@{missing.id}>" in seated.message.text()
    assert str(reserve.id) in service.tables.current(game_id).players
    assert str(missing.id) not in service.tables.current(game_id).players
    assert any(m.visibility == "dm" for m in fake.private_messages(reserve))  # briefed
    assert "Ersatz (1)" not in registration.text()  # no longer waiting

    users[reserve.id] = reserve
    await play_thread(table, first, users)
    done = [m for m in table.public() if "Gruppe 1 (Runde 1) ist fertig" in m.text()][-1]
    assert f"Ersatz: <@{reserve.id}> für <@{missing.id}>" in done.text()
    assert "krank" in done.text() and "<t:" in done.text()  # why, and when, in each zone


async def test_substitutions_that_make_no_sense_are_refused(table: Table) -> None:
    fake = table.fake
    _, users = await tournament(table, players=8)
    first, second = fake.threads(table.channel)
    service = table.bot.service  # type: ignore[union-attr]
    in_one, in_two = (
        [
            users[int(p)]
            for p in service.tables.current(service.tables.find(t.id, None) or 0).players
        ]
        for t in (first, second)
    )
    outsider = fake.add_user("Olaf", guild=table.guild)
    not_host = next(u for u in users.values() if u is not table.anna)
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    before = service.tables.current(tid).version
    for user, options, needle in [
        (table.anna, {"spieler": in_one[0], "ersatz": in_two[0]}, "schon im Turnier"),
        (table.anna, {"spieler": in_two[0], "ersatz": outsider}, "nicht gespielt"),
        (not_host, {"spieler": in_one[0], "ersatz": outsider}, "Turnierleitung"),
    ]:
        refused = await table.slash(user, "turnier ersetzen", gruppe=1, grund="x", **options)
        assert refused.message.visibility == "ephemeral", options
        assert needle in refused.message.text(), (needle, refused.message.text())
    assert service.tables.current(tid).version == before


async def test_one_role_per_person_and_the_second_press_says_which(table: Table) -> None:
    """A reserve who registers plays (and is no reserve any more); a player who offers to
    be a reserve is told he plays; a reserve who steps back is told he is none now."""
    table.anna.permissions |= MANAGE_GUILD
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst")
    card = created.message
    dora = table.fake.add_user("Dora", guild=table.guild)
    await table.press(dora, "reserve", card)
    assert "Ersatz (1)" in card.text()
    moved = await table.press(dora, "register", card)
    (note,) = await moved.wait_followup()
    assert note.visibility == "ephemeral" and "nicht mehr Ersatz" in note.content
    assert "Angemeldet (1)" in card.text() and "Ersatz (" not in card.text()

    again = await table.press(dora, "reserve", card)
    assert again.message.visibility == "ephemeral"
    assert "als Spieler angemeldet" in again.message.text()
    assert "Ersatz (" not in card.text()  # nothing changed

    ben = table.ben
    await table.press(ben, "reserve", card)
    left = await table.press(ben, "unregister", card)
    (note,) = await left.wait_followup()
    assert "nicht mehr Ersatz" in note.content and "Ersatz (" not in card.text()


async def sandbox_cup(table: Table) -> tuple[Message, User, dict[int, User]]:
    """The issue's repro: Sandbox Cup, groups of 2 asked, one Durchgang, a Finale of 2;
    Anna, Ben and Cem play, Dora is Ersatz; the host closed the registration."""
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 60))
    created = await table.slash(
        table.anna, "turnier erstellen", name="Sandbox Cup", gruppe=2, durchgaenge=1, finale=2
    )
    card = created.message
    table.extra["created"] = created
    dora = table.fake.add_user("Dora", guild=table.guild)
    for user in (table.anna, table.ben, table.cem):
        await table.press(user, "register", card)
    await table.press(dora, "reserve", card)
    await table.press(table.anna, "close", card)
    users = {u.id: u for u in (table.anna, table.ben, table.cem, dora)}
    return card, dora, users


async def test_groups_of_two_asked_the_host_is_told_privately_why_they_are_larger(
    table: Table,
) -> None:
    card, _, _ = await sandbox_cup(table)
    (why,) = await table.extra["created"].wait_followup()
    assert why.visibility == "ephemeral" and why.audience == table.anna.id
    assert why.content == (
        "Gruppen zu 2 ließen niemanden ausscheiden: aus jeder Gruppe kommen die besten 2 "
        "weiter. Gelost werden deshalb Gruppen zu mindestens 3."
    )
    assert len(table.fake.threads(table.channel)) == 1  # one group of three
    assert "Gruppen zu mindestens 3" in card.text()


def registration_cards(table: Table, channel: Channel) -> list[Message]:
    """The tournament's registration cards in ``channel`` (they list who registered)."""
    return [m for m in table.fake.channel_messages(channel) if "Angemeldet (" in m.text()]


async def test_a_substitution_typed_in_the_groups_thread_edits_the_one_card(table: Table) -> None:
    """The registration card stays the one in the tournament's channel, edited in place,
    whatever channel the host's command came from; no copy anywhere."""
    fake = table.fake
    card, dora, users = await sandbox_cup(table)
    (thread,) = fake.threads(table.channel)
    assert "Ersatz (1)" in card.text()
    edits = card.edits
    seated = await fake.slash(
        table.anna, thread, "turnier ersetzen", gruppe=1, spieler=table.cem, ersatz=dora,
        grund="krank",
    )  # fmt: skip
    await table.settled()
    assert seated.message.visibility == "public"
    assert card.edits > edits and "Ersatz (" not in card.text()  # Dora plays now
    assert registration_cards(table, thread) == []
    assert registration_cards(table, table.channel) == [card]
    assert fake.violations == []  # no PATCH of a message that is not there

    await play_thread(table, thread, users)
    assert registration_cards(table, thread) == []
    assert registration_cards(table, table.channel) == [card]
    assert fake.violations == []


async def test_a_replaced_player_is_told_and_listed_as_replaced(table: Table) -> None:
    """The player a substitute replaced gets a DM, his reminder's "Bin dabei" closes, and
    the standings say by whom and why he was replaced (not that he withdrew)."""
    fake = table.fake
    _, dora, _ = await sandbox_cup(table)
    cem = table.cem
    await table.slash(table.anna, "turnier termin", gruppe=1, datum=EVENING[0], uhrzeit=EVENING[1])
    cog = table.bot.get_cog("TournamentCog")  # type: ignore[union-attr]
    evening = parse_evening(*EVENING, BERLIN)
    assert await cog.remind_due(evening - timedelta(minutes=30)) == 1  # type: ignore[union-attr]
    await table.settled()
    (reminder,) = [m for m in fake.private_messages(cem) if "Erinnerung" in m.text()]
    assert [click_of(c).verb for c in reminder.custom_ids()] == ["checkin"]

    await table.slash(
        table.anna, "turnier ersetzen", gruppe=1, spieler=cem, ersatz=dora, grund="krank"
    )
    told = [m for m in fake.private_messages(cem) if "eingesetzt" in m.text()]
    assert [m.visibility for m in told] == ["dm"]
    assert told[0].text() == (
        f"Im Turnier „Sandbox Cup“ hat <@{table.anna.id}> für dich <@{dora.id}> in Gruppe 1 "
        "eingesetzt: du spielst dort nicht mehr mit. Grund: krank"
    )
    assert reminder.custom_ids() == [] and "Erinnerung" in reminder.text()  # closed, kept
    (thread,) = fake.threads(table.channel)
    card = [m for m in fake.channel_messages(thread) if m.components][-1]  # the table
    assert "übernimmt den Platz" in card.text()
    assert "⏸ Der Tisch ist pausiert (wartet auf den Abend" in card.text()  # still waits

    standings = (await table.slash(table.ben, "turnier stand")).message.text()
    assert "**Ersetzt** · Cem: ersetzt durch Dora (krank)" in standings
    assert "zurückgezogen" not in standings
