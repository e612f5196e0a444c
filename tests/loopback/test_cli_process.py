"""The real ``croupier`` command in a subprocess on the loopback Discord: SIGTERM and
Ctrl-C stop it cleanly, a token Discord refuses is said in one line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import exit_codes
from bot.store import default_sqlite_url
from loopback import fake_discord
from loopback.entities import Channel, Message, User
from loopback.process import BotProcess, start
from loopback.server import FakeDiscord
from tests.helpers.click_ids import click_of

CALLBACK = r"^/interactions/\d+/[^/]+/callback$"
STARTING = 90.0
"""Seconds a bot process is given to get as far as logging in or syncing its commands (a
bound, not a measure: a loaded two-core machine took over 20 s for the imports and
migrations)."""
STOPPING = 30.0
"""Seconds a bot process is given to exit after a stop signal."""


@dataclass
class Running:
    fake: FakeDiscord
    bot: BotProcess
    channel: Channel
    anna: User
    ben: User
    cem: User
    db: Path
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def lobby(self) -> Message:
        """A V6 lobby anna opened."""
        opened = await self.fake.slash(self.anna, self.channel, "v6 tisch")
        assert opened.response_type == 4 and opened.message is not None
        return opened.message

    async def stop(self, sig: signal.Signals) -> int:
        """Send ``sig``; the exit status (SIGKILL after 15 s)."""
        self.bot.kill(sig)
        try:
            return await self.bot.wait(15)
        except TimeoutError:
            self.bot.kill(signal.SIGKILL)
            await self.bot.wait()
            raise

    def games(self) -> list[tuple[int, int]]:
        """(version, announced) of every game."""
        with contextlib.closing(sqlite3.connect(self.db)) as connection:
            rows = connection.execute("SELECT version, announced FROM games ORDER BY id")
            return [(int(version), int(announced)) for version, announced in rows]

    def joins(self, user: User) -> int:
        """How many join actions of ``user`` the game log holds."""
        with contextlib.closing(sqlite3.connect(self.db)) as connection:
            rows = connection.execute("SELECT actor, action FROM game_events").fetchall()
        return sum(
            1 for actor, action in rows if actor == str(user.id) and "join" in json.dumps(action)
        )


@contextlib.asynccontextmanager
async def croupier(tmp_path: Path, **settings: str) -> AsyncIterator[Running]:
    """``croupier`` (the command as an admin runs it) on a loopback with anna and ben,
    with ``settings`` in its environment; SIGKILLed at the end if a test left it running."""
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    async with fake_discord() as fake:
        guild = fake.add_guild("g")
        channel = fake.add_channel(guild, "c")
        anna = fake.add_user("anna", guild=guild)
        ben = fake.add_user("ben", guild=guild)
        cem = fake.add_user("cem", guild=guild)
        assert fake.port is not None
        env = {"LOG_LEVEL": "INFO", **settings}
        bot = await start("cli", fake.port, default_sqlite_url(db), env, log=log)
        try:
            await bot.wait_connected()
            await fake.wait_for_bot()
            yield Running(fake, bot, channel, anna, ben, cem, db, log)
        finally:
            if bot.returncode is None:
                bot.kill(signal.SIGKILL)
                await bot.wait(10)


def assert_clean(log: str, sig: signal.Signals) -> None:
    assert "Traceback" not in log, log
    assert " ERROR " not in log and " CRITICAL " not in log, log
    stopped = [line for line in log.splitlines() if f"stopped ({sig.name})" in line]
    assert len(stopped) == 1, log


@pytest.mark.parametrize(("setting", "loop"), [("1", "uvloop"), ("0", "asyncio")])
async def test_the_command_runs_on_the_loop_the_setting_asks_for_and_says_so(
    tmp_path: Path, setting: str, loop: str
) -> None:
    if loop == "uvloop":
        pytest.importorskip("uvloop")
    async with croupier(tmp_path, CROUPIER_UVLOOP=setting) as run:
        assert run.bot.loop == loop
        assert await run.stop(signal.SIGTERM) == 0, run.log_text()
    assert f"event loop: {loop}" in run.log_text()
    assert_clean(run.log_text(), signal.SIGTERM)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
async def test_a_stop_signal_while_idle_stops_the_bot_cleanly(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """systemd and containers send SIGTERM, a terminal Ctrl-C (SIGINT): the bot closes its
    connections and the database, writes what it delivered, says it stopped, exits 0."""
    async with croupier(tmp_path) as run:
        lobby = await run.lobby()
        click = await run.fake.click(run.ben, lobby, join_id(lobby))
        assert click.response_type == 7
        assert await run.stop(sig) == 0, run.log_text()
        await run.fake.wait_until(lambda: not run.fake.gateway.live.is_set(), timeout=5)
        assert run.fake.violations == []
    assert_clean(run.log_text(), sig)
    # What the click delivered was written at the stop: the next start owes nothing.
    assert run.games() == [(2, 2)]


async def test_sigterm_while_a_click_is_answered_lets_the_answer_go_out(tmp_path: Path) -> None:
    """A click whose action is committed and whose answer is on its way (Discord asked the
    bot to wait 1.5 s) when SIGTERM comes: the bot answers it, then stops. The action is
    in the log once, and its answer reached Discord once."""
    async with croupier(tmp_path) as run:
        fake = run.fake
        lobby = await run.lobby()
        fake.fail_next("POST", CALLBACK, status=429, retry_after=1.5)
        clicking = asyncio.create_task(fake.click(run.ben, lobby, join_id(lobby)))

        def held_up() -> bool:
            return any(c.status == 429 and c.path.endswith("/callback") for c in fake.rest_log)

        await fake.wait_until(held_up, timeout=5)
        assert run.joins(run.ben) == 1  # committed: the answer is owed
        run.bot.kill(signal.SIGTERM)
        click = await clicking
        assert await run.stop(signal.SIGTERM) == 0, run.log_text()
        assert click.response_type == 7 and str(run.ben.id) in lobby.text()
        answers = [
            c
            for c in fake.rest_log
            if c.path.endswith(f"/{click.id}/{click.token}/callback") and c.status < 300
        ]
        assert len(answers) == 1
        assert fake.violations == []
    assert_clean(run.log_text(), signal.SIGTERM)
    assert "finishing 1 interactions" in run.log_text()
    assert run.joins(run.ben) == 1
    assert run.games() == [(2, 2)]


async def test_sigterm_while_a_command_is_answered_lets_the_answer_go_out(
    tmp_path: Path,
) -> None:
    """The same for a slash command: ``/v6 tisch`` has opened the table, its answer is held
    up when SIGTERM comes; the answer goes out, the table exists once."""
    async with croupier(tmp_path) as run:
        fake = run.fake
        fake.fail_next("POST", CALLBACK, status=429, retry_after=1.5)
        opening = asyncio.create_task(run.lobby())

        def held_up() -> bool:
            return any(c.status == 429 and c.path.endswith("/callback") for c in fake.rest_log)

        await fake.wait_until(held_up, timeout=5)
        run.bot.kill(signal.SIGTERM)
        lobby = await opening
        assert await run.stop(signal.SIGTERM) == 0, run.log_text()
        assert join_id(lobby)
        assert fake.violations == []
    assert_clean(run.log_text(), signal.SIGTERM)
    assert run.games() == [(1, 1)]


async def test_a_click_after_sigterm_is_not_taken(tmp_path: Path) -> None:
    """A click that comes while the bot stops is not taken: nothing is written for it
    (the player clicks again after the restart)."""
    async with croupier(tmp_path) as run:
        fake = run.fake
        lobby = await run.lobby()
        fake.fail_next("POST", CALLBACK, status=429, retry_after=1.5)
        joining = asyncio.create_task(fake.click(run.ben, lobby, join_id(lobby)))
        await fake.wait_until(lambda: run.joins(run.ben) == 1, timeout=5)
        run.bot.kill(signal.SIGTERM)
        await asyncio.sleep(0.3)  # the stop has begun; ben's answer is still on its way
        refused = await fake.click(run.cem, lobby, join_id(lobby))
        assert (await joining).response_type == 7
        assert await run.stop(signal.SIGTERM) == 0, run.log_text()
        assert refused.dead  # unanswered: Discord says the interaction failed
        fake.violations.clear()  # that one, exactly
    assert_clean(run.log_text(), signal.SIGTERM)
    assert run.joins(run.cem) == 0
    assert run.games() == [(2, 2)]


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", r"^/users/@me$"), ("PUT", r"^/applications/\d+/commands$")],
    ids=["logging-in", "syncing-commands"],
)
async def test_sigterm_while_starting_stops_the_bot_cleanly(
    tmp_path: Path, method: str, path: str
) -> None:
    """SIGTERM while the bot logs in or syncs its commands (Discord asked it to wait):
    it stops there, exits 0, without a traceback and without going online."""
    log = tmp_path / "bot.log"
    async with fake_discord() as fake:
        fake.add_channel(fake.add_guild("g"), "c")
        fake.fail_next(method, path, status=429, retry_after=3)
        assert fake.port is not None
        url = default_sqlite_url(tmp_path / "bot.sqlite3")
        bot = await start("cli", fake.port, url, {"LOG_LEVEL": "INFO"}, log=log)
        try:
            held = re.compile(path)
            await fake.wait_until(
                lambda: any(c.status == 429 and held.search(c.path) for c in fake.rest_log),
                timeout=STARTING,
            )
            bot.kill(signal.SIGTERM)
            assert await bot.wait(STOPPING) == 0, log.read_text()
        finally:
            bot.kill(signal.SIGKILL)
        assert fake.gateway.identifies == 0
        assert fake.violations == []
    assert_clean(log.read_text(errors="replace"), signal.SIGTERM)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_a_stop_signal_during_the_imports_and_migrations_exits_0(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """The real ``croupier`` (python -m bot), stopped as soon as it handles the signal,
    while it still imports the bot and migrates the database: exit 0, no traceback."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
        "DISCORD_TOKEN": "never-used",
        "DATABASE_URL": default_sqlite_url(tmp_path / "bot.sqlite3"),
    }
    with subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        status = Path(f"/proc/{child.pid}/status")
        deadline = time.monotonic() + 20
        # Python handles SIGINT from its start; croupier handles SIGTERM right after SIGINT
        while not _catches(status, signal.SIGTERM) and time.monotonic() < deadline:
            time.sleep(0.001)
        child.send_signal(sig)
        out, err = child.communicate(timeout=STOPPING)
    assert child.returncode == 0, err
    assert "Traceback" not in err and "croupier:" not in err, err
    assert out == ""


