"""Rematch: "Nochmal" on a casual table's last card opens one new lobby in the channel,
same game, same options, the former players invited and pinged once by one line; each
joins with one click and the game starts with the same seats."""

from __future__ import annotations

from typing import Any

from bot.players.seats import COMPUTERS_RATED
from loopback import bot_running
from loopback.entities import Message
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_computers import labels, pick, play_with_computers, quick_computers
from tests.helpers.e2e_play import MANAGE_GUILD, play_thread, tournament
from tests.helpers.e2e_table import Table


def verbs(message: Message) -> list[str]:
    return [click_of(c).verb for c in message.custom_ids()]


async def played(table: Table) -> int:
    """A one-Durchgang V6 table of Anna, Ben and Cem, played to its end: its id."""
    table.dice.add(3, 4, 5)  # each Freiwurf, then stopp: Cem wins
    await table.open_and_start(table.anna, table.ben, table.cem)
    for user in (table.anna, table.ben, table.cem):
        await table.start_turn(user)
        await table.press(user, "stopp")
    assert table.bot is not None
    game_id = table.bot.service.tables.latest_in_channel("verflixte6", table.channel.id)
    assert game_id is not None and table.bot.service.tables.current(game_id).finished
    return game_id


def final_card(table: Table, game_id: int) -> Message:
    assert table.bot is not None
    message_id = table.bot.service.tables.current(game_id).message_id
    assert message_id is not None
    return table.fake.messages[message_id]


def lobbies(table: Table, old: int) -> list[int]:
    """The games opened after ``old``."""
    assert table.bot is not None
    return [t.id for t in table.bot.service.tables.loaded() if t.id > old]


def pings(table: Table) -> list[Any]:
    """The plain lines the bot posted in the channel that ping someone."""
    path = f"/channels/{table.channel.id}/messages"
    return [
        call.json
        for call in table.fake.rest_log
        if call.method == "POST"
        and call.path == path
        and isinstance(call.json, dict)
        and call.json.get("content")  # not a new table's card with its turn's ping
        and (call.json.get("allowed_mentions") or {}).get("users")
    ]


async def test_nochmal_opens_a_lobby_with_the_same_game_options_and_seats(table: Table) -> None:
    old = await played(table)
    final = final_card(table, old)
    assert verbs(final) == ["rematch"]
    before = len(pings(table))

    pressed = await table.press(table.ben, "rematch", final)
    assert pressed.message is not None and pressed.message.visibility == "ephemeral"
    assert "Eine neue Runde ist offen: https://discord.com/channels/" in pressed.message.text()
    (new,) = lobbies(table, old)
    assert table.bot is not None
    service = table.bot.service
    lobby = service.tables.current(new)
    assert lobby.kind == "verflixte6" and lobby.status == "lobby"
    assert {k: v for k, v in service.tables.options(new).items() if k != "rematch_of"} == (
        service.tables.options(old)
    )
    assert lobby.public["lobby"]["host"] == str(table.ben.id)
    lobby_message = table.fake.messages[lobby.message_id or 0]
    assert str(lobby.message_id) in pressed.message.text()
    shown = lobby_message.text()
    assert f"Eingeladen**\n<@{table.anna.id}>\n<@{table.cem.id}>" in shown
    assert f"Am Tisch** · <@{table.ben.id}>\n" in shown
    (ping,) = pings(table)[before:]  # one line, pinging exactly the other former players
    assert sorted(map(int, ping["allowed_mentions"]["users"])) == sorted(
        [table.anna.id, table.cem.id]
    )
    assert ping["content"] == (
        f"<@{table.anna.id}> und <@{table.cem.id}>: Nochmal! Ein Klick auf „Beitreten“, "
        "und ihr seid dabei."
    )
    assert table.public()[-1].content == ping["content"]  # right below the lobby card
    assert table.public()[-2].id == lobby.message_id

    await table.press(table.cem, "join", lobby_message)  # one click each
    await table.press(table.anna, "join", lobby_message)
    await table.press(table.ben, "start", lobby_message)
    started = service.tables.current(new)
    assert started.status == "open"
    assert started.players == service.tables.current(old).players  # the same seats


