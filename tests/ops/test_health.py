"""``/health`` and ``/metrics`` of the real bot on the loopback Discord: served on the
bot's own event loop, so a blocked loop fails the probe."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request

import pytest
from discord.ext import commands
from prometheus_client.parser import text_string_to_metric_families

from bot.app import Croupier
from bot.cluster.shards import Shards
from bot.config import ConfigError, Settings
from bot.ops import Ops
from bot.ops.health import health
from tests.helpers.e2e_table import Table


def get(ops: Ops, path: str, timeout: float = 5) -> tuple[int, str, str]:
    """(status, content type, body) of a GET (blocking: run it off the loop)."""
    url = f"http://127.0.0.1:{ops.port}{path}"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


async def fetch(ops: Ops, path: str) -> tuple[int, str, str]:
    return await asyncio.to_thread(get, ops, path)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page by (name, sorted labels)."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


async def test_health_says_ok_with_the_gateway_state(ops: Ops) -> None:
    status, kind, body = await fetch(ops, "/health")
    assert status == 200 and kind.startswith("application/json")
    report = json.loads(body)
    assert report["status"] == "ok"
    assert list(report["shards"]) == ["0"]
    assert report["shards"]["0"]["state"] == "connected"
    latency = report["shards"]["0"]["latency_ms"]  # None until the first heartbeat's ack
    assert latency is None or latency >= 0
    assert "loop_lag_ms" in report


async def test_metrics_count_clicks_commands_refusals_and_open_games(
    table: Table, ops: Ops
) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)  # a command, a join and a start
    stranger = table.fake.add_user("Zoe", guild=table.guild)
    await table.press(stranger, "begin")  # refused: he does not play here
    await table.press(stranger, "begin")
    status, kind, body = await fetch(ops, "/metrics")
    assert status == 200 and kind.startswith("text/plain") and "version=" in kind
    found = samples(body)
    clicks = (("type", "click"),)
    assert found[("croupier_interactions_answered_total", clicks)] == 4
    assert found[("croupier_interactions_answered_total", (("type", "command"),))] == 1
    assert found[("croupier_answer_seconds_count", clicks)] == 4
    assert found[("croupier_answer_seconds_bucket", (("le", "3.0"), *clicks))] == 4
    assert 0 < found[("croupier_answer_seconds_sum", clicks)] < 4 * 3
    reason = (("reason", "game.not_a_player"),)
    assert found[("croupier_refusals_total", reason)] == 2
    assert found[("croupier_open_games", (("kind", "verflixte6"),))] == 1
    assert found[("croupier_open_games", (("kind", "teufel"),))] == 0
    assert found[("croupier_outbox_owed", ())] == 0
    assert found[("croupier_gateway_connected", (("shard", "0"),))] == 1
    assert ("croupier_info", (("shards", "all"), ("version", "0.1.0"))) in found
    assert found[("croupier_event_loop_info", (("loop", "asyncio"),))] == 1  # pytest's loop


async def test_a_refused_command_is_counted_by_its_reason(table: Table, ops: Ops) -> None:
    """A command refused by the tree (a value a forged client sent out of bounds)."""
    await table.fake.slash_unchecked(table.anna, table.channel, "v6 tisch", durchgaenge=0)
    await table.settled()
    found = samples((await fetch(ops, "/metrics"))[2])
    reasons = {
        dict(labels)["reason"]: value
        for (name, labels), value in found.items()
        if name == "croupier_refusals_total"
    }
    assert reasons == {"ui.option.range": 1}
    assert found[("croupier_interactions_answered_total", (("type", "command"),))] == 1


async def test_the_loop_lag_is_measured_and_a_blocked_loop_fails_the_probe(ops: Ops) -> None:
    """A probe from another thread while a coroutine blocks the loop gets no answer within
    its timeout; the lag monitor then reports the block, in /metrics and /health."""
    assert (await fetch(ops, "/health"))[0] == 200
    blocked = threading.Event()
    probe: list[BaseException | int] = []

    def probe_while_blocked() -> None:
        blocked.wait(10)
        try:
            probe.append(get(ops, "/health", timeout=0.3)[0])
        except (TimeoutError, urllib.error.URLError) as exc:
            probe.append(exc)

    prober = threading.Thread(target=probe_while_blocked)
    prober.start()
    blocked.set()
    time.sleep(1.2)  # the loop is blocked: this is what the test is about, not a wait
    await asyncio.to_thread(prober.join, 10)
    assert len(probe) == 1 and isinstance(probe[0], BaseException), probe
    deadline = asyncio.get_running_loop().time() + 5
    while (ops.lag.last or 0) < 0.5 and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)  # the monitor's next measurement after the block
    assert ops.lag.last is not None and ops.lag.last >= 0.5
    status, _, body = await fetch(ops, "/health")
    assert status == 200 and json.loads(body)["loop_lag_ms"] >= 500
    found = samples((await fetch(ops, "/metrics"))[2])
    assert found[("croupier_event_loop_lag_seconds", ())] >= 0.5
    assert found[("croupier_event_loop_lag_observed_seconds_count", ())] >= 1


def test_a_bot_not_ready_or_stopping_is_unhealthy() -> None:
    bot = Croupier(Settings("t", "sqlite://", None, "WARNING"))
    ok, body = health(bot, None)
    assert not ok and body["status"] == "starting"
    assert body["shards"] == {"0": {"state": "disconnected", "latency_ms": None}}
    bot.stopping = "SIGTERM"
    assert health(bot, 0.001) == (
        False,
        # a process alone runs every singleton (bot.cluster.member)
        {
            "status": "stopping",
            "shards": body["shards"],
            "loop_lag_ms": 1.0,
            "leases": ["clock", "sync"],
        },
    )


def test_an_auto_sharded_bot_lists_every_shard_it_runs() -> None:
    bot = Croupier(Settings("t", "sqlite://", None, "WARNING", shards=Shards(4, (2, 3))))
    assert isinstance(bot, commands.AutoShardedBot)
    ok, body = health(bot, None)
    assert not ok
    assert body["shards"] == {
        "2": {"state": "disconnected", "latency_ms": None},
        "3": {"state": "disconnected", "latency_ms": None},
    }


async def test_the_health_port_is_taken_or_free_once_closed(table: Table) -> None:
    first = Ops("127.0.0.1", 0)
    assert table.bot is not None
    await first.start(table.bot)
    port = first.port
    assert port is not None
    with pytest.raises(ConfigError, match=f"HEALTH_PORT {port}: cannot listen on 127.0.0.1"):
        await Ops("127.0.0.1", port).start(table.bot)
    await first.close()
    assert first.port is None
    with pytest.raises(urllib.error.URLError):
        await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{port}/health", None, 2)
