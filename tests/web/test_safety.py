"""What every answer carries and every request passes: the security headers on pages,
errors and static files; GET and HEAD only; odd paths refused; one address slowed when it
asks too fast; and no template with an inline script or style (the CSP forbids them)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from bot.web.app import TEMPLATES
from bot.web.limits import BURST, RateLimiter
from bot.web.safety import HEADERS, MAX_TARGET, acceptable
from tests.web.conftest import Clock

Client = TestClient[Any, Any]


def assert_headers(response: Any) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, name


async def test_a_page_carries_the_security_headers(client: Client) -> None:
    response = await client.get("/")
    assert response.status == 200
    assert_headers(response)
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["Content-Type"].startswith("text/html")


async def test_the_stylesheet_carries_them_too(client: Client) -> None:
    response = await client.get("/static/site.css")
    assert response.status == 200
    assert_headers(response)
    assert response.headers["Content-Type"].startswith("text/css")


async def test_an_unknown_page_is_a_404_page_with_the_headers(client: Client) -> None:
    response = await client.get("/nirgends")
    assert response.status == 404
    assert_headers(response)
    assert "Hier gibt es keine Seite." in await response.text()


async def test_a_missing_static_file_is_the_404_page(client: Client) -> None:
    response = await client.get("/static/nichts.css")
    assert response.status == 404
    assert "Hier gibt es keine Seite." in await response.text()


async def test_only_get_and_head_are_answered(client: Client) -> None:
    assert (await client.head("/")).status == 200
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = await client.request(method, "/")
        assert response.status == 405, method
        assert response.headers["Allow"] == "GET, HEAD"
        assert_headers(response)


async def test_a_path_too_long_or_with_odd_characters_is_refused(client: Client) -> None:
    for path in (
        "/s/" + "a" * MAX_TARGET,
        "/s/%3Cscript%3E",
        "/s/a%2F..%2Fb",
        "/?lang=%22",
    ):
        response = await client.get(path)
        assert response.status == 400, path
        assert_headers(response)
        assert "Diese Adresse ist ungültig." in await response.text()


def test_a_path_goes_by_plain_segments_only() -> None:
    assert acceptable("/s/AbC-12_x/spiel/12?schritt=3&lang=en")
    assert acceptable("/static/site.css") and acceptable("/")
    for target in ("/s/a/../b", "/s//a", "//", "/s/.hidden", "/s/a b", "/s/ä", "s/a"):
        assert not acceptable(target), target


async def test_an_address_asking_too_fast_is_slowed(client: Client, clock: Clock) -> None:
    for _ in range(BURST):
        assert (await client.get("/")).status == 200
    slowed = await client.get("/")
    assert slowed.status == 429
    assert slowed.headers["Retry-After"] == "1"
    assert_headers(slowed)
    assert "Zu viele Anfragen" in await slowed.text()
    clock.now += 1.0  # ten more tokens
    statuses = [(await client.get("/")).status for _ in range(11)]
    assert statuses == [200] * 10 + [429]


def test_each_address_has_its_own_bucket() -> None:
    clock = Clock()
    limiter = RateLimiter(rate=1, burst=2, clock=clock)
    assert [limiter.take("a") for _ in range(3)] == [0, 0, 1.0]
    assert limiter.take("b") == 0
    clock.now += 0.5
    assert limiter.take("a") == 0.5  # half a token back, half a token missing


def test_the_limiter_keeps_a_bounded_number_of_addresses() -> None:
    limiter = RateLimiter(addresses=100, clock=Clock())
    for n in range(1000):
        limiter.take(f"10.0.{n // 256}.{n % 256}")
    assert len(limiter) == 100


INLINE = re.compile(r"<style|\sstyle\s*=|\son[a-z]+\s*=|javascript:", re.IGNORECASE)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.IGNORECASE | re.DOTALL)
NOT_RUN = re.compile(r' type="application/json" id="[a-z-]+"')
"""A data block: JSON for a script, which the browser does not run."""


def test_no_template_has_an_inline_script_or_style() -> None:
    templates = sorted(Path(TEMPLATES).glob("*.html"))
    assert templates
    for template in templates:
        text = template.read_text(encoding="utf-8")
        found = INLINE.findall(text)
        assert found == [], f"{template.name}: {found}"
        for attributes, body in SCRIPT.findall(text):  # a static file, or a data block
            static = re.fullmatch(r' src="/static/[a-z0-9-]+\.js" defer', attributes)
            assert (static and not body) or NOT_RUN.fullmatch(attributes), template.name
        assert text.lower().count("<script") == len(SCRIPT.findall(text)), template.name


async def test_a_refused_address_is_not_written_back_into_the_page(client: Client) -> None:
    for path in ("/s/%3Cb%3Ehallo", "/gibt-es-nicht-xyz"):
        text = await (await client.get(path)).text()
        assert "hallo" not in text and "gibt-es-nicht-xyz" not in text, path
        assert 'href="/?lang=en"' in text
