"""Discord's window for a click's first answer (3 s from when Discord made it), on the
loopback Discord, which calls a click answered later dead: whatever holds a click up
before its answer defers it in time, and it is answered after.

The windows are forced here, not waited for by luck: a picture that takes 4 s to draw (a
picture worker still starting after a restart, a loaded machine), a click that reached
the bot 1.5 s after Discord made it while its table is busy, a prompt asked for while the
table is busy past the window."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.render import drawn
from loopback.entities import DISCORD_EPOCH_MS, Message, User
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table

DEFERRED = 6  # the callback type of a deferred update (the clicked message is edited later)
UPDATED = 7  # the callback type that edits the clicked message at once


def _to_act(table: Table, game: int) -> User:
    assert table.bot is not None
    player = table.bot.service.tables.current(game).to_act[0]
    return next(u for u in (table.anna, table.ben, table.cem) if str(u.id) == player)


def _version(table: Table, game: int) -> int:
    assert table.bot is not None
    return table.bot.service.tables.get(game).row.version


def _press(table: Table, user: User, verb: str, message: Message) -> Awaitable[Any]:
    custom_id = next(c for c in message.custom_ids() if click_of(c).verb == verb)
    return table.fake.click(user, message, custom_id)


def _made_earlier(table: Table, monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The next interaction's id says Discord made it ``seconds`` ago (it reached the bot
    late); every later id is as usual."""
    ids = table.fake.ids
    usual: Callable[[], int] = ids.next

    def once() -> int:
        monkeypatch.setattr(ids, "next", usual)
        stamp = int((time.time() - seconds) * 1000) - DISCORD_EPOCH_MS
        return stamp << 22

    monkeypatch.setattr(ids, "next", once)


async def test_a_click_whose_picture_outlasts_the_window_is_deferred_then_shown(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await table.open_game("dicedevils tisch")  # its table shows the display, pictured
    painted = drawn.paint
    # none drawn yet: an earlier test in this process may have drawn the picture the
    # click shows (a display after one placement has few faces), and a drawn picture is
    # sent at once, in the click's answer
    monkeypatch.setattr(drawn, "_drawn", OrderedDict())

    async def slow(draw: Callable[[], bytes]) -> bytes:
        await asyncio.sleep(4)  # past Discord's window
        return await painted(draw)

    monkeypatch.setattr(drawn, "paint", slow)
    before, message = _version(table, game), table.table_message()
    clicked = await _press(table, _to_act(table, game), "place", message)
    assert not clicked.dead, table.fake.describe(clicked)
    assert clicked.response_type == DEFERRED
    await table.settled()
    assert _version(table, game) == before + 1
    shown = {click_of(c).version for c in message.custom_ids() if click_of(c).game_id == game}
    assert shown == {before + 1}  # the clicked table, edited once the picture was drawn
    assert table.fake.violations == []


async def test_a_click_that_reached_the_bot_late_is_deferred_within_its_window(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await table.open_game("dicedevils tisch")
    assert table.bot is not None
    lock = table.bot.service.locks(game)
    await lock.acquire()  # the table is busy (a delivery, a redelivery after a restart)
    try:
        _made_earlier(table, monkeypatch, 1.5)
        started = asyncio.get_running_loop().time()
        clicked = await _press(table, _to_act(table, game), "place", table.table_message())
        waited = asyncio.get_running_loop().time() - started
    finally:
        lock.release()
    assert not clicked.dead, table.fake.describe(clicked)
    assert clicked.response_type == DEFERRED
    assert waited < 1.2, f"deferred {waited:.2f} s after it arrived, 1.5 s after it was made"
    await table.settled()
    assert table.fake.violations == []


async def test_a_prompt_asked_for_while_the_table_is_busy_comes_after_the_deferral(
    table: Table,
) -> None:
    game = await table.open_game("flaschenteufel tisch")
    assert table.bot is not None
    user = table.anna  # everybody discards at once: Anna may open her prompt now
    lock = table.bot.service.locks(game)
    await lock.acquire()
    try:  # "Meine Wahl …", deferred once its table is busy past the window
        clicked = await _press(table, user, "act", table.table_message())
    finally:
        lock.release()
    assert not clicked.dead and clicked.response_type == DEFERRED
    await table.settled()
    private = [m for m in table.fake.private_messages(user) if m.visibility == "ephemeral"]
    assert any(m.custom_ids() for m in private), "no prompt after the deferral"
    said = [m.text() for m in private]
    assert not any("schiefgegangen" in text for text in said), said
    assert table.fake.violations == []


async def test_a_click_on_a_private_prompt_closes_it_at_once_whatever_the_pictures(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A choice in a private prompt is answered by that prompt closing ("done", its one
    answer, type 7) before the table's pictures are drawn: no deferral and no later edit
    of the prompt, however long the pictures take, and no live controls left on it."""
    game = await table.open_game("dicedevils tisch")
    assert table.bot is not None
    tables = table.bot.service.tables
    while tables.current(game).public["phase"] == "place":
        await _press(table, _to_act(table, game), "place", table.table_message())
        await table.settled()
    user = _to_act(table, game)
    opened = await _press(table, user, "decide", table.table_message())
    prompt = opened.message
    buttons = [c for row in prompt.rows() for c in row["components"] if c["type"] == 2]
    painted, first = drawn.paint, asyncio.Event()

    async def slow(draw: Callable[[], bytes]) -> bytes:
        if not first.is_set():
            first.set()
            await asyncio.sleep(4)  # the first picture: past Discord's window
        return await painted(draw)

    monkeypatch.setattr(drawn, "paint", slow)
    calls = len(table.fake.rest_log)
    clicked = await table.fake.click(user, prompt, buttons[-1]["custom_id"])
    assert not clicked.dead, table.fake.describe(clicked)
    assert clicked.response_type == UPDATED and prompt.custom_ids() == []
    assert "Erledigt" in prompt.text()
    await table.settled()
    answers = [c.path for c in table.fake.rest_log[calls:] if str(prompt.id) in c.path]
    assert answers == [], answers  # the prompt was not edited again
    assert first.is_set() and table.fake.violations == []
