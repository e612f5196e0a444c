"""With ``LOG_FORMAT=json`` every line a Croupier process and its helpers write is JSON,
also around a crash: a bot killed with SIGKILL and started again on the same database and
the same log (as systemd or Docker keep one) leaves no line a log collector cannot parse.

After a SIGKILL, Python's multiprocessing resource tracker (a helper process of the
picture worker) outlives the bot, cleans up the worker's semaphores and used to say so in
two plain-text lines; the bot's own start wrote plain text before its logging was set up.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path

from bot.store import default_sqlite_url
from loopback import fake_discord
from loopback.process import start


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (the picture worker, the resource tracker)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


async def gone(pids: set[int], timeout: float = 30) -> None:
    """Until none of ``pids`` runs any more (a helper has written its last line)."""
    deadline = time.monotonic() + timeout
    while any(Path(f"/proc/{pid}").exists() for pid in pids):
        assert time.monotonic() < deadline, f"still running: {pids}"
        await asyncio.sleep(0.1)


async def test_every_line_around_a_sigkill_and_a_restart_is_json(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    db = default_sqlite_url(tmp_path / "bot.sqlite3")
    env = {"LOG_FORMAT": "json", "LOG_LEVEL": "DEBUG"}
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        assert fake.port is not None
        for stop in (signal.SIGKILL, signal.SIGTERM):
            bot = await start("cli", fake.port, db, env, log=log)
            try:
                await bot.wait_connected(60)
                await fake.wait_for_bot()
                opened = await fake.slash(anna, channel, "v6 tisch")  # a picture drawn
                assert opened.response_type == 4
                helpers = children(bot.pid)
                bot.kill(stop)
                status = await bot.wait(30)
            finally:
                if bot.returncode is None:
                    bot.kill(signal.SIGKILL)
                    await bot.wait(10)
            assert status == (-signal.SIGKILL if stop is signal.SIGKILL else 0)
            assert helpers, "no helper process: nothing outlived the bot to check"
            await gone(helpers)
    lines = log.read_text().splitlines()
    assert len(lines) > 50
    not_json = []
    for line in lines:
        try:
            assert isinstance(json.loads(line), dict)
        except (ValueError, AssertionError):
            not_json.append(line)
    assert not_json == [], "\n".join(not_json[:10])
    entries = [json.loads(line) for line in lines]
    starts = [e for e in entries if e["message"].startswith("database ready")]
    assert len(starts) == 2 and starts[0]["pid"] != starts[1]["pid"]
