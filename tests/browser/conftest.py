"""The browser tests' fixtures: the real website, filled by played games of every kind
(tests/helpers/web_site.py), and a headless Debian Chromium driven through Selenium
(tests/helpers/browser.py); both started once for the whole run of a test process, so the
suite stays quick. Without Chromium, chromedriver or Selenium the tests are skipped with the
reason, or fail where ``CROUPIER_REQUIRE_BROWSER`` is set (CI sets it and installs them).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import browser
from tests.helpers.web_site import Site, serving


def unavailable(reason: str | None) -> None:
    """Skip (or, where the browser is required, fail) for ``reason``."""
    if reason is None:
        return
    if os.environ.get(browser.REQUIRED):
        pytest.fail(f"{browser.REQUIRED} is set but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    unavailable(browser.missing())
    with serving(tmp_path_factory.mktemp("web-site")) as running:
        yield running


@pytest.fixture(scope="session")
def driver() -> Iterator[Any]:
    unavailable(browser.missing())
    with browser.driven() as chromium:
        yield chromium


@pytest.fixture
def page(driver: Any, site: Site) -> Iterator[Any]:
    """The browser with its console emptied, at the desktop width in light colours; after
    the test, the console is emptied again so that no test reads another's errors."""
    browser.resize(driver, browser.DESKTOP)
    browser.scheme(driver, "light")
    driver.get_log("browser")
    yield driver
    driver.get_log("browser")


@pytest.fixture(scope="session")
def axe() -> None:
    unavailable(browser.axe_missing())
