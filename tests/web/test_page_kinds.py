"""The browser tests open every kind of page the website has: each of its page routes is
an entry of tests/helpers/web_pages.py (files such as pictures and exports aside)."""

from __future__ import annotations

from unittest import mock

from bot.service import Service
from bot.web.app import make_app
from tests.helpers.web_pages import PAGES

NOT_PAGES = ("/static/",)


def test_every_page_route_is_a_page_kind_of_the_browser_tests() -> None:
    app = make_app(mock.Mock(spec=Service))
    routes = {
        resource.canonical
        for resource in app.router.resources()
        if not resource.canonical.startswith(NOT_PAGES)
        and "." not in resource.canonical.rsplit("/", 1)[-1]  # a file, not a page
    }
    assert routes >= {"/", "/s/{key}", "/s/{key}/spiel/{number}"}
    opened = {kind.route for kind in PAGES}
    assert routes - opened == set()
