"""What a visitor's browser must never do or show: a display name written as HTML runs
nothing and reads as typed; a running secret game's page shows none of its secrets (taken
from the engine's state, tests/helpers/web_secrets.py), in any language."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from bot.i18n import LANGUAGES
from bot.web.paths import game_path, server_path
from tests.browser.test_pages import errors
from tests.helpers.web_secrets import secret_patterns
from tests.helpers.web_site import EVIL, SECRET_GAMES, Site


def no_alert(driver: Any) -> bool:
    try:
        driver.switch_to.alert  # noqa: B018 (raises when there is none)
    except NoAlertPresentException:
        return True
    return False


@pytest.mark.parametrize("where", ["server", "game", "running"])
def test_a_display_name_written_as_html_runs_nothing(page: Any, site: Site, where: str) -> None:
    path = {
        "server": server_path(site.key),
        "game": game_path(site.key, site.finished["verflixte6"]),
        "running": game_path(site.key, site.running["flaschenteufel"]),
    }[where]
    page.get(site.address(path))
    assert no_alert(page)
    assert page.execute_script("return window.__xss === undefined")
    assert page.find_elements(By.CSS_SELECTOR, 'img[src="x"], main img:not([alt])') == []
    assert EVIL in page.find_element(By.TAG_NAME, "main").text  # shown as typed
    assert errors(page, 200) == []


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("kind", SECRET_GAMES)
def test_a_running_secret_game_shows_no_secret(
    page: Any, site: Site, kind: str, language: str
) -> None:
    page.get(site.address(game_path(site.key, site.running[kind]) + f"?lang={language}"))
    steps = page.find_elements(By.CSS_SELECTOR, ".log > li")
    assert len(steps) == len(site.service.records.public_events(site.running[kind], kind))
    assert steps  # the public steps are there
    seen = page.find_element(By.TAG_NAME, "body").text
    source = page.page_source  # attributes, hidden elements
    patterns = secret_patterns(site, kind, language)
    shown = [form for form, pattern in patterns if pattern.search(seen) or pattern.search(source)]
    assert shown == [], f"{kind} ({language}) shows {shown[:10]}"
