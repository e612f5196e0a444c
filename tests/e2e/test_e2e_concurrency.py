"""Ten simultaneous clicks of one button count once; the other nine are told so privately.

The clicks are sent to the bot at the same moment (``asyncio.gather``), as ten impatient
double-clicks of one player would arrive. The game moves by exactly one version (one logged
action, one die), and every other click gets an ephemeral refusal in German: the button is
stale, the player is not to act, or has done that already.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.i18n import t
from bot.play import outbox
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import act, game_of, until_play
from tests.helpers.e2e_table import Table

CLICKS = 10
REFUSALS = [
    t("game.stale"),
    t("game.not_your_turn", player="", count=1).split("–")[0],
    t("lobby.already_joined"),
    t("ft.already_chosen", player="", count=1).split("–")[0],
]


async def burst(table: Table, user: Any, message: Any, verb: str, values: Any = None) -> list:
    """``CLICKS`` clicks (or picks) of the component ``verb`` on ``message``, all at once."""
    custom_id = next(c for c in message.custom_ids() if click_of(c).verb == verb)
    if values is None:
        sent = [table.fake.click(user, message, custom_id) for _ in range(CLICKS)]
    else:
        sent = [table.fake.select(user, message, custom_id, values) for _ in range(CLICKS)]
    interactions = await asyncio.gather(*sent)
    await table.settled()
    return list(interactions)


def logged(table: Table) -> int:
    service, game = game_of(table)
    return len(service.store.events(game))


def refused(interactions: list, user: Any) -> list:
    """The refusals among the answers; each private to the clicker and one of the known texts."""
    out = [i for i in interactions if i.response_type == 4]  # a new message: the refusal
    assert len(interactions) - len(out) == 1  # the one click that counted updated a message
    for interaction in out:
        assert interaction.message.audience == user.id
        text = interaction.message.content
        assert any(text.startswith(known) for known in REFUSALS), text
    return out


async def test_ten_joins_seat_a_player_once(table: Table) -> None:
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    before = logged(table)
    answers = await burst(table, table.ben, opened.message, "join")
    assert logged(table) == before + 1
    service, game = game_of(table)
    assert service.tables.current(game).players == [str(table.anna.id), str(table.ben.id)]
    assert len(refused(answers, table.ben)) == CLICKS - 1


async def test_ten_weiter_roll_one_die(table: Table) -> None:
    table.dice.add(3, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    before, queue = logged(table), len(table.dice.queue)
    answers = await burst(table, table.anna, table.table_message(), "weiter")
    assert logged(table) == before + 1
    assert len(table.dice.queue) == queue - 1  # one die rolled
    assert len(refused(answers, table.anna)) == CLICKS - 1


async def test_ten_draws_at_the_oven_pull_one_tile(table: Table) -> None:
    from tests.helpers.e2e_play import bet

    table.dice.d6_only = True
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    await bet(table, table.anna, "10")
    await bet(table, table.ben, "10")
    live = table.table_message()
    turn = next(u for u in (table.anna, table.ben) if f"<@{u.id}> ist am Ofen" in live.text())
    before = logged(table)
    answers = await burst(table, turn, live, "draw")
    assert logged(table) == before + 1
    assert len(refused(answers, turn)) == CLICKS - 1


async def test_ten_placements_place_once(table: Table) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "dicedevils tisch")
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    service, game = game_of(table)
    users = {str(u.id): u for u in (table.anna, table.ben, table.cem)}
    first = users[service.tables.current(game).to_act[0]]
    before = logged(table)
    answers = await burst(table, first, table.table_message(), "place")
    assert logged(table) == before + 1
    assert len(refused(answers, first)) == CLICKS - 1


@pytest.mark.parametrize("verb", ["discard", "play"])
async def test_ten_picks_of_one_card_count_once(table: Table, verb: str) -> None:
    """Discards are simultaneous (no version check): the engine refuses the repeats."""
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "flaschenteufel tisch", haende=1)
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    service, game = game_of(table)
    users = {str(u.id): u for u in (table.anna, table.ben, table.cem)}
    if verb == "play":
        await until_play(table, users)
    user = users[service.tables.current(game).to_act[0]]
    prompt = await act(table, user)
    option = prompt.rows()[0]["components"][0]["options"][0]["value"]
    before = logged(table)
    answers = await burst(table, user, prompt, verb, [option])
    assert logged(table) == before + 1
    assert len(refused(answers, user)) == CLICKS - 1


async def deferred_weiter(table: Table, message: Any) -> asyncio.Task[Any]:
    """Anna's weiter on ``message``, answered within Discord's 3 s by a deferral (after
    the 2 s the table waits first); the click itself, to await until it is finished."""
    custom_id = next(c for c in message.custom_ids() if click_of(c).verb == "weiter")
    began = asyncio.get_running_loop().time()
    clicking = asyncio.create_task(table.fake.click(table.anna, message, custom_id))
    answered = await asyncio.wait_for(asyncio.shield(clicking), timeout=3)
    assert answered.response_type == 6  # deferred: Discord keeps the click open
    assert 1.5 <= asyncio.get_running_loop().time() - began < 3
    return clicking


async def test_a_click_on_a_busy_table_is_deferred_then_finished(table: Table) -> None:
    """The table's lock is held longer than Discord's window allows (here by the test): the
    click is deferred within 3 s, waits its turn without going on, and is finished once the
    lock is free: the die rolled, the table message edited."""
    table.dice.add(3, 2, 4, 4)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    service, game = game_of(table)
    before = logged(table)
    lock = service.locks(game)
    await lock.acquire()  # a slow write holds the table
    message = table.table_message()
    shown = message.text()
    clicking = await deferred_weiter(table, message)
    assert logged(table) == before  # nobody went on without the lock
    lock.release()
    await clicking
    await table.settled()
    assert logged(table) == before + 1
    assert table.table_message().id == message.id
    assert table.table_message().text() != shown  # edited through the API after the defer


async def test_a_click_on_a_table_that_owes_a_slow_delivery_is_deferred_then_finished(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table still owes a delivery from before (as a crash leaves it), and delivering
    it takes longer than Discord's window: the click is deferred within 3 s while it goes
    on, and is finished after it, its own action after the owed one."""
    table.dice.add(3, 2, 4, 4)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    service, game = game_of(table)
    redelivery = table.bot.router.redelivery  # type: ignore[union-attr]
    redelivery.task.cancel()  # only the click delivers what is owed
    monkeypatch.setattr(outbox, "GRACE_SECONDS", 0.0)
    service.outbox.owe(game, service.tables.current(game).version)  # left owed by a crash
    deliver = redelivery._deliver

    async def slow(game_id: int, versions: list[int]) -> None:
        await asyncio.sleep(2.5)
        await deliver(game_id, versions)

    monkeypatch.setattr(redelivery, "_deliver", slow)
    before = logged(table)
    message = table.table_message()
    shown = message.text()
    clicking = await deferred_weiter(table, message)
    await clicking
    await table.settled()
    assert logged(table) == before + 1
    assert table.table_message().text() != shown  # the roll shown, after the owed delivery
    assert service.outbox.due_for(game) == []
