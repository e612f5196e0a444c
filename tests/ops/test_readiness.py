"""Readiness from memory: the database probe's answer (bot.store.probe) and what
``/health/ready`` makes of it; ``/health/live`` answers whatever the database does."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aiohttp import web
from sqlalchemy import create_engine

from bot.app import Croupier
from bot.config import Settings
from bot.ops import Ops
from bot.ops.health import readiness
from bot.store import default_sqlite_url, make_engine
from bot.store import probe as probes
from bot.store.probe import DatabaseProbe, Reach
from loopback import bot_running, fake_discord
from loopback.gateway import Gateway
from tests.helpers.e2e_table import Table


def test_the_probe_says_whether_the_database_answers_and_since_when(tmp_path: Path) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "p.db"))
    probe = DatabaseProbe(engine)
    assert not probe.reach.ok and probe.reach.error == "not probed yet"
    first = probe.probe()
    assert first.ok and first.error is None
    assert probe.probe().since == first.since  # unchanged: the same since
    engine.dispose()
    broken = DatabaseProbe(create_engine(default_sqlite_url(tmp_path / "missing" / "p.db")))
    gone = broken.probe()
    assert not gone.ok and gone.error is not None and "unable to open" in gone.error
    assert "\n" not in gone.error


def test_a_probe_without_an_answer_for_long_counts_as_a_failure(tmp_path: Path) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "p.db"))
    probe = DatabaseProbe(engine)
    probe.probe()
    assert probe.reach.ok
    probe._reach = Reach(True, None, probe.reach.since, time.monotonic() - probes.STALE - 1)
    reach = probe.reach
    assert not reach.ok and reach.error is not None and reach.error.startswith("no answer for")
    engine.dispose()


def test_readiness_fails_on_the_database_alone() -> None:
    bot = Croupier(Settings("t", "sqlite://", None, "WARNING"))
    bot.is_ready = lambda: True  # type: ignore[method-assign]
    since = datetime(2026, 12, 3, 19, 40, 2, tzinfo=UTC)
    down = Reach(False, "OperationalError: connection refused", since, time.monotonic())
    ok, body = readiness(bot, 0.001, down)
    assert not ok
    # its gateway is not connected in this test: that is said first
    assert body["status"] == "disconnected"
    assert body["database"] == {
        "ok": False,
        "error": "OperationalError: connection refused",
        "since": "2026-12-03T19:40:02Z",
    }


def get(port: int, path: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


async def test_live_and_ready_on_a_running_bot(table: Table) -> None:
    ops = Ops("127.0.0.1", 0)
    assert table.bot is not None
    await ops.start(table.bot)
    try:
        assert ops.port is not None and ops.probe is not None
        for path in ("/health", "/health/ready"):
            status, body = await asyncio.to_thread(get, ops.port, path)
            assert status == 200 and body["status"] == "ok", body
            assert body["database"] == {
                "ok": True,
                "error": None,
                "since": body["database"]["since"],
            }  # type: ignore[index]
        status, body = await asyncio.to_thread(get, ops.port, "/health/live")
        assert status == 200 and body["status"] == "alive" and "loop_lag_ms" in body
        since = ops.probe.reach.since
        ops.probe._reach = Reach(False, "OperationalError: gone", since, time.monotonic())
        status, body = await asyncio.to_thread(get, ops.port, "/health/ready")
        assert status == 503 and body["status"] == "database_unavailable"
        assert (await asyncio.to_thread(get, ops.port, "/health/live"))[0] == 200
    finally:
        await ops.close()
    assert ops.probe is None


async def test_readiness_fails_while_the_gateway_is_away_and_recovers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Discord's gateway refuses the bot for a while (its websocket dropped, every new one
    refused): ``/health/ready`` says ``disconnected`` within 5 s, ``/health/live`` stays
    200, and ready is 200 again once the bot is back in, by itself."""
    away = asyncio.Event()
    handle = Gateway.handle

    async def refusing(self: Gateway, request: web.Request) -> web.WebSocketResponse:
        if away.is_set():
            raise web.HTTPServiceUnavailable
        return await handle(self, request)

    monkeypatch.setattr(Gateway, "handle", refusing)
    async with fake_discord() as fake:
        fake.add_guild("Spieletreff")
        bot = Croupier(Settings("t", default_sqlite_url(tmp_path / "g.db"), None, "WARNING"))
        async with bot_running(fake, bot):
            ops = Ops("127.0.0.1", 0)
            await ops.start(bot)
            try:
                assert ops.port is not None
                assert (await asyncio.to_thread(get, ops.port, "/health/ready"))[0] == 200
                away.set()
                await fake.drop_gateway()
                gone = time.monotonic()
                while (status := await asyncio.to_thread(get, ops.port, "/health/ready"))[0] == 200:
                    assert time.monotonic() - gone < 5, "still ready with the gateway away"
                    await asyncio.sleep(0.1)
                assert status[1]["status"] == "disconnected"
                assert (await asyncio.to_thread(get, ops.port, "/health/live"))[0] == 200
                away.clear()
                back = time.monotonic()
                while (await asyncio.to_thread(get, ops.port, "/health/ready"))[0] != 200:
                    assert time.monotonic() - back < 30, "not ready again"
                    await asyncio.sleep(0.2)
            finally:
                await ops.close()