async def test_a_second_press_finds_the_first_lobby_also_after_a_restart(table: Table) -> None:
    old = await played(table)
    final = final_card(table, old)
    first = await table.press(table.anna, "rematch", final)
    again = await table.press(table.anna, "rematch", final)  # a double click
    other = await table.press(table.cem, "rematch", final)
    link = first.message.text()
    assert again.message.text() == link and other.message.text() == link
    assert len(lobbies(table, old)) == 1
    assert table.bot is not None
    await table.bot.close()
    restarted = table.new_bot()
    async with bot_running(table.fake, restarted):
        table.bot = restarted
        after = await table.press(table.ben, "rematch", final)
        assert after.message is not None and after.message.text() == link
        assert len(lobbies(table, old)) == 1
    assert [p for p in pings(table) if "Nochmal!" in p["content"]] == pings(table)[-1:]


async def test_a_non_player_pressing_nochmal_is_refused(table: Table) -> None:
    dora = table.fake.add_user("Dora", guild=table.guild)
    old = await played(table)
    refused = await table.press(dora, "rematch", final_card(table, old))
    assert refused.message is not None and refused.message.visibility == "ephemeral"
    assert "für die, die an diesem Tisch gespielt haben" in refused.message.text()
    assert lobbies(table, old) == []


async def test_a_running_table_has_no_nochmal(table: Table) -> None:
    await table.open_and_start(table.anna, table.ben)
    assert "rematch" not in verbs(table.table_message())


async def test_a_tournaments_tables_show_no_nochmal(table: Table) -> None:
    """A group's table is a game's table (it shows "Zuschauen") but no rematch."""
    _, users = await tournament(table)
    thread = table.fake.threads(table.channel)[0]
    table_cards = [
        m
        for m in table.fake.channel_messages(thread)
        if m.custom_ids() and click_of(m.custom_ids()[0]).prefix == "v6b"
    ]
    assert table_cards and "watch" in verbs(table_cards[-1])
    await play_thread(table, thread, users)
    shown = [verbs(m) for m in table.fake.channel_messages(thread)]
    assert all("rematch" not in v for v in shown)
    assert table.anna.permissions & MANAGE_GUILD


async def test_nochmal_keeps_the_computer_seats_their_levels_and_the_rating(table: Table) -> None:
    quick_computers(table)
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    await pick(table, table.anna, opened.message, "Computer (stark) hinzufügen")
    await table.press(table.anna, "rated", opened.message)
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    assert table.bot is not None
    service = table.bot.service
    old = service.tables.find(table.channel.id, None)
    assert old is not None

    async def move(user: Any, outcome: Any) -> None:  # no jokers, stopp after the Freiwurf
        if "begin" in verbs(table.table_message()):
            await table.start_turn(user)
        await table.press(user, "stopp")

    users = {u.id: u for u in (table.anna, table.ben)}
    await play_with_computers(table, old, users, move)
    before = len(pings(table))
    await table.press(table.anna, "rematch", final_card(table, old))
    (new,) = lobbies(table, old)
    lobby = service.tables.current(new)
    computer = "cpu:stark:1"
    assert lobby.public["lobby"]["players"] == [str(table.anna.id), computer]  # seated at once
    shown = table.fake.messages[lobby.message_id or 0].text()
    seated, invited = shown.split("Eingeladen")
    assert "Croupiers Kater (stark)" in seated and "Croupiers" not in invited
    assert f"<@{table.ben.id}>" in invited
    assert "Nicht für die Rangliste werten" in labels(table.fake.messages[lobby.message_id or 0])
    (ping,) = pings(table)[before:]  # Ben alone: a computer is never pinged
    assert list(map(int, ping["allowed_mentions"]["users"])) == [table.ben.id]
    assert "Croupiers" not in ping["content"]
    await table.press(table.ben, "join", table.fake.messages[lobby.message_id or 0])
    await table.press(table.anna, "start", table.fake.messages[lobby.message_id or 0])
    started = service.tables.current(new)
    assert started.status == "open"
    assert started.players == service.tables.current(old).players  # the same seats, its level
    assert service.tables.options(new)[COMPUTERS_RATED] is True  # the host's choice kept
