"""A finished game's replay in a real browser: the step links page forward and back, each
step a deep link; the keyboard arrows; the dice check on the page's game and on a forged
export picked on the page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from bot.web.app import STATIC
from bot.web.paths import game_export_path, game_path
from tests.browser.test_pages import errors
from tests.helpers.web_site import Site

PAGED = 6
"""Steps paged forward (and back again) by the links."""


def current(driver: Any) -> int:
    """The step the page shows as current (0: the whole game, no step chosen)."""
    found = driver.find_elements(By.CSS_SELECTOR, ".log [aria-current=step]")
    if not found:
        return 0
    number = int(found[0].get_attribute("id").removeprefix("schritt-"))
    shown = driver.find_elements(By.CSS_SELECTOR, ".log > li")
    assert len(shown) == number  # the steps up to it, none after
    return number


def total(site: Site, number: int) -> int:
    return len(site.service.records.public_events(number, "verflixte6"))


def test_the_step_links_page_through_a_replay(page: Any, site: Site) -> None:
    number = site.finished["verflixte6"]
    steps = total(site, number)
    assert steps > PAGED
    page.get(site.address(game_path(site.key, number) + "?lang=en"))
    assert current(page) == 0 and len(page.find_elements(By.CSS_SELECTOR, ".log > li")) == steps
    page.find_element(By.CSS_SELECTOR, "#schritt-1 a.step").click()  # a step's deep link
    assert current(page) == 1
    assert not page.find_elements(By.CSS_SELECTOR, "a[rel=prev]")
    for step in range(2, PAGED + 1):
        page.find_element(By.CSS_SELECTOR, "a[rel=next]").click()
        assert current(page) == step
        assert f"Step {step} of {steps}" in page.find_element(By.CSS_SELECTOR, ".steps").text
        assert page.current_url.endswith(f"schritt={step}&lang=en#schritt-{step}")
    for step in range(PAGED - 1, 0, -1):
        page.find_element(By.CSS_SELECTOR, "a[rel=prev]").click()
        assert current(page) == step
    page.get(site.address(game_path(site.key, number) + f"?schritt={steps}"))
    assert current(page) == steps and not page.find_elements(By.CSS_SELECTOR, "a[rel=next]")
    page.find_element(By.CSS_SELECTOR, ".steps li:last-child a").click()  # the whole game
    assert current(page) == 0
    assert errors(page, 200) == []


@pytest.mark.skipif(
    not (STATIC / "replay.js").exists(), reason="no replay.js yet (keyboard arrows)"
)
def test_the_arrow_keys_page_through_a_replay(page: Any, site: Site) -> None:
    """TODO(lead): written before replay.js was merged; check the keys and what the page
    shows against it (here: → the next step, ← the one before, as the links do)."""
    number = site.finished["verflixte6"]
    page.get(site.address(game_path(site.key, number) + "?schritt=3"))
    body = page.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(page, 10).until(lambda d: current(d) == 4)
    body = page.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    WebDriverWait(page, 10).until(lambda d: current(d) == 3)
    assert errors(page, 200) == []


def check(page: Any) -> str:
    """The dice check's answer once it has one (the result line leaves „Prüfe …“)."""
    result = page.find_element(By.ID, "check-result")
    WebDriverWait(page, 30).until(lambda d: result.text and "…" not in result.text)
    return str(result.text)


def test_the_dice_check_passes_on_a_true_game(page: Any, site: Site) -> None:
    """„Würfel prüfen“ recomputes every draw of the page's own game and walks its chain,
    in the browser (the page's export, no server call)."""
    number = site.finished["verflixte6"]
    page.get(site.address(game_path(site.key, number)))
    button = page.find_element(By.ID, "check-run")
    assert button.is_displayed() and button.text == "Würfel prüfen"
    button.click()
    draws = sum(len(row.draws) for row in site.service.store.events(number))
    assert check(page) == f"Alle {draws} Würfe stimmen, Kette intakt."
    assert errors(page, 200) == []


def test_a_forged_export_dropped_on_the_page_is_named(
    page: Any, site: Site, tmp_path: Path
) -> None:
    """An export file picked on the page is checked the same way: one draw's value changed
    is named: its event's hash, and the draw with what the seed gives."""
    number = site.finished["verflixte6"]
    with urlopen(site.address(game_export_path(site.key, number))) as answer:
        exported = json.loads(answer.read())
    event = next(e for e in exported["events"] if e["draws"])
    draw = event["draws"][0]
    draw["value"] = draw["value"] % draw["sides"] + 1
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(exported), encoding="utf-8")
    page.get(site.address(game_path(site.key, number) + "?lang=en"))
    page.find_element(By.ID, "check-file").send_keys(str(forged))
    said = check(page)
    assert said.startswith("forged.json: Check failed"), said
    assert f"Event {event['seq']} was changed" in said, said
    assert f"Draw {draw['n']} (event {event['seq']}): logged {draw['value']}" in said, said
    page.find_element(By.ID, "check-run").click()  # the page's own game still passes
    assert "intact" in check(page)
    assert errors(page, 200) == []
