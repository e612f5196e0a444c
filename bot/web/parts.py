"""What the web application and each request carry: the service it reads through, the
rate limiter, the kept replays, and the page's language."""

from __future__ import annotations

from aiohttp import web

from bot.service import Service
from bot.web.limits import RateLimiter
from bot.web.replay import Replays

SERVICE = web.AppKey("service", Service)
LIMITER = web.AppKey("limiter", RateLimiter)
REPLAYS = web.AppKey("replays", Replays)
"""The games' replays the pages read once (bot.web.replay)."""
LANGUAGE = web.RequestKey("language", str)
"""The request's page language (bot.web.languages)."""
KEPT: web.RequestKey[str | None] = web.RequestKey("kept_language")
"""The language the request's query chose, which its links keep (None: none chosen)."""
