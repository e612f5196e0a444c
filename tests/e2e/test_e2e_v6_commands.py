"""Typed commands, the info commands, and the server's language."""

from __future__ import annotations

from cogs.games.verflixte6.show import latest_lines
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table


async def test_weiter_joker_and_stopp_as_typed_commands(table: Table) -> None:
    table.dice.add(3, 2, 5, 6, 6)  # Freiwurf 3, /weiter 2, /joker pony 5+6+6 -> +17
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna, "pony")
    typed = await table.slash(table.anna, "weiter")
    assert typed.response_type == 4 and typed.message.visibility == "ephemeral"
    choices = await table.fake.autocomplete(table.anna, table.channel, "joker", "name", name="")
    assert [c["value"] for c in choices] == ["pony"]
    unknown = await table.slash(table.anna, "joker", name="Pferd")
    assert unknown.message.content == "Einen Joker Pferd gibt es nicht."
    absent = await table.slash(table.anna, "joker", name="Fumo")  # a joker she did not take
    assert absent.message.content == "Fumo hast du für diesen Zug nicht (mehr) zur Verfügung."
    await table.slash(table.anna, "joker", name="push YOUR pony")  # the shown name, any case
    stopped = await table.slash(table.anna, "stopp")
    assert "Prinzessin mit 22 Augen" in stopped.message.content
    closed = [m for m in table.public() if "Prinzessin mit 22 Augen" in m.text()]
    assert closed and not closed[0].custom_ids()  # the turn's message closed, buttons gone
    assert click_of(table.table_message().custom_ids()[0]).verb == "begin"  # Ben's new message


async def test_typed_command_out_of_turn_is_refused(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    refused = await table.fake.slash(table.ben, table.channel, "weiter")
    assert refused.message.visibility == "ephemeral"
    assert "nicht am Zug" in refused.message.content
    lost = await table.fake.slash(table.cem, table.channel, "stopp")
    assert "keinem offenen Tisch" in lost.message.content


async def test_rules_stand_and_log(table: Table) -> None:
    rules = await table.fake.slash(table.cem, table.channel, "v6 regeln")
    assert rules.message.visibility == "ephemeral"
    assert "Runkelrüb" in rules.message.text() and "Frostschutz" in rules.message.text()
    table.dice.add(4, 2)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    await table.press(table.anna, "weiter")
    stand = await table.fake.slash(table.anna, table.channel, "v6 stand")
    assert "6 Augen" in stand.message.text()
    watched = await table.fake.slash(table.cem, table.channel, "v6 stand")  # a spectator
    assert watched.message.visibility == "ephemeral" and "6 Augen" in watched.message.text()
    log = await table.fake.slash(table.ben, table.channel, "v6 log")
    assert "Freiwurf" in log.message.text() and "🎲 2" in log.message.text()


async def test_the_server_can_switch_to_english(table: Table) -> None:
    table.anna.permissions |= 1 << 5  # Manage Server
    switched = await table.fake.slash(table.anna, table.channel, "sprache", sprache="en")
    assert "English" in switched.message.content
    table.ben.locale = "en-GB"  # the refusal is his alone: in his Discord's language
    refused = await table.fake.slash(table.ben, table.channel, "sprache", sprache="de")
    assert "Only admins" in refused.message.content
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    text = table.table_message().text()
    assert "Durchgang 1 of 1" in text and "weiter or stopp?" in text  # no joker this turn


async def test_an_ended_abend_stays_readable(table: Table) -> None:
    """After the Abend: /v6 log and /v6 stand tell the channel's last game, and any game
    of this server by its number; a game of another kind or an unknown number is refused
    privately."""
    none = await table.fake.slash(table.cem, table.channel, "v6 log")
    assert none.message.visibility == "ephemeral" and "noch kein Verflixte 6" in none.message.text()
    table.dice.add(4, 2)
    await table.open_and_start(table.anna, table.ben)
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.find(table.channel.id, None, "verflixte6")
    await table.start_turn(table.anna)
    await table.press(table.anna, "weiter")
    await table.slash(table.anna, "tisch beenden", grund="Feierabend")
    log = await table.fake.slash(table.cem, table.channel, "v6 log")
    assert log.message.visibility == "ephemeral"
    assert f"Protokoll von Spiel {game_id}" in log.message.text()
    assert "Freiwurf" in log.message.text() and "Feierabend" in log.message.text()
    stand = await table.fake.slash(table.ben, table.channel, "v6 stand")
    assert "6 Augen" in stand.message.text()
    other = await table.open_game("teufel tisch")
    by_number = await table.fake.slash(table.cem, table.channel, "v6 log", nummer=game_id)
    assert f"Protokoll von Spiel {game_id}" in by_number.message.text()
    wrong = await table.fake.slash(table.cem, table.channel, "v6 stand", nummer=other)
    assert wrong.message.visibility == "ephemeral"
    assert "kein Spiel mit dieser Nummer" in wrong.message.text()


def test_a_long_log_keeps_its_newest_lines_and_says_so() -> None:
    lines = [f"line {i}" for i in range(100)]
    text = latest_lines(lines, 60, "…")
    assert text.splitlines()[0] == "…" and text.endswith("line 99") and len(text) <= 60
    assert latest_lines(lines[:3], 60, "…") == "line 0\nline 1\nline 2"
