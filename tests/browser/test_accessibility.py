"""Every kind of page checked by axe-core (from the npm registry, installed by ./dev and
.ci/run into .cache/axe) in a real browser, at a phone's width and a desktop's, and in
dark colours: no serious or critical violation. axe-core goes in through WebDriver, past
the page's CSP (tests/helpers/browser.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_pages import errors
from tests.helpers.browser import DESKTOP, PHONE, axe_violations, resize, scheme
from tests.helpers.web_pages import PAGES, PageKind
from tests.helpers.web_site import Site

VIEWS = {"phone": (PHONE, "light"), "desktop": (DESKTOP, "light"), "dark": (DESKTOP, "dark")}
"""A phone's width and a desktop's, and a desktop in dark colours (the pages follow the
visitor's scheme)."""


@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("kind", PAGES, ids=[p.name for p in PAGES])
def test_no_page_has_a_serious_accessibility_violation(
    axe: None, page: Any, site: Site, kind: PageKind, view: str
) -> None:
    size, colours = VIEWS[view]
    resize(page, size)
    scheme(page, colours)
    page.get(site.address(kind.path(site)))
    assert axe_violations(page) == []
    assert errors(page, kind.status) == []  # axe ran without the page refusing it


def test_axe_finds_a_serious_violation(axe: None, page: Any, site: Site) -> None:
    """The check can fail: an image without a text alternative is a critical one."""
    page.get(site.address("/"))
    page.execute_script("document.querySelector('main').append(document.createElement('img'))")
    found = axe_violations(page)
    assert any(line.startswith("image-alt (critical)") for line in found), found
