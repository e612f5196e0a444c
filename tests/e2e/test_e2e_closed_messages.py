"""Closed messages read as what they close: a lobby nobody started reveals its seed without
claiming that any die was thrown (closed by its host or by its clock); a round's, hand's or
Durchgang's message, once closed, shows that round as it ended and nothing of the next."""

from __future__ import annotations

from conftest import Table
from fake_time import FakeTime
from test_e2e_tables import clock_cog

from bot import clocks

NOTHING_THROWN = "das Spiel hat nie begonnen: nichts wurde gewürfelt, gezogen oder ausgeteilt"


async def test_a_lobby_its_host_ends_reveals_the_seed_and_says_nothing_was_thrown(
    table: Table,
) -> None:
    service = table.bot.service  # type: ignore[union-attr]
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    game_id = service.find_table(table.channel.id, None)
    await table.slash(table.anna, "tisch beenden")
    lobby = table.fake.messages[opened.message.id].text()
    seed = service.current(game_id).seed
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
