"""The event loop's lag: a task that sleeps and measures how late it wakes. A loop busy
with one long piece of work (a slow query, a picture drawn on the loop) wakes it late, and
every click waiting behind that work waits as long."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.ops.metrics import Metrics

log = logging.getLogger(__name__)

INTERVAL = 0.5
"""Seconds between measurements."""

WARN_LAG = 1.0
"""A lag this long is logged (a click waiting that long is a third of Discord's deadline)."""


class LagMonitor:
    """Measures the running loop's lag every :data:`INTERVAL` s into ``metrics``."""

    def __init__(self, metrics: Metrics, interval: float = INTERVAL) -> None:
        self.metrics = metrics
        self.interval = interval
        self.last: float | None = None
        """The last measured lag in seconds (None before the first)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="loop-lag")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            expected = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            lag = max(0.0, loop.time() - expected)
            self.last = lag
            self.metrics.lagged(lag)
            if lag >= WARN_LAG:
                log.warning("the event loop was blocked for %.2f s", lag)
