"""Corrections at any time on Discord: after the Finale (a new champion, announced), and of
a round whose next round is being played (the host confirms what it undoes first)."""

from __future__ import annotations

from typing import Any

from loopback.entities import Message
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import play_thread, tournament
from tests.helpers.e2e_table import Table


def group_done(table: Table, needle: str) -> Message:
    return [m for m in table.public() if needle in m.text()][-1]


def players_in(text: str, users: dict[int, Any]) -> list[Any]:
    """The users mentioned in a group table's lines, in the table's order."""
    found = []
    for line in text.splitlines():
        for user_id, user in users.items():
            if f"<@{user_id}>" in line and user not in found:
                found.append(user)
    return found


async def test_a_correction_after_the_finale_crowns_another_champion(table: Table) -> None:
    fake = table.fake
    _, users = await tournament(table, players=4)  # 4 players: the Finale at once
    (finale,) = fake.threads(table.channel)
    await play_thread(table, finale, users)
    champion = group_done(table, "gewinnt das Turnier")
    winner = next(u for i, u in users.items() if f"<@{i}>" in champion.text())
    table_lines = group_done(table, "Das Finale ist fertig").text()
    runner_up = next(u for u in players_in(table_lines, users) if u is not winner)

    refused = await table.slash(
        table.anna, "turnier korrigieren", gruppe=1, spieler=runner_up, punkte=99, augen=99,
        grund="Würfel falsch abgelesen", runde=2,
    )  # fmt: skip
    assert refused.message.visibility == "ephemeral" and "Runde 2 gibt es" in refused.message.text()
    corrected = await table.slash(
        table.anna, "turnier korrigieren", gruppe=1, spieler=runner_up, punkte=99, augen=99,
        grund="Würfel falsch abgelesen",
    )  # fmt: skip
    await table.settled()
    text = corrected.message.text()
    assert corrected.message.visibility == "public"
    assert "Würfel falsch abgelesen" in text
    assert f"Neuer Turniersieger: <@{runner_up.id}> (bisher <@{winner.id}>)" in text
    crowned = [m for m in table.public() if "gewinnt das Turnier" in m.text()]
    assert len(crowned) == 2 and f"<@{runner_up.id}>" in crowned[-1].text()


async def test_a_correction_that_undoes_the_finale_is_confirmed_first(table: Table) -> None:
    fake = table.fake
    _, users = await tournament(table, players=8)
    first, second = fake.threads(table.channel)
    await play_thread(table, first, users)
    await play_thread(table, second, users)
    (finale,) = [t for t in fake.threads(table.channel) if "Finale" in t.name]
    await play_thread(table, finale, users, turns=2)  # the Finale is being played
    group_one = players_in(group_done(table, "Gruppe 1 (Runde 1) ist fertig").text(), users)
    third, second_place = group_one[2], group_one[1]
    service = table.bot.service  # type: ignore[union-attr]
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    before = service.tables.current(tid).version

    asked = await table.slash(
        table.anna, "turnier korrigieren", gruppe=1, spieler=third, punkte=50, augen=50,
        grund="Stechen falsch gewertet", runde=1,
    )  # fmt: skip
    prompt = asked.message
    assert prompt.visibility == "ephemeral"
    assert f"<@{third.id}> statt <@{second_place.id}>" in prompt.text()
    assert "Runde 2 wird dafür neu ausgelost" in prompt.text()
    assert service.tables.current(tid).version == before  # nothing changed yet
    confirm = next(c for c in prompt.custom_ids() if click_of(c).verb == "confirm")

    done = await fake.click(table.anna, prompt, confirm)
    await table.settled()
    assert "Bestätigt" in done.message.text()
    announced = [m for m in table.public() if "Stechen falsch gewertet" in m.text()]
    assert len(announced) == 1
    assert f"kommt <@{third.id}> statt <@{second_place.id}> aus Runde 1 weiter" in (
        announced[0].text()
    )
    assert service.tables.is_over(service.tables.find(finale.id, None) or 0) or not [
        m for m in fake.channel_messages(finale) if m.custom_ids()
    ]  # the old Finale's table is ended
    finales = [t for t in fake.threads(table.channel) if "Finale" in t.name]
    assert len(finales) == 2  # drawn anew, in a new thread
    assert finales[0].name == "Herbst – Finale (aufgehoben)" and finales[0].archived
    assert finales[1].name == "Herbst – Finale" and not finales[1].archived
    cards = [m for m in fake.channel_messages(finales[1]) if m.components]  # not the ping
    new_players = players_in(cards[-1].text(), users)
    assert third in new_players and second_place not in new_players
    assert prompt.custom_ids() == []  # the prompt closed: it cannot be confirmed twice


async def test_corrections_that_make_no_sense_are_refused_privately(table: Table) -> None:
    fake = table.fake
    _, users = await tournament(table, players=8)
    first, second = fake.threads(table.channel)
    await play_thread(table, first, users)
    group_one = players_in(group_done(table, "ist fertig").text(), users)
    in_group_two = next(u for u in users.values() if u not in group_one)
    service = table.bot.service  # type: ignore[union-attr]
    tid = service.tables.latest_in_channel("turnier", table.channel.id)
    before = service.tables.current(tid).version
    for options, needle in [
        ({"gruppe": 1, "spieler": in_group_two}, "nicht gespielt"),
        ({"gruppe": 2, "spieler": in_group_two}, "noch kein Ergebnis"),
        ({"gruppe": 1, "spieler": group_one[0], "augen": -4}, "zwischen 0"),
    ]:
        args = {"punkte": 3, "augen": 3, "grund": "Test", **options}
        refused = await fake.slash_unchecked(table.anna, table.channel, "turnier korrigieren",
                                             **args)  # fmt: skip
        assert refused.message.visibility == "ephemeral", options
        assert needle in refused.message.text(), (options, refused.message.text())
    assert service.tables.current(tid).version == before
    assert second  # the second group plays on
