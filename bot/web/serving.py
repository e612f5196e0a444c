"""The web pages inside the bot's process (``WEB_PORT`` set for ``croupier run``): served
on the bot's own event loop, beside ``/health`` and ``/metrics`` (bot.ops.health).

The pages read the store in threads (``asyncio.to_thread``); what runs on the loop is the
routing and the templates' rendering, about a millisecond a page. The threads' work is
Python too, and holds the interpreter's lock while it runs: six pages worked on at once
(the default thread pool) left the loop a seventh of the lock, and a click waited behind
them (docs/PERFORMANCE.md, "The web pages in the bot's process"). Here the pages are worked
on one at a time (:data:`PAGES_AT_ONCE`): a burst of visitors queues at the door instead
of in front of the clicks. ``croupier web`` serves the same application in a process of its
own, without this gate.
"""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from bot.listening import listen
from bot.service import Service
from bot.web.app import make_app

log = logging.getLogger(__name__)

STOP_GRACE = 5.0
"""Seconds a stopping bot gives the pages being answered before it closes the store."""
PAGES_AT_ONCE = 1
"""Pages the bot's process works on at once; the others wait their turn."""


def one_at_a_time(limit: int = PAGES_AT_ONCE) -> Middleware:
    """A middleware that lets ``limit`` requests be worked on at once, the others wait."""
    gate = asyncio.Semaphore(limit)

    @web.middleware
    async def paced(request: web.Request, handler: Handler) -> web.StreamResponse:
        async with gate:
            return await handler(request)

    return paced


class WebServer:
    """The website on ``service`` at ``host``:``port``, started on the running loop."""

    def __init__(self, service: Service, host: str, port: int) -> None:
        self.service, self.host, self.port = service, host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; a port in use (or an address not this machine's) is a
        :class:`~bot.config.ConfigError` that names ``WEB_PORT``."""
        app = make_app(self.service)
        app.middlewares.append(one_at_a_time())  # after the guard: a refusal waits for none
        self._runner = await listen(
            app, self.host, self.port, "WEB_PORT", access_log=None, shutdown_timeout=STOP_GRACE
        )
        log.info("web pages on http://%s:%d/", self.host, self.port)

    async def close(self) -> None:
        """Stop listening and let the pages being answered finish (before the store
        closes)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
