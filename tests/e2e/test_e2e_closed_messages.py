"""Closed messages read as what they close: a lobby nobody started reveals its seed without
claiming that any die was thrown (closed by its host or by its clock); a round's, hand's or
Durchgang's message, once closed, shows that round as it ended and nothing of the next."""

from __future__ import annotations

from typing import Any

from bot.clocks import timing as clocks
from tests.helpers.e2e_play import clock_cog, play_out_dicedevils, play_out_flaschenteufel
from tests.helpers.e2e_table import Table
from tests.helpers.fake_time import FakeTime

NOTHING_THROWN = "das Spiel hat nie begonnen: nichts wurde gewürfelt, gezogen oder ausgeteilt"


async def test_a_lobby_its_host_ends_reveals_the_seed_and_says_nothing_was_thrown(
    table: Table,
) -> None:
    service = table.bot.service  # type: ignore[union-attr]
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    game_id = service.tables.find(table.channel.id, None)
    await table.slash(table.anna, "tisch beenden")
    lobby = table.fake.messages[opened.message.id].text()
    seed = service.tables.current(game_id).seed
    assert "Dieser Tisch ist geschlossen." in lobby
    assert NOTHING_THROWN in lobby and "nachprüfbar" not in lobby
    assert seed is not None and f"Seed `{seed}`" in lobby


async def test_a_lobby_its_clock_closes_reveals_the_seed_and_says_nothing_was_thrown(
    table: Table,
) -> None:
    time = FakeTime()
    cog = clock_cog(table, time)
    opened = await table.slash(table.anna, "dicedevils tisch")
    await table.press(table.ben, "join", opened.message)
    time.wait(clocks.LOBBY_SECONDS)
    [closed] = await cog.run_clocks()
    assert closed.what == "closed" and closed.outcome.seed is not None
    lobby = table.fake.messages[opened.message.id]
    assert lobby.custom_ids() == []
    assert "Dieser Tisch ist geschlossen." in lobby.text()
    assert "Niemand hat das Spiel (Dice Devils) rechtzeitig gestartet." in lobby.text()
    assert f"Seed `{closed.outcome.seed}`" in lobby.text() and NOTHING_THROWN in lobby.text()
    assert "nachprüfbar" not in lobby.text()


async def test_a_settled_teufel_rounds_message_shows_that_round_as_it_ended(table: Table) -> None:
    table.dice.add(1, 1)  # Anna begins; her tile: the first in the oven, coal 100
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    for user, amount in ((table.anna, "40"), (table.ben, "30")):
        form = await table.press(user, "bet")
        await table.fake.submit_modal(user, form, {"amount": amount})
        await table.settled()
    await table.press(table.anna, "draw")
    await table.press(table.anna, "stopp")
    round_one = table.table_message().id
    await table.press(table.ben, "stopp")  # the round is settled, round 2 begins
    closed = table.fake.messages[round_one]
    text = closed.text()
    assert closed.custom_ids() == []
    assert "Auf Teufel komm raus – Runde 1" in text and "Runde 2" not in text
    assert f"<@{table.ben.id}> hört auf mit Kohle 0 (0 Stück)." in text
    assert "Runde 1 ist zu Ende." in text
    assert "Einsatz 40 · Kohle 100 (1 Stück)" in text and "Einsatz 30" in text
    assert "Setzt eure Einsätze" not in text and "setzt noch" not in text
    result, fresh = table.public()[-2:]
    assert fresh.text().endswith("ihr seid am Zug.")  # both bet: the new round's own ping
    assert "Abrechnung Runde 1" in result.text()
    assert "Auf Teufel komm raus – Runde 2" in fresh.text() and fresh.custom_ids()


def titled(table: Table, prefix: str) -> list[tuple[int, str]]:
    """The public messages whose title starts with ``prefix``: (number, text), oldest first."""
    found = []
    for message in table.public():
        text = message.text()
        if text.startswith(prefix):
            found.append((int(text[len(prefix) :].split()[0]), text))
    return found


async def start_three(table: Table, command: str, **options: object) -> dict[int, Any]:
    table.dice.d6_only = True  # every die, tile, card and rank from the audited RNG
    opened = await table.slash(table.anna, command, **options)
    for player in (table.ben, table.cem):
        await table.press(player, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    return {u.id: u for u in (table.anna, table.ben, table.cem)}


async def test_a_closed_flaschenteufel_hand_shows_that_hand_as_it_ended(table: Table) -> None:
    await play_out_flaschenteufel(table, await start_three(table, "flaschenteufel tisch", haende=2))
    hands = titled(table, "Flaschenteufel – Hand ")
    assert [number for number, _ in hands] == [1, 2]
    (_, first), (_, second) = hands
    assert "Hand 1 ist zu Ende." in first  # its last trick and its scores ...
    assert "**Hand 2**" not in first and "Am Zug" not in first  # ... nothing of the next
    assert "Flasche: Preis" not in first and "0 Stiche" not in first  # no seats of hand 2
    assert "Hand 2 ist zu Ende." in second and "Hand 1 ist zu Ende." not in second


async def test_a_closed_dice_devils_round_shows_that_round_as_it_ended(table: Table) -> None:
    await play_out_dicedevils(table, await start_three(table, "dicedevils tisch"))
    rounds = titled(table, "Dice Devils – Runde ")
    assert [number for number, _ in rounds] == list(range(1, len(rounds) + 1))
    assert len(rounds) > 1
    for number, text in rounds[:-1]:
        assert f"Runde {number} ist zu Ende." in text
        assert f"**Runde {number + 1}**" not in text and "Am Zug" not in text
        assert "Auslage" not in text  # not the next round's display
    for number, text in rounds[1:]:
        assert f"Runde {number - 1} ist zu Ende" not in text


async def test_a_durchgangs_last_turn_shows_that_durchgang_as_it_ended(table: Table) -> None:
    table.dice.add(3, 4)  # Freiwurf: Anna 3, Ben 4; both stop
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=2)
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    await table.start_turn(table.anna)
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben)
    last = table.table_message().id
    await table.press(table.ben, "stopp")  # Durchgang 1 ends, Durchgang 2 begins
    closed = table.fake.messages[last]
    text = closed.text()
    assert closed.custom_ids() == []
    assert text.startswith("Die verflixte 6 – Durchgang 1 von 2")
    assert f"<@{table.ben.id}> sagt stopp" in text
    assert f"Durchgang 1 ist zu Ende. Punkte: <@{table.anna.id}> 4, <@{table.ben.id}> 6." in text
    assert "Durchgang 2" not in text and "0 Augen" not in text  # nothing of the next
    result, fresh = table.public()[-2:]
    assert result.text().startswith("Ergebnis Durchgang 1")
    assert fresh.text().startswith("Die verflixte 6 – Durchgang 2 von 2")
    assert fresh.text().endswith(f"<@{table.ben.id}>, du bist am Zug.")  # its own ping
