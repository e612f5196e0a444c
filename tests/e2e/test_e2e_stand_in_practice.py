"""A computer stands in for an absent player until he takes his seat back with one click,
and a player practises alone against computers in a private thread."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.play.computer_seats import DELAY
from bot.players.seats import PRACTICE, is_computer
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


def quick_computers(table: Table) -> Any:
    """The computers act 50 ms after their turn (1.5 s in play)."""
    assert table.bot is not None
    cog: Any = table.bot.get_cog("ComputersCog")  # loaded as an extension: its own module
    assert cog is not None and cog.delay == DELAY
    cog.delay = 0.05
    return table.bot.service


async def test_a_computer_plays_for_an_absent_player_who_takes_his_seat_back(
    table: Table, leaks: LeakScan
) -> None:
    # Anna's Freiwurf 3; Ben's 2, then a 6 should the computer roll on: its run for him
    # ends within two moves (random dice let it roll on for many, past the wait below on a
    # loaded machine); every later die from the audited RNG
    table.dice.add(3, 2, 6)
    table.dice.d6_only = True
    await table.open_and_start(table.anna, table.ben, durchgaenge=3)
    service = quick_computers(table)
    game = service.tables.find(table.channel.id, None)
    ben = str(table.ben.id)
    turn = table.table_message()
    done = await table.slash(
        table.anna, "tisch abwesend", spieler=table.ben, grund="Zug", vertretung="computer"
    )
    answer = done.message
    assert "spielt 🤖 Croupiers Luchs (stark) für" in answer.text() and "Zug" in answer.text()
    refused = await table.press(table.cem, "back", answer)  # not his seat
    assert refused.message.visibility == "ephemeral"
    assert "kein Computer" in refused.message.text()
    opened = await table.press(table.anna, "begin", turn)  # Freiwurf 3, no joker
    await table.press(table.anna, "nojoker", opened.message)
    await table.press(table.anna, "stopp", turn)
    # the stand-in's first decision is cold (the suite's bots skip the warm-up): on a loaded
    # machine it alone took more than 10 s
    await table.fake.wait_until(lambda: service.tables.current(game).to_act != [ben], timeout=30)
    await table.settled()  # the stand-in's move is delivered (its new table posted)
    log = service.store.events(game)
    played = [row for row in log if row.actor == ben and row.action.get("by_croupier")]
    assert played and all(row.action["by_croupier"] == "computer" for row in played)
    # its start was said once (the answer above); its moves post nothing of their own, and
    # the table's row of Ben's seat marks him
    assert [m for m in table.public() if "spielt" in m.text() and "Luchs" in m.text()] == [answer]
    tables = [m for m in table.public() if m.id != answer.id and m.custom_ids()]
    assert f"<@{ben}> 🤖" in tables[-1].text()
    assert not any(f"<@{ben}>" in m.text() and "dran" in m.text() for m in table.public()[-3:])
    back = await table.press(table.ben, "back", answer)
    assert back.message.visibility == "ephemeral"
    assert "wieder selbst" in back.message.text()
    assert service.clocks.of(game).stand_in == []
    assert service.store.events(game)[-1].action == {"do": "back", "player": ben}
    assert any("nimmt den Platz zurück" in m.text() for m in table.public())
    again = await table.press(table.ben, "back", answer)  # a double click changes nothing
    assert again.message.visibility == "ephemeral"
    versions = service.tables.current(game).version
    await table.fake.wait_until(lambda: True)
    assert service.tables.current(game).version == versions  # no computer plays for Ben now


async def test_two_stand_ins_have_names_of_their_own_and_play_a_round_without_a_word(
    table: Table,
) -> None:
    table.dice.d6_only = True  # tiles from the audited RNG
    game = await table.open_game("teufel tisch")
    service = quick_computers(table)
    said = []
    for user in (table.ben, table.cem):
        done = await table.slash(table.anna, "tisch abwesend", spieler=user, vertretung="computer")
        said.append(done.message)
    assert "🤖 Croupiers Luchs (stark)" in said[0].text()
    assert "🤖 Croupiers Otter (stark)" in said[1].text()  # not a second Luchs

    def live() -> Any:  # the table's message (the answers carry a button too)
        return [m for m in table.public() if m.custom_ids() and m not in said][-1:]

    opened = await table.press(table.anna, "bet", live()[0])
    await table.fake.submit_modal(table.anna, opened, {"amount": "10"})
    for _ in range(150):  # Anna stops when she is at the oven; the computers play the rest
        if any("Abrechnung Runde 1" in m.text() for m in table.public()):
            break
        for shown in live():
            if f"<@{table.anna.id}> ist am Ofen" in shown.text():
                await table.press(table.anna, "stopp", shown)
        await asyncio.sleep(0.2)
    assert any("Abrechnung Runde 1" in m.text() for m in table.public())
    played = [r for r in service.store.events(game) if r.action.get("by_croupier")]
    assert len(played) >= 4  # two bets, and at least a pull or a stop each
    # the start of each was said once (the host's answers); their moves post nothing
    assert [m for m in table.public() if "spielt" in m.text()] == said


async def test_practice_alone_in_a_private_thread_kept_out_of_the_ratings(
    table: Table, leaks: LeakScan
) -> None:
    table.dice.d6_only = True
    service = quick_computers(table)
    opened = await table.slash(table.anna, "flaschenteufel üben", gegner="leicht")
    said = (await opened.wait_followup())[-1]
    assert said.visibility == "ephemeral" and "Übungstisch" in said.text()
    [thread] = table.fake.threads(table.channel)
    assert thread.private
    game = service.tables.find(thread.id, None)
    assert game is not None
    current = service.tables.current(game)
    assert current.players[0] == str(table.anna.id)
    assert [is_computer(p) for p in current.players] == [False, True, True]
    assert service.tables.options(game)[PRACTICE] is True
    service.outbox.flush()  # the marks go with the next write (the poll's, here)
    owed = [row for row in service.store.unannounced() if row[0] == game]
    assert owed == [] or owed[0][1] > 1  # the seating was delivered with the start
    shown = table.fake.channel_messages(thread)
    assert shown and all("Übungstisch" in m.text() for m in shown if m.custom_ids())
    assert not any("Übungstisch" in m.text() for m in table.public())  # not in the channel
    too_many = await table.slash(table.anna, "flaschenteufel üben", anzahl=5)
    assert too_many.message.visibility == "ephemeral" and "2 bis 3" in too_many.message.text()
    assert len(table.fake.threads(table.channel)) == 1  # refused: nothing opened


async def test_practice_without_the_thread_permission_says_what_is_missing(table: Table) -> None:
    table.fake.deny_bot(table.channel, discord.Permissions(create_private_threads=True).value)
    opened = await table.slash(table.ben, "v6 üben", gegner="stark")
    said = (await opened.wait_followup())[-1]
    assert said.visibility == "ephemeral" and "Private Threads erstellen" in said.text()
    assert table.fake.threads(table.channel) == []
