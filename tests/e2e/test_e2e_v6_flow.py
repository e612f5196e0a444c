"""Die verflixte 6 played through Discord buttons, against the loopback Discord."""

from __future__ import annotations

from cogs.games.verflixte6.show import TURN_KEPT, _from_turn
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


async def test_login_syncs_german_commands_with_english_localizations(table: Table) -> None:
    commands = {c["name"]: c for c in table.fake.commands(table.guild)}
    assert {"v6", "weiter", "stopp", "joker", "croupier", "sprache"} <= set(commands)
    v6 = commands["v6"]
    subcommands = {o["name"]: o for o in v6["options"]}
    assert {"tisch", "regeln", "stand", "log"} <= set(subcommands)
    assert subcommands["tisch"]["name_localizations"]["en-US"] == "table"
    assert subcommands["tisch"]["description"] == "Einen Tisch eröffnen"


async def test_a_durchgang_with_three_players_via_buttons(table: Table, leaks: LeakScan) -> None:
    table.dice.add(3, 2, 4, 5, 6, 2, 1, 3)
    await table.open_and_start(table.anna, table.ben, table.cem)
    first = table.table_message()
    assert "Anna" in first.text() or str(table.anna.id) in first.text()

    await table.start_turn(table.anna)  # Freiwurf 3
    click = await table.press(table.anna, "weiter")  # 2 -> 5
    assert click.response_type == 7
    assert table.table_message().id == first.id  # edited in place
    await table.press(table.anna, "stopp")  # Prinzessin with 5

    await table.start_turn(table.ben)  # Freiwurf 4
    await table.press(table.ben, "weiter")  # 5 -> 9
    await table.press(table.ben, "weiter")  # 6: Zombie

    await table.start_turn(table.cem)  # Freiwurf 2
    robbed = await table.press(table.cem, "weiter")  # 1: robbery
    prompt = (await robbed.wait_followup())[0]
    assert prompt.visibility == "ephemeral" and prompt.audience == table.cem.id
    await table.choose(table.cem, prompt, "steal", [str(table.anna.id)])
    await table.press(table.cem, "weiter")  # 3 -> 2 + 1 + 1 + 3 = 7
    await table.press(table.cem, "stopp")

    results = [m for m in table.public() if "Ergebnis Durchgang 1" in m.text()]
    assert len(results) == 1
    text = results[0].text()
    assert "7 Augen – 6 Punkte" in text and "4 Augen – 4 Punkte" in text
    assert table.dice.queue == []
    assert leaks.messages > 0 and leaks.checks == 0  # all see all: no view hides anything


async def test_the_turns_message_keeps_its_steps_and_the_end_names_the_game(table: Table) -> None:
    """Each click edits the turn's message: it keeps every step of the turn so far (a quick
    second click no longer wipes the first one's line), and when the turn is over its
    message keeps them all. The last table names the game's number for ``/verify``."""
    table.dice.add(3, 2, 4, 4, 6, 2, 3)
    await table.open_and_start(table.anna, table.ben, table.cem)
    anna = f"<@{table.anna.id}>"
    await table.start_turn(table.anna)  # Freiwurf 3
    await table.press(table.anna, "weiter")  # 2 -> 5
    await table.press(table.anna, "weiter")  # 4 -> 9
    text = table.table_message().text()
    turn = table.table_message().id
    for step in ("Freiwurf für", f"{anna} hat 5 Augen", f"{anna} hat 9 Augen"):
        assert step in text, (step, text)
    await table.press(table.anna, "stopp")
    closed = table.fake.messages[turn].text()
    for step in ("Freiwurf für", f"{anna} hat 5 Augen", f"{anna} hat 9 Augen", "sagt stopp"):
        assert step in closed, (step, closed)
    assert "hat 5 Augen" not in table.table_message().text()  # Ben's turn starts afresh

    await table.start_turn(table.ben)  # Freiwurf 4
    await table.press(table.ben, "weiter")  # 6: Zombie
    await table.start_turn(table.cem)  # Freiwurf 2
    await table.press(table.cem, "weiter")  # 3 -> 5
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "verflixte6")
    await table.press(table.cem, "stopp")
    last = [m for m in table.public() if "Der Abend ist zu Ende" in m.text()][-1]
    assert f"Spiel Nr. {game}: `/verify spiel nummer:{game}`." in last.text()


async def test_the_turns_memo_holds_what_the_log_says_after_every_click(table: Table) -> None:
    """A click reads the turn's steps from the table's memo, not from the log: after each
    one the memo holds exactly the steps the log gives for the live turn, at its version
    (a memo that missed a step would show a turn without it)."""
    table.dice.add(3, 2, 4, 4, 6, 2, 3)
    await table.open_and_start(table.anna, table.ben, table.cem)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "verflixte6")
    moves = [
        lambda: table.start_turn(table.anna), lambda: table.press(table.anna, "weiter"),
        lambda: table.press(table.anna, "weiter"), lambda: table.press(table.anna, "stopp"),
        lambda: table.start_turn(table.ben), lambda: table.press(table.ben, "weiter"),
        lambda: table.start_turn(table.cem), lambda: table.press(table.cem, "weiter"),
    ]  # fmt: skip
    for move in moves:
        await move()
        log = service.records.events_from(game, lambda e: e["type"] == "turn", back=2)
        kept = service.tables.get(game).extra.get(TURN_KEPT)
        assert kept is not None and kept[0] == service.tables.current(game).version
        assert kept[1] == _from_turn(log) and kept[1]
