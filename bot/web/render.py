"""A page from its template, with what every template has: the language, its texts
(``_``), links that keep a chosen language (``link``) and the language switch."""

from __future__ import annotations

from typing import Any

import aiohttp_jinja2
from aiohttp import web

from bot.i18n import DEFAULT_LOCALE, LANGUAGES, t
from bot.web.languages import link
from bot.web.parts import KEPT, LANGUAGE
from bot.web.paths import fairness_picture_path, game_path, server_path

KEPT_PARAMS = ("schritt", "saison")
"""Query parameters a language switch keeps (the step a replay shows, the leaderboards'
season)."""


def language(request: web.Request) -> str:
    found: str = request.get(LANGUAGE, DEFAULT_LOCALE)
    return found


def _switched(request: web.Request, code: str, status: int) -> str:
    """This page in language ``code``; a refusal's page switches on the start page (the
    refused address is not written back into the page)."""
    if status >= 400:
        return link("/", code)
    params = {name: request.query[name] for name in KEPT_PARAMS if name in request.query}
    return link(request.path, code, **params)


def page(request: web.Request, template: str, status: int = 200, **values: Any) -> web.Response:
    """``template`` rendered for ``request`` with ``values``."""
    shown = language(request)
    kept: str | None = request.get(KEPT)
    switch = [
        (code, LANGUAGES[code].name[:1].upper() + LANGUAGES[code].name[1:],
         _switched(request, code, status))
        for code in LANGUAGES
    ]  # fmt: skip

    def text(key: str, **params: object) -> str:
        return t(key, shown, **params)

    def linked(path: str, **params: object) -> str:
        return link(path, kept, **params)

    context = {
        "lang": shown, "_": text, "link": linked, "languages": switch,
        "server_path": server_path, "game_path": game_path,
        "fairness_picture_path": fairness_picture_path, **values,
    }  # fmt: skip
    return aiohttp_jinja2.render_template(template, request, context, status=status)


def error_page(request: web.Request, status: int) -> web.Response:
    """The page of a refusal (400, 404, 405, 429) in the visitor's language."""
    shown = language(request)
    title = t(f"web.error.{status}", shown)
    return page(request, "error.html", status, title=title, code=status)
