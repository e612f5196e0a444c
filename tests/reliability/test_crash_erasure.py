"""An erasure killed at any moment (issue 48): the real ``croupier`` process, SIGKILLed at
different delays after the player confirmed, then started again. After the new start he
is either erased entirely (the start finished a request noted before the kill) or not at
all and nothing of a request is left (the kill came before his confirmation was noted:
he was never told it was done); never anything between, and his game still verifies."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from pathlib import Path

import pytest

from bot.privacy.erasure import request
from bot.privacy.server_data import has_data, note_erasure
from bot.service import Service
from bot.store import Erasure, Store, default_sqlite_url, make_engine, upgrade
from cogs.own_data import ERASE
from loopback import fake_discord
from loopback.process import start
from tests.helpers.plans import play_until, seeded
from tests.privacy.test_erasure import rows_naming

DELAYS = (0.0, 0.02, 0.05, 0.1, 0.3)
"""Seconds between the confirmation sent and the kill."""


async def played(url: str, anna: str, ben: str, guild: int, channel: int) -> int:
    """A finished game of Anna and Ben in the bot's database, before the bot starts."""
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    try:
        service: Service = seeded(store)
        outcome = await service.create(
            "verflixte6", [anna, ben], {"durchgaenge": 1}, guild_id=guild, channel_id=channel
        )
        outcome = await play_until(service, outcome, lambda o: o.finished)
        service.history.caught_up()
        return outcome.game_id
    finally:
        store.close()
        engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("delay", DELAYS)
async def test_an_erasure_killed_at_any_moment_is_whole_or_not_begun(
    tmp_path: Path, delay: float
) -> None:
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        ben = fake.add_user("ben", guild=guild)
        game = await played(url, str(anna.id), str(ben.id), guild.id, channel.id)
        assert fake.port is not None
        first = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            await first.wait_connected()
            answer = await fake.slash(anna, channel, "meine-daten")
            message = answer.message
            assert message is not None  # deferred: the file and its button come after
            await fake.wait_until(lambda: ERASE in message.custom_ids(), timeout=20)
            opened = await fake.click(anna, message, ERASE)
            confirm = asyncio.create_task(fake.submit_modal(anna, opened, {"value": "LÖSCHEN"}))
            await asyncio.sleep(delay)
        finally:
            first.kill()
        assert await first.wait(10) == -signal.SIGKILL
        confirm.cancel()
        with contextlib.suppress(BaseException):
            await confirm
        await fake.wait_until(lambda: not fake.gateway.live.is_set(), timeout=5)

        second = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            await second.wait_connected()
        finally:
            assert await second.stop() == 0
    engine = make_engine(url)
    store = Store(engine)
    try:
        with store._session() as session:
            assert session.get(Erasure, str(anna.id)) is None  # finished, or never noted
        left = rows_naming(store, str(anna.id))
        erased = left == []
        assert erased or store.player_name(str(anna.id)) == "anna", left
        assert (str(anna.id) in store.get(game).players) is not erased
        service = Service(store)
        assert service.records.verify(game).ok
    finally:
        store.close()
        engine.dispose()


@pytest.mark.slow
async def test_an_erasure_noted_before_a_kill_is_finished_by_the_next_start(
    tmp_path: Path,
) -> None:
    """The kill came between the noted request and the erasure (a window of milliseconds
    the kills above rarely hit, so it is set up here): the next start erases him."""
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        ben = fake.add_user("ben", guild=guild)
        game = await played(url, str(anna.id), str(ben.id), guild.id, channel.id)
        engine = make_engine(url)
        store = Store(engine)
        store.set_player_name(str(anna.id), "anna", "de")
        assert request(engine, str(anna.id))
        store.close()
        engine.dispose()
        assert fake.port is not None
        bot = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            await bot.wait_connected()
        finally:
            assert await bot.stop() == 0
    engine = make_engine(url)
    store = Store(engine)
    try:
        assert rows_naming(store, str(anna.id)) == []  # he was all there before the start
        assert Service(store).records.verify(game).ok
    finally:
        store.close()
        engine.dispose()


@pytest.mark.slow
async def test_a_server_erasure_noted_before_a_kill_is_finished_by_the_next_start(
    tmp_path: Path,
) -> None:
    """An admin confirmed; the erasure was noted, then the process died before the rows
    went: the next start's sweep erases the server."""
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        ben = fake.add_user("ben", guild=guild)
        await played(url, str(anna.id), str(ben.id), guild.id, channel.id)
        engine = make_engine(url)
        note_erasure(engine, guild.id)
        engine.dispose()
        assert fake.port is not None
        bot = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            await bot.wait_connected()
            await fake.wait_until(lambda: not has_data(make_engine(url), guild.id), timeout=20)
        finally:
            assert await bot.stop() == 0
    engine = make_engine(url)
    try:
        assert not has_data(engine, guild.id)
    finally:
        engine.dispose()
