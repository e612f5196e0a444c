"""A tournament's evenings in any time zone, moved and cancelled with their server event,
and a server's tournaments at a glance (``/turnier liste``), on the loopback Discord."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from loopback.entities import CREATE_EVENTS
from tests.helpers.e2e_play import play_thread
from tests.helpers.e2e_table import Table

MANAGE_GUILD = 1 << 5


def unix(*moment: int) -> int:
    return int(datetime(*moment, tzinfo=UTC).timestamp())


async def drawn(table: Table, name: str, players: list[Any], channel: Any = None) -> Any:
    """A tournament in ``channel`` (the table's by default), registration closed."""
    fake, channel = table.fake, channel or table.channel
    created = await fake.slash(table.anna, channel, "turnier erstellen", name=name, durchgaenge=1)
    await table.settled()
    for user in players:
        await table.press(user, "register", created.message)
    await table.press(table.anna, "close", created.message)
    return created.message


def tournament(table: Table, channel: Any = None) -> dict[str, Any]:
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.latest_in_channel("turnier", (channel or table.channel).id)
    public: dict[str, Any] = service.tables.current(game_id or 0).public
    return public


async def test_an_evening_in_new_york_time_moved_and_cancelled(table: Table) -> None:
    fake = table.fake
    table.anna.permissions |= MANAGE_GUILD
    table.guild.bot_permissions |= CREATE_EVENTS
    table.dice.d6_only = True
    await drawn(
        table,
        "Advent",
        [table.anna, table.ben, table.cem, fake.add_user("Dora", guild=table.guild)],
    )
    offered = await fake.autocomplete(
        table.anna, table.channel, "turnier termin", "zeitzone", gruppe=1, zeitzone="new_y"
    )
    assert offered[0] == {"name": "America/New_York", "value": "America/New_York"}

    scheduled = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2099-11-28", uhrzeit="19:30",
        zeitzone="America/New_York",
    )  # fmt: skip
    stamp = unix(2099, 11, 29, 0, 30)  # 19:30 in New York is 00:30 UTC the next day
    assert f"<t:{stamp}:F> (<t:{stamp}:R>)" in scheduled.message.content
    assert scheduled.message.visibility == "public"
    group = tournament(table)["rounds"][-1]["groups"][0]
    assert datetime.fromisoformat(group["evening"]).timestamp() == stamp
    await fake.wait_until(lambda: bool(tournament(table)["rounds"][-1]["groups"][0]["event_id"]))
    (event,) = fake.scheduled_events
    assert datetime.fromisoformat(event["scheduled_start_time"]).timestamp() == stamp

    moved = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2099-12-05", uhrzeit="20:00"
    )  # no zone: Berlin
    later = unix(2099, 12, 5, 19, 0)
    assert f"<t:{later}:F>" in moved.message.content
    await fake.wait_until(
        lambda: (
            datetime.fromisoformat(fake.scheduled_events[0]["scheduled_start_time"]).timestamp()
            == later
        )
    )
    assert [e["id"] for e in fake.scheduled_events] == [event["id"]]  # the one event, moved

    cog = table.bot.get_cog("TournamentCog")  # type: ignore[union-attr]
    cancelled = await table.slash(table.anna, "turnier absagen", gruppe=1, grund="Krank")
    assert "abgesagt" in cancelled.message.content and "Krank" in cancelled.message.content
    await fake.wait_until(lambda: fake.scheduled_events == [])
    group = tournament(table)["rounds"][-1]["groups"][0]
    assert group["evening"] is None and group["event_id"] is None
    assert await cog.remind_due(datetime(2099, 12, 5, 18, 30, tzinfo=UTC)) == 0  # no reminder
    again = await table.slash(table.anna, "turnier absagen", gruppe=1)
    assert again.message.visibility == "ephemeral" and "keinen Termin" in again.message.content


async def test_bad_evenings_are_refused_privately_and_change_nothing(table: Table) -> None:
    fake = table.fake
    table.anna.permissions |= MANAGE_GUILD
    table.guild.bot_permissions |= CREATE_EVENTS
    table.dice.d6_only = True
    await drawn(
        table,
        "Advent",
        [table.anna, table.ben, table.cem, fake.add_user("Dora", guild=table.guild)],
    )
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.latest_in_channel("turnier", table.channel.id) or 0
    version = service.tables.current(game_id).version
    cases = [
        ({"datum": "2099-11-28", "uhrzeit": "19:30", "zeitzone": "Mars/Olympus"}, "Zeitzone"),
        ({"datum": "2020-01-01", "uhrzeit": "19:30", "zeitzone": "Asia/Tokyo"}, "Vergangenheit"),
        ({"datum": "2099-02-30", "uhrzeit": "19:30"}, "Den 2099-02-30 gibt es nicht"),
        ({"datum": "28.13.2099", "uhrzeit": "19:30"}, "Den 28.13.2099 gibt es nicht"),
        ({"datum": "bald", "uhrzeit": "19:30"}, "01.12.2026"),
        ({"datum": "28.11.2099", "uhrzeit": "halb 13"}, "halb acht"),
        ({"datum": "28.11.2099", "uhrzeit": "24:00"}, "Die Uhrzeit 24:00 gibt es nicht"),
    ]
    for options, said in cases:
        refused = await table.slash(table.anna, "turnier termin", gruppe=1, **options)
        assert refused.message.visibility == "ephemeral", options
        assert said in refused.message.content, options
    assert service.tables.current(game_id).version == version
    assert tournament(table)["rounds"][-1]["groups"][0]["evening"] is None
    assert fake.scheduled_events == []


