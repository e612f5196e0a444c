"""The tables' locks (bot.play.table_locks): one write at a time per table, handed on in
the order asked, never given up on; re-entrant for the task holding it; an impatient
waiter is told once and keeps its place."""

from __future__ import annotations

import asyncio

import pytest

from bot.play.table_locks import TableLocks


async def test_a_second_write_waits_for_the_first() -> None:
    locks = TableLocks()
    order: list[str] = []

    async def write(name: str, hold: float) -> None:
        async with locks(1):
            order.append(f"{name} in")
            await asyncio.sleep(hold)
            order.append(f"{name} out")

    await asyncio.gather(write("a", 0.05), write("b", 0))
    assert order == ["a in", "a out", "b in", "b out"]


async def test_waiters_go_in_the_order_they_asked() -> None:
    locks = TableLocks()
    order: list[int] = []
    release = asyncio.Event()

    async def first() -> None:
        async with locks(1):
            await release.wait()

    async def then(number: int) -> None:
        await locks(1).acquire()
        order.append(number)
        locks(1).release()

    holder = asyncio.create_task(first())
    await asyncio.sleep(0)
    waiters = [asyncio.create_task(then(n)) for n in range(5)]
    await asyncio.sleep(0.01)
    release.set()
    await asyncio.gather(holder, *waiters)
    assert order == [0, 1, 2, 3, 4]


async def test_the_holder_may_take_its_lock_again() -> None:
    locks = TableLocks()
    async with locks(7), locks(7):  # a host's tool inside the tournament's session
        assert locks(7).held
    assert not locks(7).locked


async def test_a_stuck_holder_is_waited_for_and_the_waiter_told_once() -> None:
    """No giving up: the waiter is told (a click defers) and goes on only once the lock
    is free, before anybody who asked after it."""
    locks = TableLocks()
    release = asyncio.Event()
    told: list[float] = []
    order: list[str] = []
    loop = asyncio.get_running_loop()

    async def stuck() -> None:
        async with locks(3):
            await release.wait()

    async def impatient() -> None:
        told.append(loop.time())

    async def patient_click() -> None:
        await locks(3).acquire(0.02, impatient)
        order.append("click")
        locks(3).release()

    async def later() -> None:
        await asyncio.sleep(0.01)
        async with locks(3):
            order.append("later")

    holder = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    began = loop.time()
    click, second = asyncio.create_task(patient_click()), asyncio.create_task(later())
    await asyncio.sleep(0.1)
    assert len(told) == 1 and told[0] - began >= 0.015
    assert order == []  # still waiting: nobody goes on without the lock
    release.set()
    await asyncio.gather(holder, click, second)
    assert order == ["click", "later"]


async def test_a_cancelled_waiter_leaves_the_lock_free() -> None:
    locks = TableLocks()
    release = asyncio.Event()

    async def stuck() -> None:
        async with locks(4):
            await release.wait()

    async def nothing() -> None:
        return None

    holder = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(locks(4).acquire(0.01, nothing))
    await asyncio.sleep(0.05)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    release.set()
    await holder
    async with asyncio.timeout(1), locks(4):
        assert locks.busy() == [4]
    assert locks.busy() == []
