"""The static files (``bot/web/static``: the stylesheet), read once and served from
memory by name: a name no file has is the 404 page, and nothing outside the folder, nor
a folder, can be asked for."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

TYPES = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
NAME = r"{name:[a-z0-9-]{1,40}\.[a-z]{2,3}}"
CACHED = "public, max-age=3600"


class StaticFiles:
    def __init__(self, folder: Path) -> None:
        self.files = {
            path.name: (path.read_bytes(), TYPES[path.suffix])
            for path in sorted(folder.iterdir())
            if path.suffix in TYPES
        }

    async def handle(self, request: web.Request) -> web.Response:
        found = self.files.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        body, content_type = found
        response = web.Response(body=body, content_type=content_type, charset="utf-8")
        response.headers["Cache-Control"] = CACHED
        return response
