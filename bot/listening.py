"""An aiohttp application listening on a host and port of the bot's settings (``/health``
and ``/metrics``, the web pages): one place for the start and its refusal."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.config import ConfigError


async def listen(
    app: web.Application, host: str, port: int, setting: str, **runner: Any
) -> web.AppRunner:
    """``app`` served on ``host``:``port`` (``runner``: :class:`aiohttp.web.AppRunner`'s
    options); a port no one may listen on is a :class:`~bot.config.ConfigError` naming
    ``setting`` (``HEALTH_PORT``, ``WEB_PORT``) and its host's setting."""
    started = web.AppRunner(app, **runner)
    await started.setup()
    site = web.TCPSite(started, host, port)
    try:
        await site.start()
    except OSError as exc:
        await started.cleanup()
        host_setting = setting.removesuffix("_PORT") + "_HOST"
        raise ConfigError(
            f"{setting} {port}: cannot listen on {host}:{port} "
            f"({exc.strerror or exc}); choose a free port, or {host_setting}"
        ) from None
    return started
