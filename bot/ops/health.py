"""``/health`` and ``/metrics`` over HTTP, served on the bot's own event loop.

Being on the bot's loop is the point: a loop blocked by one long piece of work answers no
probe, so the probe fails exactly when clicks go unanswered. ``/health`` reads what the
bot holds in memory (gateway state, the last loop lag) and never the database: a slow
database must not make an orchestrator restart every process at once.

- ``GET /health``: 200 ``{"status": "ok", "shards": {"0": {"state": "connected",
  "latency_ms": 41.5}}, "loop_lag_ms": 0.4, "leases": ["clock"]}`` while the bot is ready
  and every shard it runs is connected ("leases": the singletons this process runs);
  else 503 with the same body and the status ``starting``, ``disconnected`` or
  ``stopping``.
- ``GET /metrics``: the bot's registry in Prometheus' text format.
"""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.cluster.member import CLOCK, SYNC
from bot.config import ConfigError
from bot.ops.gateway_health import shard_states
from bot.ops.lag import LagMonitor
from bot.ops.metrics import Metrics
from bot.ops.watched import Watched

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


def leases(bot: Watched) -> list[str]:
    """The singletons this process runs now (bot.cluster.member): with several processes
    on PostgreSQL one of them has the clock; a process alone runs them all."""
    return [role for role in ROLES if bot.member.holds(role)]


class HealthServer:
    """The HTTP server of one bot at ``host``:``port`` (0: a free port, see :attr:`port`)."""

    def __init__(
        self, bot: Watched, metrics: Metrics, lag: LagMonitor, host: str, port: int
    ) -> None:
        self.bot, self.metrics, self.lag = bot, metrics, lag
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/health", self._health)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            raise ConfigError(
                f"HEALTH_PORT {self.port}: cannot listen on {self.host}:{self.port} "
                f"({exc.strerror or exc}); choose a free port, or HEALTH_HOST"
            ) from None
        self._runner = runner
        self.port = runner.addresses[0][1]
        log.info("health and metrics on http://%s:%d/", self.host, self.port)

    async def close(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _health(self, request: web.Request) -> web.Response:
        ok, body = health(self.bot, self.lag.last)
        return web.json_response(body, status=200 if ok else 503)

    async def _metrics(self, request: web.Request) -> web.Response:
        body = generate_latest(self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
