"""Debian's Chromium driven through Selenium and Debian's chromedriver (never a downloaded
browser or driver), for the browser tests (tests/browser) and the web's screenshots
(``python -m tests.helpers.web_screens``); axe-core, from the npm registry, for the
accessibility check.

Selenium Manager (Selenium's downloader) is never asked: the driver's path is given, which
makes Selenium skip it, and ``SE_OFFLINE`` forbids it any download should a later Selenium
ask it all the same. ``$CROUPIER_CHROMIUM`` and ``$CROUPIER_CHROMEDRIVER`` name others.

Every page a driver opens first runs :data:`WATCH` (through the DevTools protocol, before
the page's own scripts): it counts the page's CSP violations and alerts into ``window``
for :func:`watched` to read, so that a test sees a blocked script even when nothing
printed it.
"""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CROUPIER_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("CROUPIER_CHROMEDRIVER", "/usr/bin/chromedriver"))
AXE = Path(os.environ.get("CROUPIER_AXE", ROOT / ".cache/axe/node_modules/axe-core/axe.min.js"))
"""axe-core's script, installed by ./dev and .ci/run: ``npm install --no-save --prefix
.cache/axe axe-core@4`` (never by the bot, which does not need it)."""
AXE_INSTALL = "npm install --no-save --prefix .cache/axe axe-core@4"
REQUIRED = "CROUPIER_REQUIRE_BROWSER"
"""Set (CI sets it): a missing browser, driver or axe-core fails the tests, never skips."""
INSTALL = "apt-get install -y chromium chromium-driver"
PHONE, DESKTOP = (390, 844), (1280, 900)
WATCH = """
window.__csp = [];
window.__alerts = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
});
for (const name of ['alert', 'confirm', 'prompt']) {
  const original = window[name];
  window[name] = function (...args) {
    window.__alerts.push(name);
    return original.apply(this, args);
  };
}
"""
SERIOUS = ("serious", "critical")
"""axe-core's impacts that fail a page."""


def missing() -> str | None:
    """Why no browser can be driven here (None: it can)."""
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"no {path} here ({package}; {INSTALL})"
    return None


def axe_missing() -> str | None:
    """Why axe-core is not here (None: it is)."""
    if not AXE.is_file():
        return f"axe-core is not installed at {AXE} ({AXE_INSTALL})"
    return None


def chrome(size: tuple[int, int] = DESKTOP, language: str = "de") -> Any:
    """A headless Chromium of the given window size, asking for pages in ``language``,
    its console kept for :func:`console`."""
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",  # as root in CI's container; the pages are our own
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--disable-background-networking",
        "--no-first-run",
        "--hide-scrollbars",
        "--mute-audio",
        f"--lang={language}",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    return driver


@contextmanager
def driven(size: tuple[int, int] = DESKTOP, language: str = "de") -> Iterator[Any]:
    driver = chrome(size, language)
    try:
        yield driver
    finally:
        driver.quit()


def resize(driver: Any, size: tuple[int, int]) -> None:
    """The viewport (not the window) at ``size``, as a phone or desktop would have it."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600},
    )


def scheme(driver: Any, colours: str) -> None:
    """The page as a visitor who prefers ``colours`` (light or dark) sees it."""
    feature = {"name": "prefers-color-scheme", "value": colours}
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [feature]})


@dataclass(frozen=True)
class Watched:
    console: list[str]  # console messages of level SEVERE (errors)
    csp: list[str]  # CSP violations the page reported
    alerts: list[str]  # alert, confirm or prompt called


def watched(driver: Any) -> Watched:
    """What the open page did wrong so far (the console is read, and so emptied)."""
    errors = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    csp = driver.execute_script("return window.__csp || []")
    alerts = driver.execute_script("return window.__alerts || []")
    return Watched(errors, list(csp), list(alerts))


def axe_violations(driver: Any, impacts: tuple[str, ...] = SERIOUS) -> list[str]:
    """axe-core's violations of the open page with one of ``impacts``, one line each.

    The script goes in through WebDriver (the DevTools protocol), which the page's CSP
    (``script-src 'self'``) does not govern: a ``<script>`` tag carrying it would be
    refused."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then((r) => done(JSON.stringify(r.violations)), (e) => done(JSON.stringify(String(e))));"
    )
    violations = json.loads(found)
    if isinstance(violations, str):
        raise RuntimeError(f"axe-core failed: {violations}")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} – "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in violations
        if v.get("impact") in impacts
    ]
