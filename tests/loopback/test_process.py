"""Bots in subprocesses against the loopback Discord (loopback.process)."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest

from bot import event_loop
from bot.store import default_sqlite_url
from loopback import fake_discord
from loopback.process import start
from tests.helpers.click_ids import click_of


async def test_a_bare_bot_subprocess_answers_a_click_and_dies_on_sigkill(tmp_path: Path) -> None:
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        user = fake.add_user("u", guild=guild)
        message = fake.new_message(channel, visibility="public")
        button = {"type": 2, "style": 1, "label": "go", "custom_id": "go"}
        row = {"type": 1, "components": [button]}
        fake.apply(message, {"content": "0", "components": [row]}, [], creating=True)
        assert fake.port is not None
        bot = await start("bare", fake.port, log=tmp_path / "bare.log")
        try:
            assert await bot.wait_connected() > 0
            await fake.wait_for_bot()
            click = await fake.click(user, message, "go")
            assert click.response_type == 7 and message.content == "#1"
            assert message.custom_ids() == ["go"]  # the update keeps the button
        finally:
            bot.kill(signal.SIGKILL)
            assert await bot.wait(10) == -signal.SIGKILL
        await fake.wait_until(lambda: not fake.gateway.live.is_set(), timeout=5)
        assert fake.violations == []


@pytest.mark.parametrize(("setting", "loop"), [("1", event_loop.UVLOOP), ("0", "asyncio")])
async def test_the_bots_run_on_the_loop_the_setting_asks_for(
    tmp_path: Path, setting: str, loop: str
) -> None:
    """Croupier and the bare bot on the same loop (a fair comparison): uvloop unless
    ``CROUPIER_UVLOOP=0``; each child's ready line says which runs."""
    if loop == event_loop.UVLOOP:
        pytest.importorskip("uvloop")
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    env = {"CROUPIER_UVLOOP": setting}
    async with fake_discord() as fake:
        assert fake.port is not None
        for kind in ("bare", "croupier"):
            bot = await start(kind, fake.port, url, env, log=tmp_path / f"{kind}.log")
            try:
                await bot.wait_connected()
                assert bot.loop == loop
            finally:
                assert await bot.stop() == 0
            await fake.wait_until(lambda: not fake.gateway.live.is_set(), timeout=5)


async def test_croupier_restarted_after_sigkill_answers_the_old_lobby(tmp_path: Path) -> None:
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        ben = fake.add_user("ben", guild=guild)
        assert fake.port is not None
        first = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            await first.wait_connected()
            opened = await fake.slash(anna, channel, "v6 tisch")
            lobby = opened.message
            assert opened.response_type == 4 and lobby is not None
        finally:
            first.kill()
        assert await first.wait(10) == -signal.SIGKILL
        await fake.wait_until(lambda: not fake.gateway.live.is_set(), timeout=5)

        second = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            assert second.pid != first.pid
            join = next(c for c in lobby.custom_ids() if click_of(c).verb == "join")
            click = await fake.click(ben, lobby, join)  # waits for the new gateway session
            assert click.response_type == 7
            assert str(ben.id) in lobby.text()
        finally:
            assert await second.stop() == 0
        assert fake.violations == []


async def test_a_killed_croupier_is_reaped_at_once_its_picture_worker_holds_no_pipe(
    tmp_path: Path,
) -> None:
    """asyncio's ``Process.wait()`` waits for the child's pipes too: the picture worker (and
    multiprocessing's resource tracker) the bot starts must not hold the pipe the test reads
    its ready line from, or a SIGKILLed bot counts as alive until the worker notices
    (the fifty-kill run's "TimeoutError" in ``kill`` on a loaded machine)."""
    url = default_sqlite_url(tmp_path / "bot.sqlite3")
    async with fake_discord() as fake:
        assert fake.port is not None
        bot = await start("croupier", fake.port, url, log=tmp_path / "bot.log")
        try:
            await bot.wait_connected()
            pipe = os.readlink(f"/proc/{bot.pid}/fd/1")  # (the ready line's own descriptor)
            await fake.wait_until(lambda: len(_children(bot.pid)) >= 1, timeout=30)
            held = {child: os.readlink(f"/proc/{child}/fd/1") for child in _children(bot.pid)}
            ours = [
                os.readlink(f"/proc/{bot.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{bot.pid}/fd")
            ]
            assert pipe == os.devnull and all(target == os.devnull for target in held.values())
            assert any(target.startswith("pipe:") for target in ours), ours
        finally:
            bot.kill()
        assert await bot.wait(5) == -signal.SIGKILL


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as stat:
                if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
    return found
