"""``/health`` and ``/metrics`` over HTTP, served on the bot's own event loop.

Being on the bot's loop is the point: a loop blocked by one long piece of work answers no
probe, so the probe fails exactly when clicks go unanswered. Nothing here waits for the
database: its state comes from the probe's thread (bot.store.probe), read from memory.

- ``GET /health/live``: 200 ``{"status": "alive", "loop_lag_ms": 0.4}`` whenever the loop
  answers (a liveness probe: restart the process only when this fails; a database or
  Discord away is no reason to).
- ``GET /health/ready``: 200 ``{"status": "ok", "shards": {"0": {"state": "connected",
  "latency_ms": 41.5}}, "loop_lag_ms": 0.4, "leases": ["clock"], "database": {"ok": true,
  "error": null, "since": "2026-12-03T19:40:00Z"}}`` while the bot is ready, every shard it
  runs is connected and the database answers ("leases": the singletons this process runs;
  "since": when the database's state last changed); else 503 with the same body and the
  status ``starting``, ``disconnected``, ``stopping`` or ``database_unavailable``. It
  fails within 5 s of the database or the gateway going away and recovers by itself.
- ``GET /health``: the same as ``/health/ready`` (what the Dockerfile's ``HEALTHCHECK``
  asks: "healthy" is a process that serves its players).
- ``GET /metrics``: the bot's registry in Prometheus' text format.
"""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.cluster.member import CLOCK, SYNC
from bot.listening import listen
from bot.ops.gateway_health import shard_states
from bot.ops.lag import LagMonitor
from bot.ops.metrics import Metrics
from bot.ops.watched import Watched
from bot.store.probe import DatabaseProbe, Reach

log = logging.getLogger(__name__)

ROLES = (CLOCK, SYNC)


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 3)


def health(bot: Watched, lag: float | None) -> tuple[bool, dict[str, Any]]:
    """Whether the bot is healthy, and the body that says so (memory only)."""
    shards = shard_states(bot)
    if bot.stopping is not None or bot.is_closed():
        status = "stopping"
    elif not bot.is_ready():
        status = "starting"
    elif not all(shard.connected for shard in shards):
        status = "disconnected"
    else:
        status = "ok"
    body = {
        "status": status,
        "shards": {
            str(shard.id): {"state": shard.state, "latency_ms": _ms(shard.latency)}
            for shard in shards
        },
        "loop_lag_ms": _ms(lag),
        "leases": leases(bot),
    }
    return status == "ok", body


def readiness(
    bot: Watched, lag: float | None, database: Reach | None
) -> tuple[bool, dict[str, Any]]:
    """Whether the bot serves its players: :func:`health`, and the database answers
    (``database``: the probe's last answer; None: not probed, not judged)."""
    ok, body = health(bot, lag)
    if database is not None:
        body["database"] = database.report()
        if ok and not database.ok:
            ok, body["status"] = False, "database_unavailable"
    return ok, body


def leases(bot: Watched) -> list[str]:
    """The singletons this process runs now (bot.cluster.member): with several processes
    on PostgreSQL one of them has the clock; a process alone runs them all."""
    return [role for role in ROLES if bot.member.holds(role)]


class HealthServer:
    """The HTTP server of one bot at ``host``:``port`` (0: a free port, see :attr:`port`)."""

    def __init__(
        self,
        bot: Watched,
        metrics: Metrics,
        lag: LagMonitor,
        host: str,
        port: int,
        *,
        probe: DatabaseProbe | None = None,
    ) -> None:
        self.bot, self.metrics, self.lag, self.probe = bot, metrics, lag, probe
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/health", self._ready)
        app.router.add_get("/health/ready", self._ready)
        app.router.add_get("/health/live", self._live)
        app.router.add_get("/metrics", self._metrics)
        self._runner = await listen(app, self.host, self.port, "HEALTH_PORT", access_log=None)
        self.port = self._runner.addresses[0][1]
        log.info("health and metrics on http://%s:%d/", self.host, self.port)

    async def close(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _ready(self, request: web.Request) -> web.Response:
        database = None if self.probe is None else self.probe.reach
        ok, body = readiness(self.bot, self.lag.last, database)
        return web.json_response(body, status=200 if ok else 503)

    async def _live(self, request: web.Request) -> web.Response:
        return web.json_response({"status": "alive", "loop_lag_ms": _ms(self.lag.last)})

    async def _metrics(self, request: web.Request) -> web.Response:
        body = generate_latest(self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
