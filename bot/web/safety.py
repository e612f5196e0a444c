"""What every answer of the web carries and every request passes first: the security
headers; one address asking too fast is slowed (429 with ``Retry-After``); only GET and
HEAD (405); a path too long or with characters no page has is refused (400); and a page
that is not there is a 404 page, in the visitor's language."""

from __future__ import annotations

import math
import re

from aiohttp import web
from aiohttp.typedefs import Handler

from bot.web.languages import QUERY, chosen
from bot.web.parts import KEPT, LANGUAGE, LIMITER
from bot.web.render import error_page

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
METHODS = ("GET", "HEAD")
MAX_TARGET = 256
"""The longest request target (path and query) a page answers; no page needs more."""
_SEGMENT = r"[A-Za-z0-9_~-]+(?:\.[A-Za-z0-9_~-]+)*"
PATH = re.compile(rf"/(?:{_SEGMENT}(?:/{_SEGMENT})*/?)?")
"""A path of plain segments: no ``..``, no empty segment, nothing percent-encoded."""
QUERY_TEXT = re.compile(r"[A-Za-z0-9_.~=&-]*")
REFUSED = (400, 404)
"""What the pages and the router refuse with, answered with its page."""


def acceptable(target: str) -> bool:
    """Whether a request target (``request.raw_path``) is one a page could have."""
    if len(target) > MAX_TARGET:
        return False
    path, _, query = target.partition("?")
    return PATH.fullmatch(path) is not None and QUERY_TEXT.fullmatch(query) is not None


async def add_headers(request: web.BaseRequest, response: web.StreamResponse) -> None:
    """Every answer (pages, errors, static files) with the security headers."""
    response.headers.update(HEADERS)


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    request[LANGUAGE] = chosen(None, request.headers.get("Accept-Language"))[0]
    wait = request.app[LIMITER].take(request.remote or "")
    if wait > 0:
        slowed = error_page(request, 429)
        slowed.headers["Retry-After"] = str(max(1, math.ceil(wait)))
        return slowed
    if request.method not in METHODS:
        refused = error_page(request, 405)
        refused.headers["Allow"] = ", ".join(METHODS)
        return refused
    if not acceptable(request.raw_path):
        return error_page(request, 400)
    language, kept = chosen(request.query.get(QUERY), request.headers.get("Accept-Language"))
    request[LANGUAGE] = language
    request[KEPT] = language if kept else None
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status in REFUSED:
            return error_page(request, exc.status)
        raise
