"""``/s/<key>``: a server's pages exist only while a host has them on, under the key
made when he turned them on; they list the server's games with their players by display
name and winners, and its leaderboards."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from bot.i18n import listed, t
from bot.service import Service
from bot.store.columns import utcnow
from bot.web.paths import player_path
from bot.web.player_ids import player_id
from tests.helpers.web_games import GUILD, OTHER_GUILD, played

Client = TestClient[Any, Any]
PLAYERS = {"1001": "Anna", "1002": "Ben"}


async def test_a_server_without_pages_on_has_none(client: Client, service: Service) -> None:
    await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    assert (await client.get("/s/abcdefghijkl")).status == 404


async def test_the_server_page_lists_its_games_and_leaderboards(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    response = await client.get(f"/s/{key}")
    assert response.status == 200
    text = await response.text()
    assert f'href="/s/{key}/spiel/{number}"' in text
    assert "Die verflixte 6" in text and "beendet" in text
    anna, ben = (
        f'<a href="{player_path(key, player_id(key, p))}">{PLAYERS[p]}</a>' for p in PLAYERS
    )
    players = t("web.col.players", "de")  # as the reader lists them, each linked
    assert f'data-label="{players}"><span>{anna} und {ben}</span></td>' in text
    places = service.history.places([number])[number]
    first = [  # the winner, or both when the dice left them level (the game's seed is new)
        f'<a href="{player_path(key, player_id(key, p))}">{PLAYERS[p]}</a>'
        for p, place in places.items()
        if place == 1
    ]
    assert first
    winners = t("web.col.winner", "de")
    assert f'data-label="{winners}"><span>{listed(first, "de")}</span>' in text
    assert "Rangliste – Die verflixte 6" in text  # the all-time board, as /rangliste shows
    # one game each: no place yet, under the label /rangliste gives them, not a blank place
    assert "Vorläufig (weniger als" in text and "<td></td>" not in text
    assert "OpenSkill" in text  # how the rating is made


async def test_another_server_s_games_are_not_listed(
    client: Client, service: Service, key: str
) -> None:
    await played(service, "verflixte6", {"2001": "Zoe", "2002": "Yann"}, guild_id=OTHER_GUILD,
                 steps=0)  # fmt: skip
    text = await (await client.get(f"/s/{key}")).text()
    assert "Zoe" not in text and "Hier wurde noch kein Spiel gespielt." in text


async def test_turning_the_pages_off_removes_them_at_once(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, steps=0)
    assert (await client.get(f"/s/{key}")).status == 200
    assert service.directory.set_web(GUILD, False) is None
    assert (await client.get(f"/s/{key}")).status == 404
    assert (await client.get(f"/s/{key}/spiel/{number}")).status == 404


async def test_turning_them_on_again_makes_a_new_key_and_the_old_one_stays_dead(
    client: Client, service: Service, key: str
) -> None:
    service.directory.set_web(GUILD, False)
    again = service.directory.set_web(GUILD, True)
    assert again is not None and again != key
    assert (await client.get(f"/s/{key}")).status == 404
    assert (await client.get(f"/s/{again}")).status == 200


def test_a_key_is_opaque_and_url_safe(service: Service) -> None:
    keys = {service.directory.set_web(GUILD + n, True) for n in range(50)}
    assert len(keys) == 50
    for made in keys:
        assert made is not None and len(made) == 12
        assert made.replace("-", "").replace("_", "").isalnum()
        assert str(GUILD) not in made


async def test_a_player_whose_name_is_unknown_is_shown_without_his_id(
    client: Client, service: Service, key: str
) -> None:
    unknown = "123456789012345678"  # never seen by the bot: no display name kept
    service.directory.remember_name("1001", "Anna")
    outcome = await service.create("verflixte6", ["1001", unknown], guild_id=GUILD)
    for path in (f"/s/{key}", f"/s/{key}/spiel/{outcome.game_id}"):
        text = await (await client.get(path)).text()
        assert unknown not in text, path
        assert "Anna und (ohne Namen)" in text, path


async def test_the_leaderboards_switch_seasons(client: Client, service: Service, key: str) -> None:
    await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    boards = service.history.boards()
    boards.start_season(GUILD, "Frühling", "1001", utcnow())
    text = await (await client.get(f"/s/{key}")).text()
    assert (
        "In der Saison „Frühling“ wurde noch keine Partie gewertet" in text
    )  # /rangliste's fallback
    assert f'href="/s/{key}?saison=alle#boards"' in text
    assert f'href="/s/{key}?saison=1#boards">Frühling</a>' in text
    await played(service, "verflixte6", {"1001": "Anna", "1003": "Cem"}, {"durchgaenge": 1})
    season = await (await client.get(f"/s/{key}?saison=1")).text()
    board = season.split('id="boards"')[1].split('id="fairness"')[0]
    assert "Saison „Frühling“" in board and "Cem" in board and "Ben" not in board
    all_time = await (await client.get(f"/s/{key}?saison=alle&lang=en")).text()
    board = all_time.split('id="boards"')[1].split('id="fairness"')[0]
    assert "All time" in board and "Ben" in board and "Cem" in board
    assert '<strong aria-current="page">All time</strong>' in board
    assert 'href="/s/' + key + '?saison=alle&amp;lang=de"' in all_time  # the switch keeps it
    for wrong in ("2", "0", "x", "99999"):
        assert (await client.get(f"/s/{key}?saison={wrong}")).status == 404, wrong


async def test_the_fairness_report_and_its_picture(
    client: Client, service: Service, key: str
) -> None:
    await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    text = await (await client.get(f"/s/{key}")).text()
    report = text.split('id="fairness"')[1]
    assert "Alle Würfel aus beendeten Partien auf diesem Server." in report
    assert "<h3>Augenzahlen (jede Ziehung von 1 bis 6)</h3>" in report
    assert f'<img src="/s/{key}/fairness.png" alt="' in report
    english = await (await client.get(f"/s/{key}?lang=en")).text()
    assert "Every die rolled in the finished games on this server." in english
    assert f'<img src="/s/{key}/fairness.png?lang=en"' in english
    picture = await client.get(f"/s/{key}/fairness.png")
    assert picture.status == 200 and picture.headers["Content-Type"] == "image/png"
    assert (await picture.read()).startswith(b"\x89PNG\r\n\x1a\n")


async def test_a_server_without_dice_has_no_picture(client: Client, key: str) -> None:
    text = await (await client.get(f"/s/{key}")).text()
    assert "In den beendeten Spielen hier wurde noch nichts gezogen." in text
    assert "fairness.png" not in text
    assert (await client.get(f"/s/{key}/fairness.png")).status == 404
    assert (await client.get("/s/abcdefghijkl/fairness.png")).status == 404
