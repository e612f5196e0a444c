"""End-to-end fixtures: the real Croupier bot against the loopback Discord, fixed dice."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw

from bot.store import default_sqlite_url
from tests.helpers.e2e_table import Table, running_world
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
    async with running_world(default_sqlite_url(tmp_path / "e2e.sqlite3")) as world:
        yield world


@pytest.fixture
def leaks(table: Table) -> Iterator[LeakScan]:
    """Scan every message of the test for secrets shown to the wrong people
    (tests/helpers/leaks.py)."""
    scan = LeakScan(table.fake, lambda: table.bot.service).install()  # type: ignore[union-attr]
    yield scan
    print(scan.summary())
    assert scan.leaks == [], scan.describe()
