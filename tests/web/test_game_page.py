"""``/s/<key>/spiel/<number>``: one game of the server, its public log as steps described
by its game, in the page's language, with display names shown as text; a finished game
with its revealed seed, a running one with its commitment only and no secret."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from markupsafe import escape

from bot.games.flaschenteufel.render.cards import card_text
from bot.games.flaschenteufel.render.cards import describe as ft_describe
from bot.games.verflixte6.render.lines import describe
from bot.plugins import PLUGINS
from bot.service import Service
from bot.web.text import shown
from tests.helpers.web_games import GUILD, OTHER_GUILD, played

Client = TestClient[Any, Any]
EVIL = "<img src=x onerror=alert(1)>"
PLAYERS = {"1001": "Anna", "1002": EVIL}


def steps(text: str) -> list[str]:
    return re.findall(r'<li id="schritt-(\d+)"', text)


async def test_a_finished_game_shows_every_public_step_and_its_seed(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    row = service.store.get(number)
    assert row.status == "finished"
    response = await client.get(f"/s/{key}/spiel/{number}")
    assert response.status == 200
    text = await response.text()
    events = service.records.public_events(number, "verflixte6")
    assert steps(text) == [str(n) for n in range(1, len(events) + 1)]
    names = {"1001": "Anna", "1002": EVIL}.__getitem__
    for event in events[:5]:  # each step as the game describes it, in German
        assert str(shown(describe(event, "de", names))) in text
    assert row.seed_hash in text and row.seed in text
    assert "Die verflixte 6, Spiel" in text and "beendet" in text


async def test_a_display_name_is_shown_as_text(client: Client, service: Service, key: str) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    for path in (f"/s/{key}", f"/s/{key}/spiel/{number}"):
        text = await (await client.get(path)).text()
        assert EVIL not in text, path
        assert str(escape(EVIL)) in text, path


async def test_a_running_secret_game_shows_no_hand_and_no_seed(
    client: Client, service: Service, key: str
) -> None:
    players = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}
    number = await played(service, "flaschenteufel", players, steps=3)
    row = service.store.get(number)
    assert row.status == "open"
    deal = next(e for r in service.store.events(number) for e in r.events if e["type"] == "deal")
    held = {card for hand in deal["hands"].values() for card in hand}
    assert held
    public = service.records.public_events(number, "flaschenteufel")
    for language in ("de", "en"):
        text = await (await client.get(f"/s/{key}/spiel/{number}?lang={language}")).text()
        assert "Flaschenteufel" in text and len(steps(text)) == len(public)
        for event in public:  # each step is the public line, as the channel reads it
            assert str(shown(ft_describe(event, language, players.__getitem__))) in text
        for card in held:
            assert str(escape(card_text(card, language))) not in text, card
        assert row.seed not in text and row.seed_hash in text


async def test_a_step_shows_the_game_up_to_it_with_links_before_and_after(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    page = f"/s/{key}/spiel/{number}"
    text = await (await client.get(f"{page}?schritt=3&lang=en")).text()
    assert steps(text) == ["1", "2", "3"]
    assert '<li id="schritt-3" class="current" aria-current="step">' in text
    assert f'href="{page}?schritt=2&amp;lang=en#schritt-2"' in text
    assert f'href="{page}?schritt=4&amp;lang=en#schritt-4"' in text
    assert "Step 3 of" in text
    first = await (await client.get(f"{page}?schritt=1")).text()
    assert 'rel="prev"' not in first and 'rel="next"' in first


async def test_a_step_the_game_has_not_is_refused(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, steps=0)
    for step in ("0", "99999", "x", "1" * 20):
        assert (await client.get(f"/s/{key}/spiel/{number}?schritt={step}")).status == 400


async def test_another_server_s_game_and_an_unknown_one_are_404(
    client: Client, service: Service, key: str
) -> None:
    theirs = await played(service, "verflixte6", PLAYERS, guild_id=OTHER_GUILD, steps=0)
    assert (await client.get(f"/s/{key}/spiel/{theirs}")).status == 404
    assert (await client.get(f"/s/{key}/spiel/{theirs + 1}")).status == 404


@pytest.mark.parametrize("kind", [plugin.kind for plugin in PLUGINS])
async def test_every_game_s_page_shows_each_public_event_as_a_step(
    client: Client, service: Service, key: str, kind: str
) -> None:
    """Each game's own ``describe`` (its plugin's) writes every step, in every language."""
    players = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}
    number = await played(service, kind, players, steps=300)
    public = service.records.public_events(number, kind)
    plugin = next(p for p in PLUGINS if p.kind == kind)
    assert plugin.describe is not None
    for language in ("de", "en", "fr"):
        response = await client.get(f"/s/{key}/spiel/{number}?lang={language}")
        assert response.status == 200
        text = await response.text()
        assert len(steps(text)) == len(public)
        for event in public:
            assert str(shown(plugin.describe(event, language, players.__getitem__))) in text


async def test_a_lobby_has_no_page_and_is_not_listed(
    client: Client, service: Service, key: str
) -> None:
    lobby = await service.open_lobby("verflixte6", "1001", guild_id=GUILD, channel_id=1)
    assert (await client.get(f"/s/{key}/spiel/{lobby.game_id}")).status == 404
    text = await (await client.get(f"/s/{key}")).text()
    assert f"/spiel/{lobby.game_id}" not in text