def _catches(status: Path, sig: signal.Signals) -> bool:
    """Whether the process has a handler for ``sig`` (the SigCgt mask of /proc/PID/status)."""
    for line in status.read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (sig - 1) & 1)
    return False


def join_id(lobby: Message) -> str:
    return next(c for c in lobby.custom_ids() if click_of(c).verb == "join")


async def test_a_token_discord_refuses_is_said_in_one_line(tmp_path: Path) -> None:
    """Discord answers a wrong token with 401 on GET /users/@me: the command says so in a
    line that names DISCORD_TOKEN and where to get a new one, and exits 78 (EX_CONFIG)."""
    log = tmp_path / "bot.log"
    db = tmp_path / "bot.sqlite3"
    async with fake_discord() as fake:
        fake.bot_token = "the-right-token"
        assert fake.port is not None
        env = {"DISCORD_TOKEN": "a-wrong-token", "LOG_LEVEL": "INFO"}  # the default
        bot = await start("cli", fake.port, default_sqlite_url(db), env, log=log)
        try:
            assert await bot.wait(30) == exit_codes.CONFIG
        finally:
            bot.kill(signal.SIGKILL)
        me = [c for c in fake.rest_log if c.path == "/users/@me"]
        assert [c.status for c in me] == [401]
        assert fake.gateway.identifies == 0
    text = log.read_text(errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    assert 1 <= len(lines) <= 2, text
    assert "Traceback" not in text
    assert "refused" in lines[-1] and "DISCORD_TOKEN" in lines[-1] and "Reset Token" in lines[-1]
    assert db.exists()  # the database was opened first


async def test_a_second_process_on_the_sqlite_file_is_refused_in_one_line(tmp_path: Path) -> None:
    """SQLite serves one process: a second ``croupier`` on the same file (or one that runs
    only some of the shards) exits 78 (EX_CONFIG) with one line that says to use
    PostgreSQL; the first one plays on."""
    db = default_sqlite_url(tmp_path / "bot.sqlite3")
    async with fake_discord() as fake:
        assert fake.port is not None
        first = await start("cli", fake.port, db, log=tmp_path / "first.log")
        try:
            await first.wait_connected()
            for name, env in (("second", {}), ("split", {"SHARD_COUNT": "2", "SHARD_IDS": "1"})):
                log = tmp_path / f"{name}.log"
                refused = await start("cli", fake.port, db, env, log=log)
                assert await refused.wait(30) == exit_codes.CONFIG
                lines = [line for line in log.read_text().splitlines() if line.strip()]
                assert len(lines) == 1 and "PostgreSQL" in lines[0], lines
            assert "another Croupier process (pid" in (tmp_path / "second.log").read_text()
            assert "shards 1 of 2" in (tmp_path / "split.log").read_text()
            assert first.returncode is None  # untouched
        finally:
            await first.stop()
