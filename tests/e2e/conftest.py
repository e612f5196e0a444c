"""End-to-end fixtures: the real Croupier bot against the loopback Discord, fixed dice."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw

from bot.engine.rng import ScriptedDice
from bot.store import default_sqlite_url
from loopback import bot_running, fake_discord, tasks_left_behind
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


@pytest.fixture(autouse=True)
def pictures_off_the_loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No picture, nor emoji, is drawn on the event loop: the bot draws in a worker
    process, or a thread (bot.render.drawn), so that a click is never held up by Pillow."""
    on_loop: list[str] = []
    draw = ImageDraw.Draw

    def guarded(*args: Any, **kwargs: Any) -> ImageDraw.ImageDraw:
        if asyncio._get_running_loop() is not None:
            on_loop.append("".join(traceback.format_stack(limit=10)))
        return draw(*args, **kwargs)

    monkeypatch.setattr(ImageDraw, "Draw", guarded)
    yield
    assert on_loop == [], f"drawn on the event loop {len(on_loop)} times, first:\n{on_loop[0]}"


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with fake_discord() as fake:
        guild = fake.add_guild("Spieletreff")
        channel = fake.add_channel(guild, "verflixte-6")
        users = [fake.add_user(name, guild=guild) for name in ("Anna", "Ben", "Cem")]
        world = Table(
            fake,
            guild,
            channel,
            *users,
            ScriptedDice(),
            default_sqlite_url(tmp_path / "e2e.sqlite3"),
        )
        world.bot = world.new_bot()
        async with bot_running(fake, world.bot):
            yield world
        assert fake.violations == []
    left = await tasks_left_behind()
    assert left == [], f"tasks left behind: {left}"


@pytest.fixture
def leaks(table: Table) -> Iterator[LeakScan]:
    """Scan every message of the test for secrets shown to the wrong people
    (tests/helpers/leaks.py)."""
    scan = LeakScan(table.fake, lambda: table.bot.service).install()  # type: ignore[union-attr]
    yield scan
    print(scan.summary())
    assert scan.leaks == [], scan.describe()
