"""Running a real discord.py client against a :class:`FakeDiscord` in tests."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any, TypeVar

import discord

from loopback.server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)

# discord.py waits this long after the last GUILD_CREATE before on_ready (2 s by default).
GUILD_READY_TIMEOUT = 0.05


@contextlib.asynccontextmanager
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started :class:`FakeDiscord`, stopped on exit. Build the world before starting a bot."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@contextlib.asynccontextmanager
async def bot_running(
    fake: FakeDiscord,
    bot: ClientT,
    token: str = "x",
    *,
    timeout: float = 10,
    fast_identify: bool = True,
) -> AsyncIterator[ClientT]:
    """Run ``bot.start(token)`` against ``fake`` until the block ends; yields once READY.

    discord.py is pointed at the fake for the whole block (``patch_discord``). On exit the bot is
    closed and its task awaited, so no sockets or tasks are left behind. ``guild_ready_timeout``
    is lowered, and with ``fast_identify`` the 5 s discord.py sleeps before every IDENTIFY but
    the first (``before_identify_hook``) is skipped.
    """
    bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
    if fast_identify:
        bot._hooks["before_identify"] = _identify_now
    with fake.patch_discord():
        task = asyncio.create_task(bot.start(token), name="loopback-bot")
        try:
            await _until_ready(bot, task, timeout)
            await fake.wait_for_bot(timeout)
            yield bot
        finally:
            await _shut_down(bot, task)


run_bot = bot_running


async def tasks_left_behind(grace: float = 0.1) -> list[asyncio.Task[Any]]:
    """Tasks other than the current one still pending after ``grace`` s (for teardown checks)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    while True:
        current = asyncio.current_task()
        left = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
        if not left or loop.time() >= deadline:
            return left
        await asyncio.sleep(0.01)


async def _identify_now(shard_id: int | None, *, initial: bool = False) -> None:
    return None


async def _until_ready(bot: discord.Client, task: asyncio.Task[None], timeout: float) -> None:
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when="FIRST_COMPLETED")
    finally:
        ready.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ready
    if task in done:
        task.result()  # re-raises the start-up error
        raise RuntimeError("the bot stopped before it was ready")
    if not done:
        raise TimeoutError(f"the bot was not ready within {timeout} s")


async def _shut_down(bot: discord.Client, task: asyncio.Task[None]) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(bot.close(), 5)
    # discord.py leaves these running after close(): view/modal timeouts and the on_ready delay.
    store = bot._connection._view_store
    for items in list(store._views.values()):
        for item in list(items.values()):
            if item.view is not None:
                item.view.stop()
    for modal in list(store._modals.values()):
        modal.stop()
    ready_task = bot._connection._ready_task
    if ready_task is not None and not ready_task.done():
        ready_task.cancel()
        with contextlib.suppress(BaseException):
            await ready_task
    if not task.done():
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(task), 5)
    if not task.done():
        task.cancel()
    with contextlib.suppress(BaseException):
        await task
