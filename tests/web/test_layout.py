"""Pages a phone reads: every page has the viewport, the one stylesheet and a main
heading; the stylesheet bounds the width, and no page carries a script but the dice
check's (a static file, and its data blocks, which the browser does not run)."""

from __future__ import annotations

import re
from typing import Any

from aiohttp.test_utils import TestClient

from bot.service import Service
from bot.web.app import STATIC
from tests.helpers.web_games import played

Client = TestClient[Any, Any]


async def test_every_page_kind_reads_on_a_phone(client: Client, service: Service, key: str) -> None:
    number = await played(service, "verflixte6", {"1001": "Anna", "1002": "Ben"}, steps=4)
    for path in ("/", f"/s/{key}", f"/s/{key}/spiel/{number}", "/nirgends"):
        text = await (await client.get(path)).text()
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
        assert text.count('<link rel="stylesheet" href="/static/site.css">') == 1
        assert text.count("<h1>") == 1, path
        for script in re.findall(r"<script[^>]*>", text):
            assert script == '<script src="/static/check.js" defer>' or (
                script.startswith('<script type="application/json" id="check-')
            ), (path, script)


def test_the_stylesheet_bounds_the_width_and_lets_tables_scroll() -> None:
    css = (STATIC / "site.css").read_text(encoding="utf-8")
    assert "max-width: 52rem" in css and ".scroll { overflow-x: auto; }" in css
