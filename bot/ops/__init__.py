"""What operators watch: metrics, the event loop's lag, ``/health`` and ``/metrics``.

One :class:`Ops` per bot, started in its set-up and closed with it::

    self.ops = Ops.of(settings)
    await self.ops.start(self)      # setup_hook
    await self.ops.close()          # when the bot closes

``start`` hands the bot's router its :class:`~bot.ops.metrics.Metrics` (the click path
counts answers, refusals and errors there), counts Discord's REST answers
(``bot.discord_internals.count_requests``) and times the database's transactions
(:mod:`bot.ops.transactions`), registers what is read at scrape time
(:mod:`bot.ops.scraped`), says which event loop runs (a log line and
``croupier_event_loop_info``), starts the lag monitor (:mod:`bot.ops.lag`) and, with a
port, the HTTP server (:mod:`bot.ops.health`) on the bot's loop, with the database's probe
(:mod:`bot.store.probe`) in a thread for its readiness.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot import event_loop
from bot.config import Settings
from bot.discord_internals import count_requests
from bot.ops import answers
from bot.ops.database_state import DatabaseState
from bot.ops.health import HealthServer
from bot.ops.lag import LagMonitor
from bot.ops.metrics import Metrics
from bot.ops.scraped import BotState
from bot.ops.transactions import time_transactions
from bot.ops.watched import Watched
from bot.store.probe import DatabaseProbe

__all__ = ["Metrics", "Ops", "Watched"]

log = logging.getLogger(__name__)


class Ops:
    """One bot's operations: its metrics always, ``/health`` and ``/metrics`` served at
    ``host``:``port`` when a port is given (0: any free one; :attr:`port` says which)."""

    def __init__(self, host: str = "127.0.0.1", port: int | None = None) -> None:
        self.host, self._port = host, port
        self.metrics = Metrics()
        self.lag = LagMonitor(self.metrics)
        self.server: HealthServer | None = None
        self.probe: DatabaseProbe | None = None
        """Whether the database answers (with the HTTP server only)."""
        self._bot: Watched | None = None
        self._stops: list[Callable[[], None]] = []

    @classmethod
    def of(cls, settings: Settings) -> Ops:
        """As the settings ask (``HEALTH_HOST``, ``HEALTH_PORT``)."""
        return cls(settings.health_host, settings.health_port)

    @property
    def port(self) -> int | None:
        """The port ``/health`` is served on (None: not served, or not started)."""
        return None if self.server is None else self.server.port

    async def start(self, bot: Watched) -> None:
        """Count, measure and serve for ``bot``, on its (the running) event loop."""
        if self._bot is not None:
            return  # started already
        if self._port is not None:  # first: a port in use fails the start, nothing else
            probe = DatabaseProbe(bot.service.store.engine)
            server = HealthServer(bot, self.metrics, self.lag, self.host, self._port, probe=probe)
            await server.start()
            self.server, self.probe = server, probe
            await asyncio.to_thread(probe.probe)  # answered from the first request on
            probe.start()
            self.metrics.registry.register(DatabaseState(probe))
        self._bot = bot
        answers.install()
        bot.router.metrics = self.metrics
        self._stops = [
            count_requests(bot.http, self.metrics.responded),
            time_transactions(bot.service.store.engine, self.metrics),
        ]
        self.metrics.registry.register(BotState(bot))
        loop = event_loop.name()
        self.metrics.running_on(loop)
        log.info("event loop: %s", loop)
        self.lag.start()

    async def close(self) -> None:
        """Stop serving and measuring (the metrics are kept: a last scrape in a test)."""
        server, self.server = self.server, None
        if server is not None:
            await server.close()
        probe, self.probe = self.probe, None
        if probe is not None:
            await asyncio.to_thread(probe.stop)
        await self.lag.stop()
        for stop in self._stops:
            stop()
        self._stops = []
        if self._bot is not None and self._bot.router.metrics is self.metrics:
            self._bot.router.metrics = None
