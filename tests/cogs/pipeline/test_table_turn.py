"""The table turn (cogs.pipeline.table_turn): one click at a time per table, released early by
its holder, and never held longer than TURN_WAIT s."""

from __future__ import annotations

import asyncio

import pytest

from cogs.pipeline import table_turn as turns
from cogs.pipeline.table_turn import TableTurns


async def test_a_second_click_waits_for_the_first() -> None:
    table_turn = TableTurns()
    order: list[str] = []

    async def click(name: str, hold: float) -> None:
        async with table_turn(1):
            order.append(f"{name} in")
            await asyncio.sleep(hold)
            order.append(f"{name} out")

    await asyncio.gather(click("a", 0.05), click("b", 0))
    assert order == ["a in", "a out", "b in", "b out"]


async def test_a_released_turn_lets_the_next_click_in_early() -> None:
    table_turn = TableTurns()
    order: list[str] = []

    async def first() -> None:
        async with table_turn(2) as turn:
            order.append("table updated")
            turn.release()
            await asyncio.sleep(0.05)  # slow follow-ups
            order.append("follow-ups done")

    async def second() -> None:
        await asyncio.sleep(0.01)
        async with table_turn(2):
            order.append("second")

    await asyncio.gather(first(), second())
    assert order == ["table updated", "second", "follow-ups done"]


async def test_a_stuck_click_holds_the_table_at_most_turn_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table_turn = TableTurns()
    monkeypatch.setattr(turns, "TURN_WAIT", 0.05)
    release = asyncio.Event()

    async def stuck() -> None:
        async with table_turn(3):
            await release.wait()

    holder = asyncio.create_task(stuck())
    await asyncio.sleep(0.01)
    loop = asyncio.get_running_loop()
    began = loop.time()
    async with table_turn(3):
        waited = loop.time() - began
    assert 0.04 <= waited < 1.0
    release.set()
    await holder
    async with table_turn(3):  # the lock is free again afterwards
        pass
