"""A route of the fake REST API: the request it is handed, its reply, and Discord's errors.

The REST router (:mod:`loopback.rest`) serves the routes; the parts of the fake that answer
some of them themselves (the gateway's addresses, the application's emojis) make them here.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any


class ApiError(Exception):
    """Discord's answer to a request it refuses; ``violation``: what the bot did wrong, if it
    is the bot's fault (the fake records it)."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        violation: str | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body = body if body is not None else {"code": code, "message": message}
        self.violation = violation


@dataclass
class Request:
    method: str
    path: str
    params: dict[str, str]  # path parameters
    query: dict[str, str]
    json: Any
    files: list[tuple[str, int]] = field(default_factory=list)


Reply = tuple[int, Any]
Handler = Callable[[Request], Awaitable[Reply]]
Route = tuple[str, re.Pattern[str], Handler, bool]
"""Method, the path's pattern (``{name}`` parts as groups), handler, whether it needs the
bot's ``Authorization`` header."""


def route(method: str, template: str, handler: Handler, *, auth: bool = True) -> Route:
    """The route for ``template`` (a path under ``/api/v10`` with ``{name}`` parameters)."""
    regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return method, re.compile(f"^{regex}$"), handler, auth
