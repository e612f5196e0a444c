"""A season as the community played it, over weeks: 12 players, every group's evening set,
threads archived between evenings and woken, one no-show replaced by a reserve, and a
correction after the Finale that crowns another champion."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.tournament.evening_time import BERLIN, parse_evening
from cogs.tournament.evening_calls import open_evenings
from loopback.entities import Channel
from tests.helpers.e2e_play import play_thread, tournament
from tests.helpers.e2e_table import Table


def thread_of(table: Table, game_id: int) -> Channel:
    service = table.bot.service  # type: ignore[union-attr]
    return next(
        t for t in table.fake.threads(table.channel) if service.tables.find(t.id, None) == game_id
    )


async def evening(table: Table, users: dict[int, Any], number: int, day: int, reserve: Any) -> None:
    """Group ``number`` of the running round: its evening set, its thread archived until
    then, its players checked in (in the first round's first group one does not come and
    the reserve takes his seat), the table started and played."""
    service, fake = table.bot.service, table.fake  # type: ignore[union-attr]
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    date = f"2099-12-{day:02d}"
    await table.slash(table.anna, "turnier termin", gruppe=number, datum=date, uhrzeit="19:30")
    await table.settled()
    group = next(g for g in service.tables.current(tid).public["rounds"][-1]["groups"]
                 if g["number"] == number)  # fmt: skip
    game_id = group["game_id"]
    assert service.tables.current(game_id).status == "paused"  # it waits for its evening
    thread = thread_of(table, game_id)
    fake.archive(thread)  # days without a word
    await fake.wait_until(lambda: table.bot.get_channel(thread.id) is None)  # type: ignore[union-attr]
    at = parse_evening(date, "19:30", BERLIN)
    assert await open_evenings(table.bot, at + timedelta(minutes=1)) == 1  # type: ignore[arg-type]
    await table.settled()
    assert not thread.archived  # woken for the evening
    call = next(m for m in fake.channel_messages(thread) if "beginnt" in m.text())
    players = list(service.tables.current(game_id).players)
    no_show = players[-1] if reserve is not None else None
    for player in players:
        if player != no_show:
            await table.press(users[int(player)], "checkin", call)
    if no_show is not None:
        missing = users[int(no_show)]
        await table.slash(table.anna, "turnier ersetzen", gruppe=number, spieler=missing,
                          ersatz=reserve, grund="kam nicht")  # fmt: skip
        await table.settled()
    started = await table.slash(table.anna, "turnier starten", gruppe=number)
    await table.settled()
    assert started.message.text() == f"Gruppe {number} spielt jetzt."  # the reserve is there
    await play_thread(table, thread, users)


async def test_a_season_over_weeks(table: Table) -> None:
    fake = table.fake
    registration, users = await tournament(table, players=12)
    reserve = fake.add_user("Rita", guild=table.guild)
    await table.press(reserve, "reserve", registration)
    users[reserve.id] = reserve
    service = table.bot.service  # type: ignore[union-attr]
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    day = 1
    for round_number in (1, 2, 3):
        groups = service.tables.current(tid).public["rounds"][-1]["groups"]
        for group in groups:
            first = round_number == 1 and group["number"] == 1
            await evening(table, users, group["number"], day, reserve if first else None)
            day += 1
        if service.tables.current(tid).status == "finished":
            break
    state = service.tables.current(tid).public
    assert [len(r["groups"]) for r in state["rounds"]] == [3, 2, 1]  # 12 → 6 → 4 (Finale)
    assert state["status"] == "finished"
    substituted = state["rounds"][0]["groups"][0]["substitutions"]
    assert len(substituted) == 1 and substituted[0]["player"] == str(reserve.id)

    finale = state["rounds"][-1]["groups"][0]["table"]
    champion, runner_up = finale[0]["player"], finale[1]["player"]
    corrected = await table.slash(
        table.anna, "turnier korrigieren", gruppe=1, spieler=users[int(runner_up)], punkte=99,
        augen=99, grund="Stechen falsch gewertet",
    )  # fmt: skip
    await table.settled()
    assert f"Neuer Turniersieger: <@{runner_up}> (bisher <@{champion}>)" in corrected.message.text()
    assert service.tables.current(tid).public["champion"] == runner_up
    crowned = [m for m in table.public() if "gewinnt das Turnier" in m.text()]
    assert f"<@{runner_up}>" in crowned[-1].text()
    assert service.outbox.pending() == {}  # every announcement delivered