async def test_the_list_shows_running_and_finished_tournaments(table: Table) -> None:
    fake = table.fake
    table.anna.permissions |= MANAGE_GUILD
    table.dice.d6_only = True
    table.dice.add(*([4, 2, 6, 5, 1, 3] * 30))
    four = [table.anna, table.ben, table.cem, fake.add_user("Dora", guild=table.guild)]
    users = {u.id: u for u in four}
    herbst, winter = (
        fake.add_channel(table.guild, "herbst"),
        fake.add_channel(table.guild, "winter"),
    )
    await drawn(table, "Herbst", four, herbst)  # a Finale straight away: played to the end
    (finale,) = fake.threads(herbst)
    await play_thread(table, finale, users)
    champion = tournament(table, herbst)["champion"]
    assert champion is not None
    eight = four + [fake.add_user(f"P{i}", guild=table.guild) for i in range(4)]
    await drawn(table, "Winter", eight, winter)  # round 1 running
    await fake.slash(table.anna, table.channel, "turnier erstellen", name="Frühling")
    await table.settled()

    listed = await table.slash(table.ben, "turnier liste")
    assert listed.message.visibility == "ephemeral"
    lines = listed.message.text().splitlines()
    assert lines == [
        "Turniere auf diesem Server",
        f"**Frühling** – Anmeldung (0 angemeldet) – <#{table.channel.id}>",
        f"**Winter** – läuft – Runde 1 – <#{winter.id}>",
        f"**Herbst** – beendet – Sieger <@{champion}> – <#{herbst.id}>",
    ]


async def test_the_servers_time_zone_is_the_default_of_an_evening(table: Table) -> None:
    fake = table.fake
    table.dice.d6_only = True
    refused = await table.slash(table.ben, "zeitzone", zeitzone="America/New_York")
    assert refused.message.visibility == "ephemeral" and "Admins" in refused.message.content
    table.anna.permissions |= MANAGE_GUILD
    unknown = await table.slash(table.anna, "zeitzone", zeitzone="Berlin")
    assert "kenne ich nicht" in unknown.message.content
    chosen = await table.slash(table.anna, "zeitzone", zeitzone="America/New_York")
    assert chosen.message.visibility == "ephemeral" and "America/New_York" in chosen.message.content
    await drawn(
        table, "Advent", [table.anna, table.ben, table.cem, fake.add_user("D", guild=table.guild)]
    )
    scheduled = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2099-11-28", uhrzeit="19:30"
    )
    assert f"<t:{unix(2099, 11, 29, 0, 30)}:F>" in scheduled.message.content  # New York time
    tokyo = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="2099-11-28", uhrzeit="19:30",
        zeitzone="Asia/Tokyo",
    )  # fmt: skip
    assert f"<t:{unix(2099, 11, 28, 10, 30)}:F>" in tokyo.message.content  # the option wins


async def test_evenings_as_people_type_them_in_the_servers_zone(table: Table) -> None:
    """ "morgen" and "halb acht" are read in the server's time zone (tomorrow there, at
    19:30); a date that does not exist is refused as such, privately."""
    fake = table.fake
    table.dice.d6_only = True
    table.anna.permissions |= MANAGE_GUILD
    await table.slash(table.anna, "zeitzone", zeitzone="Pacific/Auckland")
    await drawn(
        table, "Advent", [table.anna, table.ben, table.cem, fake.add_user("D", guild=table.guild)]
    )
    scheduled = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="morgen", uhrzeit="halb acht"
    )
    zone = ZoneInfo("Pacific/Auckland")
    tomorrow = datetime.now(zone).date() + timedelta(days=1)
    at = datetime(tomorrow.year, tomorrow.month, tomorrow.day, 19, 30, tzinfo=zone)
    assert scheduled.message.visibility == "public"
    assert f"<t:{int(at.timestamp())}:F>" in scheduled.message.content

    missing = await table.slash(
        table.anna, "turnier termin", gruppe=1, datum="31.11.2099", uhrzeit="20 Uhr"
    )
    assert missing.message.visibility == "ephemeral"
    assert missing.message.content == "Den 31.11.2099 gibt es nicht im Kalender."
