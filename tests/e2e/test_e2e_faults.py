"""Discord misbehaving during a game: server errors (5xx), rate limits (429), and a dropped
gateway connection (resumed, or a new session). The game goes on, and every action counts
exactly once: one logged action and one die per click, one hand per player by DM.
"""

from __future__ import annotations

import asyncio

from tests.helpers.e2e_play import act, choose_first
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan

CALLBACK = r"^/interactions/\d+/[^/]+/callback$"
CHANNEL_POST = r"^/channels/\d+/messages$"
TABLE_EDIT = r"^/channels/\d+/messages/\d+$"


def logged(table: Table) -> int:
    """How many actions the table's game has logged (the newest game in the channel)."""
    service = table.bot.service  # type: ignore[union-attr]
    kinds = ("verflixte6", "flaschenteufel")
    game = max(service.tables.latest_in_channel(k, table.channel.id) or 0 for k in kinds)
    return len(service.store.events(game))


def statuses(table: Table, pattern: str) -> list[int]:
    import re

    return [c.status for c in table.fake.rest_log if re.search(pattern, c.path)]


async def test_a_server_error_on_the_answer_is_retried_and_the_click_counts_once(
    table: Table,
) -> None:
    table.dice.add(3, 2, 4)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)  # Freiwurf 3
    before = logged(table)
    table.fake.fail_next("POST", CALLBACK, status=500)
    click = await table.press(table.anna, "weiter")  # 2 -> 5
    assert click.response_type == 7  # the retried answer arrived, in time
    assert statuses(table, CALLBACK)[-2:] == [500, 204]  # the answer asks for no result
    assert logged(table) == before + 1 and table.dice.queue == [4]  # one roll, not two
    assert "5 Augen" in table.table_message().text()
    await table.press(table.anna, "weiter")  # 4 -> 9: the game goes on
    assert logged(table) == before + 2 and table.dice.queue == []


async def test_rate_limits_and_server_errors_while_dealing_and_discarding(
    table: Table, leaks: LeakScan
) -> None:
    """Flaschenteufel: the start's answer rate limited and a hand DM failing with 500 once;
    then a discard whose table edit is rate limited twice. Every player still gets exactly
    one hand, the discard counts once, and nobody sees another's cards."""
    fake = table.fake
    table.dice.d6_only = True
    players = [table.anna, table.ben, table.cem]
    opened = await table.slash(table.anna, "flaschenteufel tisch", haende=1)
    for user in players[1:]:
        await table.press(user, "join", opened.message)
    fake.fail_next("POST", CALLBACK, status=429)
    fake.fail_next("POST", CHANNEL_POST, status=500)  # the first hand by DM
    before = logged(table)
    await table.press(table.anna, "start", opened.message)
    assert logged(table) == before + 1
    assert [len(hands(table, u)) for u in players] == [1, 1, 1]
    assert 500 in statuses(table, CHANNEL_POST) and 429 in statuses(table, CALLBACK)

    fake.fail_next("PATCH", TABLE_EDIT, status=429, times=2)
    prompt = await act(table, table.ben)
    await choose_first(table, table.ben, prompt)  # Ben's card for the devil's trick
    assert logged(table) == before + 2
    assert statuses(table, TABLE_EDIT)[-3:] == [429, 429, 200]
    assert "legt eine Karte verdeckt" in table.table_message().text()


def hands(table: Table, user: object) -> list:
    return [
        m
        for m in table.fake.private_messages(user)  # type: ignore[arg-type]
        if m.visibility == "dm" and "Deine Karten" in m.text()
    ]


async def test_a_dropped_gateway_mid_game_loses_and_repeats_nothing(table: Table) -> None:
    fake = table.fake
    table.dice.add(3, 2, 4, 1)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)  # Freiwurf 3
    before = logged(table)
    # the click is made while the connection is down: Discord delivers it after the resume
    drop = asyncio.create_task(fake.drop_gateway(resumable=True))
    await asyncio.sleep(0)
    assert not fake.gateway.live.is_set()  # down now
    click = await table.press(table.anna, "weiter")  # 2 -> 5
    await drop
    await fake.wait_for_bot()
    assert (fake.gateway.identifies, fake.gateway.resumes) == (1, 1)
    assert click.response_type == 7
    assert logged(table) == before + 1 and table.dice.queue == [4, 1]

    await fake.drop_gateway(resumable=False)  # a new session this time
    await fake.wait_for_bot()
    assert (fake.gateway.identifies, fake.gateway.resumes) == (2, 1)
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben)  # Freiwurf 4
    await table.press(table.ben, "stopp")
    await table.settled()
    assert logged(table) == before + 4 and table.dice.queue == [1]
    results = [m for m in table.public() if "Ergebnis Durchgang 1" in m.text()]
    assert len(results) == 1  # the Durchgang closed once
