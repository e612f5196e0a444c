"""Every kind of page (tests/helpers/web_pages.py) in a real browser, in each language:
it answers, has its title and heading, and its console shows no error, no CSP violation and
no alert; the language switch keeps the page; the harness's CSP watch itself sees an
inline script refused."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGUAGES
from tests.helpers.browser import PHONE, resize, watched
from tests.helpers.web_pages import PAGES, PageKind
from tests.helpers.web_site import Site

STATUS = "return performance.getEntriesByType('navigation')[0].responseStatus"


def opened(driver: Any, site: Site, path: str, language: str | None = None) -> None:
    if language is not None:
        base, _, anchor = path.partition("#")
        path = base + ("&" if "?" in base else "?") + f"lang={language}"
        path += f"#{anchor}" if anchor else ""
    driver.get(site.address(path))


def errors(driver: Any, status: int) -> list[str]:
    """The console's errors, CSP violations and alerts, less the line with which Chromium
    notes the page's own refusal (its 404)."""
    seen = watched(driver)
    console = [
        line
        for line in seen.console
        if not (
            status >= 400
            and f"status of {status}" in line
            and driver.current_url.split("#")[0] in line
        )
    ]
    return console + [f"CSP: {v}" for v in seen.csp] + [f"called {a}" for a in seen.alerts]


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("kind", PAGES, ids=[p.name for p in PAGES])
def test_each_page_kind_opens_cleanly(page: Any, site: Site, kind: PageKind, language: str) -> None:
    opened(page, site, kind.path(site), language)
    heading = kind.heading(site, language)
    assert page.execute_script(STATUS) == kind.status
    assert page.title == f"{heading} – Croupier"
    assert page.find_element("css selector", "h1").text == heading
    assert page.find_element("css selector", "html").get_attribute("lang") == language
    assert page.find_element("css selector", "main").is_displayed()
    stylesheet = page.execute_script("return document.styleSheets.length")
    assert stylesheet == 1  # the site's CSS loaded (the CSP let it)
    assert errors(page, kind.status) == []


def test_the_visitor_s_language_is_the_default(page: Any, site: Site) -> None:
    """The browser asks for German (tests/helpers/browser.py): no ?lang= needed."""
    opened(page, site, "/")
    assert page.find_element("css selector", "html").get_attribute("lang") == "de"


def test_the_language_switch_keeps_the_page_and_its_step(page: Any, site: Site) -> None:
    number = site.finished["verflixte6"]
    opened(page, site, f"/s/{site.key}/spiel/{number}?schritt=3")
    for language in ("en", "fr", "de"):
        page.find_element("css selector", f'.languages a[hreflang="{language}"]').click()
        assert page.find_element("css selector", "html").get_attribute("lang") == language
        assert "schritt=3" in page.current_url and f"lang={language}" in page.current_url
        current = page.find_element("css selector", ".log [aria-current=step]")
        assert current.get_attribute("id") == "schritt-3"
        back = page.find_element("css selector", "main p a")  # back to the server's games
        assert back.get_attribute("href").endswith(f"lang={language}")
        assert errors(page, 200) == []


def test_the_watch_sees_an_inline_script_refused(page: Any, site: Site) -> None:
    """The check the other tests rely on can fail: a script written into the page is
    refused by the CSP, and the page reports it."""
    opened(page, site, "/")
    page.execute_script(
        "const s = document.createElement('script');"
        "s.textContent = 'window.__inline = 1';"
        "document.body.appendChild(s);"
    )
    assert page.execute_script("return window.__inline === undefined")
    found = errors(page, 200)
    assert any(line.startswith("CSP: script-src") for line in found), found


@pytest.mark.parametrize("kind", PAGES, ids=[p.name for p in PAGES])
def test_no_page_is_wider_than_a_phone(page: Any, site: Site, kind: PageKind) -> None:
    """At 390 CSS pixels nothing sticks out sideways, and the list of games needs no
    sideways scrolling either (its rows stand as blocks); a leaderboard may scroll."""
    resize(page, PHONE)
    page.get(site.address(kind.path(site)))
    width = page.execute_script("return document.documentElement.clientWidth")
    assert width == PHONE[0]
    assert page.execute_script("return document.documentElement.scrollWidth") <= width
    wide = page.execute_script(
        "return [...document.querySelectorAll('.stack')]"
        ".filter((t) => t.scrollWidth > t.parentElement.clientWidth).length"
    )
    assert wide == 0
