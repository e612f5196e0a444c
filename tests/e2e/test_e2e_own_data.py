"""``/meine-daten`` on the loopback Discord: a player gets, privately, a summary in his
language and a JSON file of what the bot keeps about him; asking again at once is refused
privately, and nothing else is posted."""

from __future__ import annotations

import json

from cogs.own_data import ERASE
from loopback.entities import Message, User
from tests.helpers.debug_log import debug_log
from tests.helpers.e2e_table import Table
from tests.privacy.test_erasure import rows_naming


def erase_card(table: Table, user: User) -> Message:
    """The card with the erasure's button that ``/meine-daten`` sent ``user`` last (its
    own message, after the file's)."""
    cards = [m for m in table.fake.private_messages(user) if ERASE in m.custom_ids()]
    assert cards, "no erasure button"
    assert cards[-1].visibility == "ephemeral"
    return cards[-1]


async def test_a_player_gets_his_data_privately_and_not_twice_at_once(table: Table) -> None:
    commands = {c["name"]: c for c in table.fake.commands(table.guild)}
    assert commands["meine-daten"]["name_localizations"]["en-US"] == "my-data"
    await table.open_and_start(table.anna, table.ben)
    public_before = len(table.public())

    answer = await table.slash(table.anna, "meine-daten")
    message = answer.message
    assert message.visibility == "ephemeral"
    assert "Gespeichert: 1 Spiel" in message.content
    assert "meine-croupier-daten.json" in message.content
    [(name, data)] = table.fake.attachment_files(message)
    assert name == "meine-croupier-daten.json" and data is not None
    mine = json.loads(data)
    assert mine["user"]["id"] == str(table.anna.id)
    assert [game["seat"] for game in mine["games"]] == [1]
    assert str(table.ben.id) not in data.decode()

    again = await table.slash(table.anna, "meine-daten")
    assert again.message.visibility == "ephemeral"
    assert "Frag in 10 Minuten wieder" in again.message.content
    assert not table.fake.attachment_files(again.message)
    other = await table.slash(table.ben, "meine-daten")  # one person's wait is his own
    assert table.fake.attachment_files(other.message)
    assert len(table.public()) == public_before


async def test_a_player_erases_his_data_with_two_confirmations(table: Table) -> None:
    """The answer's button opens a form; a wrong word erases nothing; his language's word
    erases him from every table, and the game he played still verifies."""
    game_id = await table.play_short(table.anna, table.ben)
    service = table.bot.service  # type: ignore[union-attr]
    anna = str(table.anna.id)

    answer = await table.slash(table.anna, "meine-daten")
    assert ERASE not in answer.message.custom_ids()  # the file's message; the button's own:
    card = erase_card(table, table.anna)
    assert "Der Knopf unten löscht alles" in card.text()
    opened = await table.fake.click(table.anna, card, ERASE)
    assert opened.response_type == 9 and opened.modal is not None
    assert "LÖSCHEN" in json.dumps(opened.modal, ensure_ascii=False)
    wrong = await table.fake.submit_modal(table.anna, opened, {"value": "ja"})
    assert wrong.message is not None and wrong.message.visibility == "ephemeral"
    assert "Nichts gelöscht" in wrong.message.content
    assert (
        service.store.player_name(anna) is not None and anna in service.store.get(game_id).players
    )

    opened = await table.fake.click(table.anna, card, ERASE)
    done = await table.fake.submit_modal(table.anna, opened, {"value": " löschen "})
    await table.settled()
    assert done.message is not None and done.message.visibility == "ephemeral"
    assert "Gelöscht. In 1 Spiel steht jetzt ein Pseudonym für dich" in done.message.content
    assert rows_naming(service.store, anna) == []
    board = await table.slash(table.cem, "rangliste")
    assert "Gelöscht #" in board.message.text() and "Anna" not in board.message.text()
    checked = await table.slash(table.cem, "verify spiel", nummer=game_id)
    assert "ist intakt" in checked.message.content and "hält der Prüfung nicht" not in (
        checked.message.content
    )


async def test_no_erasure_while_he_sits_at_a_table(table: Table) -> None:
    await table.open_and_start(table.anna, table.ben)
    await table.slash(table.ben, "meine-daten")
    refused = await table.fake.click(table.ben, erase_card(table, table.ben), ERASE)
    assert refused.response_type == 4 and refused.message.visibility == "ephemeral"
    assert "Du sitzt noch an Spiel" in refused.message.content
    assert table.bot is not None and table.bot.service.store.player_name(str(table.ben.id))


async def test_someone_who_played_nothing_erases_his_name(table: Table) -> None:
    await table.slash(table.cem, "meine-daten")
    assert table.bot is not None and table.bot.service.store.player_name(str(table.cem.id))
    opened = await table.fake.click(table.cem, erase_card(table, table.cem), ERASE)
    done = await table.fake.submit_modal(table.cem, opened, {"value": "LÖSCHEN"})
    await table.settled()
    assert done.message is not None
    assert done.message.content == (
        "Gelöscht. Von dir war kein Spiel gespeichert; dein Name und deine Einstellungen sind fort."
    )
    assert table.bot.service.store.player_name(str(table.cem.id)) is None


async def test_once_erased_he_is_in_no_log_line_that_follows(table: Table) -> None:
    """The bot's log at DEBUG (its own handler, every logger, discord.py's too) from the
    erasure's answer on: the others play a game, read the leaderboard and check his game;
    no line names his id or his name. (No line names anybody: the log's fields are
    shards, games and interactions, never a person.)"""
    game_id = await table.play_short(table.anna, table.ben)
    await table.slash(table.anna, "meine-daten")
    opened = await table.fake.click(table.anna, erase_card(table, table.anna), ERASE)
    done = await table.fake.submit_modal(table.anna, opened, {"value": "LÖSCHEN"})
    await table.settled()
    assert done.message is not None and "Gelöscht" in done.message.content

    with debug_log() as out:
        await table.play_short(table.ben, table.cem)
        board = await table.slash(table.cem, "rangliste")
        checked = await table.slash(table.ben, "verify spiel", nummer=game_id)
    assert "Gelöscht #" in board.message.text() and "ist intakt" in checked.message.content
    log = out.getvalue()
    assert log.count("\n") > 40, log  # DEBUG: discord.py's every call and event
    for person in (table.anna, table.ben, table.cem):  # the bot logs nobody: by design,
        assert str(person.id) not in log and person.name not in log  # so never him again
