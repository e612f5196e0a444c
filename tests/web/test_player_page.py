"""``/s/<key>/spieler/<id>``: a player's page under a short opaque id (never his Discord
id): his games, ``/statistik``'s numbers and his rating over time as an SVG; unknown ids
and other servers' players are 404; and the names on every page link there."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.history.skill_ratings import replay, table_of
from bot.service import Service
from bot.store.columns import utcnow
from bot.store.history_rows import ALL_TIME
from bot.web import player_page
from bot.web.paths import player_path
from bot.web.player_ids import LENGTH, player_id, player_ids, resolved
from tests.helpers.web_games import GUILD, OTHER_GUILD, played

Client = TestClient[Any, Any]
ANNA, BEN = "345678901234567890", "456789012345678901"
PLAYERS = {ANNA: "Anna", BEN: "Ben"}
SHORT = {"durchgaenge": 1}
SVG = re.compile(r"<svg .*?</svg>", re.S)
XMLNS = "{http://www.w3.org/2000/svg}"


async def games(service: Service, count: int, names: dict[str, str] = PLAYERS) -> list[int]:
    return [await played(service, "verflixte6", names, SHORT, seed=n) for n in range(count)]


def page_of(key: str, player: str) -> str:
    return player_path(key, player_id(key, player))


def test_an_id_is_short_opaque_and_reads_back(service: Service, key: str) -> None:
    shown = player_id(key, ANNA)
    assert len(shown) == LENGTH and re.fullmatch("[a-z2-7]+", shown)
    assert ANNA not in shown and shown == player_id(key, ANNA)
    assert resolved(shown, player_ids(key, [BEN, ANNA])) == ANNA
    assert resolved(shown, player_ids(key, [BEN])) is None
    assert player_id("another-key", ANNA) != shown  # a new key, new ids
    assert resolved(shown.upper(), player_ids(key, [ANNA])) is None


async def test_the_player_page_in_german(client: Client, service: Service, key: str) -> None:
    numbers = await games(service, 3)
    response = await client.get(page_of(key, ANNA))
    assert response.status == 200
    text = await response.text()
    assert "<h1>Anna</h1>" in text
    assert "3 Spiele, " in text and "im Schnitt Platz" in text  # /statistik's line
    assert "Wertung im Lauf der Zeit" in text and "Die verflixte 6 · Alle Zeiten" in text
    assert "3 gewertete Spiele: Wertung von" in text
    listed = text[text.index('id="games"') :]
    positions = [listed.index(f'href="/s/{key}/spiel/{n}"') for n in numbers]
    assert positions[2] < positions[1] < positions[0]  # newest first
    assert f'href="{page_of(key, BEN)}">Ben</a>' in text  # his opponents link on


async def test_the_player_page_in_english(client: Client, service: Service, key: str) -> None:
    await games(service, 2)
    text = await (await client.get(page_of(key, BEN) + "?lang=en")).text()
    assert '<html lang="en">' in text and "<h1>Ben</h1>" in text
    assert "2 games, " in text and "Rating over time" in text
    assert "2 rated games: rating from" in text and "Statistics" in text


async def test_an_unknown_id_is_404(client: Client, service: Service, key: str) -> None:
    await games(service, 1)
    assert (await client.get(f"/s/{key}/spieler/aaaaaaaaaa")).status == 404
    assert (await client.get(f"/s/{key}/spieler/{ANNA}")).status == 404  # a Discord id
    assert (await client.get(f"/s/abcdefghijkl/spieler/{player_id(key, ANNA)}")).status == 404


async def test_another_server_s_player_is_404(client: Client, service: Service, key: str) -> None:
    await games(service, 1)
    zoe = "567890123456789012"
    await played(service, "verflixte6", {zoe: "Zoe", BEN: "Ben"}, SHORT, guild_id=OTHER_GUILD)
    assert (await client.get(page_of(key, zoe))).status == 404
    assert (await client.get(page_of(key, BEN))).status == 200


async def test_no_page_shows_a_discord_id(client: Client, service: Service, key: str) -> None:
    numbers = await games(service, 2)
    running = await played(service, "verflixte6", PLAYERS, steps=3)
    paths = [f"/s/{key}", f"/s/{key}?saison=alle", page_of(key, ANNA), page_of(key, BEN)]
    paths += [f"/s/{key}/spiel/{n}" for n in [*numbers, running]]
    for path in paths:
        response = await client.get(path)
        assert response.status == 200, path
        text = await response.text()  # the dice check's export too: pseudonyms, no id
        assert ANNA not in text and BEN not in text, path
        # as a word: a seed's hex or a hash may hold its digits by chance
        assert not re.search(rf"\b{GUILD}\b", text), path


async def test_the_names_on_the_server_page_link_to_the_players(
    client: Client, service: Service, key: str
) -> None:
    await games(service, 1)
    text = await (await client.get(f"/s/{key}")).text()
    for player, name in PLAYERS.items():
        link = f'<a href="{page_of(key, player)}">{name}</a>'
        assert text.count(link) >= 2, name  # the game's line and the leaderboard


async def test_the_rating_chart_is_svg_with_a_point_per_rated_game(
    client: Client, service: Service, key: str
) -> None:
    await games(service, 4)
    text = await (await client.get(page_of(key, ANNA))).text()
    charts = SVG.findall(text)
    assert len(charts) == 1
    svg = ET.fromstring(charts[0])  # well-formed XML
    assert svg.tag == f"{XMLNS}svg" and svg.get("role") == "img"
    title = svg.find(f"{XMLNS}title")
    assert title is not None and title.text == "Die verflixte 6 · Alle Zeiten"
    points = svg.findall(f"{XMLNS}circle")
    line = svg.find(f"{XMLNS}polyline")
    assert line is not None and len(points) == 4
    assert len(line.get("points", "").split()) == 4
    assert "style" not in charts[0]
    # the last point is the kept rating (the table's replay, to the shown decimal)
    with service.store._session() as session:
        kept = replay(session, GUILD, "verflixte6", ALL_TIME)[ANNA].ordinal
    last = points[-1].find(f"{XMLNS}title")
    assert last is not None and last.text is not None
    assert last.text.endswith(f"{kept:.1f}".replace(".", ",").replace("-", "−"))


async def test_a_season_has_its_own_curve_and_board(
    client: Client, service: Service, key: str
) -> None:
    await games(service, 2)
    service.history.boards().start_season(GUILD, "Herbst", ANNA, utcnow())
    await games(service, 3)
    text = await (await client.get(page_of(key, ANNA))).text()
    titles = [ET.fromstring(svg).find(f"{XMLNS}title") for svg in SVG.findall(text)]
    assert [t.text for t in titles if t is not None] == [
        "Die verflixte 6 · Alle Zeiten", "Die verflixte 6 · Saison „Herbst“",
    ]  # fmt: skip
    assert [len(ET.fromstring(svg).findall(f"{XMLNS}circle")) for svg in SVG.findall(text)] == [
        5,
        3,
    ]


async def test_xss_a_name_is_shown_as_typed(client: Client, service: Service, key: str) -> None:
    typed = "<img src=x onerror=alert(1)>"
    await games(service, 1, {ANNA: typed, BEN: "Ben"})
    for path in (f"/s/{key}", page_of(key, ANNA), page_of(key, BEN)):
        text = await (await client.get(path)).text()
        assert typed not in text, path
        assert "&lt;img src=x onerror=alert(1)&gt;" in text, path


async def test_a_long_list_of_games_is_capped_with_a_note(
    client: Client, service: Service, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(player_page, "GAMES_SHOWN", 2)
    numbers = await games(service, 3)
    await played(service, "verflixte6", {BEN: "Ben", "567890123456789012": "Zoe"}, SHORT)
    text = await (await client.get(page_of(key, ANNA))).text()
    listed = text[text.index('id="games"') :]
    assert "Die neuesten 2 von 3 beendeten Spielen." in listed
    assert [f'/spiel/{n}"' in listed for n in numbers] == [False, True, True]


async def test_the_steps_are_the_kept_ratings_and_follow_new_games(
    client: Client, service: Service, key: str
) -> None:
    await games(service, 2)
    assert (await client.get(page_of(key, ANNA))).status == 200  # the table replayed, kept
    await games(service, 1)
    curves = service.history.rating_curves(GUILD, ANNA, ["verflixte6"])
    assert [(c.kind, c.season, len(c.steps)) for c in curves] == [("verflixte6", None, 3)]
    with service.store._session() as session:
        kept = table_of(session, GUILD, "verflixte6", ALL_TIME)
    assert curves[0].steps[-1].skill == kept[ANNA]  # the very floats the fold kept
    text = await (await client.get(page_of(key, ANNA))).text()
    assert "3 gewertete Spiele" in text
