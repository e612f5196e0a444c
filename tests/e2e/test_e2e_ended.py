"""Ended tables on the loopback Discord: once a game is over (played to its end, ended by a
host, or closed as a lobby) none of its messages offers an action, and a control left over
on an older message answers that the game is over – never "outdated"."""

from __future__ import annotations

from typing import Any

import pytest

from loopback.entities import Message
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import play_out_dicedevils, play_out_flaschenteufel
from tests.helpers.e2e_table import Table

OVER = "Das Spiel ist schon vorbei."
STALE = "veraltet"
TABLE_EDIT = r"^/channels/\d+/messages/\d+$"


def live(messages: list[Message]) -> list[Message]:
    """The messages that still offer a control."""
    return [m for m in messages if m.custom_ids()]


async def press_leftover(table: Table, user: Any, message: Message) -> Any:
    """Press the first control of a message that outlived its game."""
    custom_id = message.custom_ids()[0]
    component = message.component(custom_id)
    if component["type"] == 2:
        interaction = await table.fake.click(user, message, custom_id)
    else:
        value = component["options"][0]["value"]
        interaction = await table.fake.select(user, message, custom_id, [value])
    await table.settled()
    return interaction


GAMES = ["v6 tisch", "teufel tisch", "flaschenteufel tisch", "dicedevils tisch"]


@pytest.mark.parametrize("command", GAMES)
async def test_a_table_ended_by_its_host_offers_nothing_more(table: Table, command: str) -> None:
    game_id = await table.open_game(command)
    assert live(table.public())  # the running table has its controls
    ended = await table.slash(table.anna, "tisch beenden", grund="Feierabend")
    assert "Feierabend" in ended.message.text()
    assert live(table.public()) == []  # not one message offers an action
    assert table.bot is not None
    outcome = table.bot.service.tables.current(game_id)
    text = table.fake.messages[outcome.message_id or 0].text()
    for waiting in ("Setzt eure Einsätze", "Am Zug:", "ist am Ofen", "wählt", "setzt noch"):
        assert waiting not in text, text  # nobody is waited for any more
    assert outcome.seed and outcome.seed in text  # the seed is revealed on the table
    if command == "teufel tisch":  # the balances so far, and who is ahead, are shown
        assert "Stand bei Spielende: <@" in text and ". Vorne: <@" in text, text


@pytest.mark.parametrize("command", GAMES)
async def test_a_leftover_control_of_an_ended_table_says_the_game_is_over(
    table: Table, command: str
) -> None:
    await table.open_game(command)
    card = table.table_message()
    table.fake.fail_next("PATCH", TABLE_EDIT, status=403)  # the table's edit is lost
    await table.slash(table.anna, "tisch beenden")
    assert table.fake.messages[card.id].custom_ids()  # a leftover, as after a lost edit
    answer = await press_leftover(table, table.ben, table.fake.messages[card.id])
    assert answer.response_type == 7  # the leftover loses its controls ...
    (note,) = await answer.wait_followup()  # ... and the player reads why
    assert note.visibility == "ephemeral" and note.audience == table.ben.id
    assert note.text() == OVER and STALE not in note.text()
    assert table.fake.messages[card.id].custom_ids() == []
    assert live(table.public()) == []


async def test_an_ended_lobby_is_closed_and_its_leftover_buttons_say_so(table: Table) -> None:
    opened = await table.slash(table.anna, "v6 tisch")
    await table.press(table.ben, "join", opened.message)
    ended = await table.slash(table.anna, "tisch beenden")
    assert ended.message.visibility == "public"
    lobby = table.fake.messages[opened.message.id]
    assert lobby.custom_ids() == [] and "geschlossen" in lobby.text()

    second = await table.slash(table.anna, "dicedevils tisch")
    table.fake.fail_next("PATCH", TABLE_EDIT, status=403)
    await table.slash(table.anna, "tisch beenden")
    leftover = table.fake.messages[second.message.id]
    assert leftover.custom_ids()  # Beitreten, Verlassen, Starten left behind
    answer = await table.press(table.cem, "join", leftover)
    (note,) = await answer.wait_followup()
    assert note.visibility == "ephemeral" and note.text() == OVER
    assert live(table.public()) == []


async def play_out_verflixte6(table: Table, users: dict[int, Any]) -> None:
    """Every turn: no jokers, then stopp (a decision: its first answer)."""
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.find(table.channel.id, None, "verflixte6")
    for _ in range(100):
        outcome = service.tables.current(game_id)
        if outcome.finished:
            return
        user = users[int(outcome.to_act[0])]
        verb = click_of(table.table_message().custom_ids()[0]).verb
        if verb == "begin":
            await table.start_turn(user)
        elif verb == "decide":
            prompt = (await table.press(user, "decide")).message
            await press_leftover(table, user, prompt)
        else:
            await table.press(user, "stopp")
    raise AssertionError("the Abend did not end")


async def test_games_played_to_their_end_keep_no_controls(table: Table) -> None:
    """Die verflixte 6, Flaschenteufel (a new message per hand) and Dice Devils (per
    round) played to their end: not one of their messages offers an action, but for the
    last card's "Nochmal" (a new table, tests/e2e/test_e2e_rematch.py)."""
    users = {u.id: u for u in (table.anna, table.ben, table.cem)}
    assert table.bot is not None
    service = table.bot.service
    for command, options, play_out in (
        ("v6 tisch", {"durchgaenge": 1}, play_out_verflixte6),
        ("flaschenteufel tisch", {}, play_out_flaschenteufel),
        ("dicedevils tisch", {}, play_out_dicedevils),
    ):
        game_id = await table.open_game(command, **options)
        await play_out(table, users)
        assert service.tables.current(game_id).status == "finished"
        offered = [click_of(c) for m in table.public() for c in m.custom_ids()]
        assert [(c.game_id, c.verb) for c in offered if c.game_id == game_id] == [
            (game_id, "rematch")
        ]
