"""The bot's start-up (without Discord): migrate, reload open games, load the cogs."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from bot.app import GC_THRESHOLDS, Croupier
from bot.config import Settings
from bot.engine import Action
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade


async def test_setup_hook_migrates_reloads_open_games_and_loads_cogs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    engine = make_engine(url)
    upgrade(engine)
    earlier = Service(Store(engine))
    game = await earlier.create("verflixte6", ["1", "2"], {})
    await earlier.act(game.game_id, "1", Action("jokers", {"jokers": []}))
    engine.dispose()

    bot = Croupier(Settings("token", url, None, "INFO"))
    synced: list[bool] = []

    async def no_sync() -> None:
        synced.append(True)

    monkeypatch.setattr(bot, "_sync_commands", no_sync)
    thresholds = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        await bot.setup_hook()
        assert gc.get_threshold() == GC_THRESHOLDS  # young passes after 10,000 objects
    finally:
        gc.set_threshold(*thresholds)
    assert synced == [True]
    assert bot.tree.get_command("croupier") is not None
    assert bot.service.tables.current(game.game_id).version == 2
    await bot.close()


async def test_a_new_database_file_is_created_on_first_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fresh" / "croupier.sqlite3"
    bot = Croupier(Settings("token", default_sqlite_url(path), None, "INFO"))

    async def no_sync() -> None:
        return None

    monkeypatch.setattr(bot, "_sync_commands", no_sync)
    await bot.setup_hook()
    assert path.exists()
    await bot.close()
