"""A page speaks the visitor's language: ``?lang=`` first (and its links keep it), then
his browser's ``Accept-Language`` by its weights, then German."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from bot.web.languages import accepted, chosen, link

Client = TestClient[Any, Any]


def test_the_browser_s_first_language_with_a_catalogue_is_taken() -> None:
    assert accepted("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5") == "fr"
    assert accepted("nl, en-GB;q=0.7") == "en"
    assert accepted("en;q=0.2, fr;q=0.9") == "fr"
    assert accepted("de;q=0, en") == "en"
    assert accepted("nl, ja") is None
    assert accepted("en;q=x, fr") == "fr"
    assert accepted(None) is None


def test_the_query_comes_first_and_is_kept() -> None:
    assert chosen("en", "fr") == ("en", True)
    assert chosen("xx", "fr") == ("fr", False)
    assert chosen(None, None) == ("de", False)


def test_a_link_keeps_a_chosen_language_and_its_step() -> None:
    assert link("/s/k", None) == "/s/k"
    assert link("/s/k", "en") == "/s/k?lang=en"
    assert link("/s/k/spiel/3", "fr", schritt=4) == "/s/k/spiel/3?schritt=4&lang=fr"


async def test_a_page_is_german_by_default(client: Client) -> None:
    text = await (await client.get("/")).text()
    assert '<html lang="de">' in text and "Sprachen" in text


async def test_a_page_follows_accept_language(client: Client) -> None:
    response = await client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    text = await response.text()
    assert '<html lang="fr">' in text and "Langues" in text


async def test_the_404_page_speaks_the_visitor_s_language(client: Client) -> None:
    response = await client.get("/s/unbekannt", headers={"Accept-Language": "en"})
    assert response.status == 404
    assert "There is no page here." in await response.text()


async def test_lang_overrides_the_browser_and_links_keep_it(client: Client) -> None:
    response = await client.get("/?lang=en", headers={"Accept-Language": "fr"})
    text = await response.text()
    assert '<html lang="en">' in text and "Languages" in text
    assert 'href="/?lang=en"' in text  # the home link keeps the chosen language
    assert 'href="/?lang=fr"' in text and 'href="/?lang=de"' in text  # the switch
