"""The web application: its routes, templates (autoescaped), static files and guard."""

from __future__ import annotations

from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.service import Service
from bot.web.fairness import fairness_picture
from bot.web.game_page import game_export, game_page
from bot.web.limits import RateLimiter
from bot.web.parts import LIMITER, SERVICE
from bot.web.paths import (
    FAIRNESS_PICTURE,
    GAME,
    GAME_EXPORT,
    PLAYER,
    SERVER,
    TOURNAMENT,
    TOURNAMENT_PICTURE,
)
from bot.web.player_ids import LENGTH
from bot.web.player_page import player_page
from bot.web.render import page
from bot.web.safety import add_headers, guard
from bot.web.server_page import server_page
from bot.web.static_files import NAME, StaticFiles
from bot.web.tournament_page import tournament_page, tournament_picture

HERE = Path(__file__).resolve().parent
TEMPLATES, STATIC = HERE / "templates", HERE / "static"
KEY = r"{key:[A-Za-z0-9_-]{1,32}}"
NUMBER = r"{number:[0-9]{1,12}}"
PLAYER_ID = f"{{player:[a-z2-7]{{{LENGTH}}}}}"
MAX_BODY = 1024
"""No page takes a body: a request's body beyond this is refused before it is read."""


async def home(request: web.Request) -> web.Response:
    return page(request, "home.html")


def make_app(service: Service, limiter: RateLimiter | None = None) -> web.Application:
    """The website on ``service`` (its query objects), ``limiter`` per address."""
    app = web.Application(middlewares=[guard], client_max_size=MAX_BODY)
    app[SERVICE] = service
    app[LIMITER] = RateLimiter() if limiter is None else limiter
    aiohttp_jinja2.setup(
        app,
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(["html"], default=True),
        undefined=jinja2.StrictUndefined,
    )
    app.router.add_get("/", home)
    app.router.add_get(SERVER.format(key=KEY), server_page)
    app.router.add_get(GAME.format(key=KEY, number=NUMBER), game_page)
    app.router.add_get(GAME_EXPORT.format(key=KEY, number=NUMBER), game_export)
    app.router.add_get(TOURNAMENT.format(key=KEY, number=NUMBER), tournament_page)
    app.router.add_get(TOURNAMENT_PICTURE.format(key=KEY, number=NUMBER), tournament_picture)
    app.router.add_get(PLAYER.format(key=KEY, player=PLAYER_ID), player_page)
    app.router.add_get(FAIRNESS_PICTURE.format(key=KEY), fairness_picture)
    app.router.add_get(f"/static/{NAME}", StaticFiles(STATIC).handle)
    app.on_response_prepare.append(add_headers)
    return app
