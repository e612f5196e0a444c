"""The bot links its messages to the server's web pages (issue 47) when ``PUBLIC_URL`` is
set and a host turned the pages on: the tournament card and ``/turnier stand`` its
tournament's page, a finished game's table its game's page, ``/verify`` the game's page
(its dice check), ``/statistik`` the player's page and ``/rangliste`` the server's page,
each under the server's web key. With either missing, no message links anything."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import t
from bot.web.app import make_app
from bot.web.paths import game_path, player_path, server_path, tournament_path
from bot.web.player_ids import player_id
from tests.e2e.test_e2e_permissions import MANAGE_GUILD
from tests.helpers.e2e_table import Table

URL = "https://croupier.example"


def linked(label: str, path: str) -> str:
    """A link as the messages write it (bot.web.links.link_line), in German."""
    return f"[{t(f'web.link.{label}', 'de')}]({URL}{path})"


async def every_place(table: Table) -> dict[str, str]:
    """The text of each of the six places a link may go, after playing a game and
    opening a tournament (one join delivered to its card, its standings asked for)."""
    table.anna.permissions |= MANAGE_GUILD
    game_id = await table.play_short(table.anna, table.ben)
    table_message = table.bot.service.store.get(game_id).message_id  # type: ignore[union-attr]
    assert table_message is not None
    texts = {"game": table.fake.messages[table_message].text()}
    texts["verify"] = (await table.slash(table.cem, "verify spiel", nummer=game_id)).message.text()
    texts["player"] = (await table.slash(table.anna, "statistik")).message.text()
    texts["server"] = (await table.slash(table.ben, "rangliste")).message.text()
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst", durchgaenge=1)
    texts["tournament"] = created.message.text()
    await table.press(table.ben, "register", created.message)  # the card, delivered anew
    texts["tournament_delivered"] = table.fake.messages[created.message.id].text()
    texts["standings"] = (await table.slash(table.cem, "turnier stand")).message.text()
    texts["game_number"], texts["tournament_number"] = (
        str(game_id),
        str(
            table.bot.service.tables.latest_in_channel("turnier", table.channel.id)  # type: ignore[union-attr]
        ),
    )
    return texts


async def test_each_place_links_its_page_under_the_server_s_key(table: Table) -> None:
    assert table.bot is not None
    table.bot.public_url = URL
    table.anna.permissions |= MANAGE_GUILD
    await table.slash(table.anna, "web", zustand="an")
    key = table.bot.service.directory.web_key(table.guild.id)
    assert key is not None
    texts = await every_place(table)
    game, tournament = int(texts["game_number"]), int(texts["tournament_number"])
    assert linked("game", game_path(key, game)) in texts["game"]
    assert linked("verify", game_path(key, game)) in texts["verify"]
    anna = player_id(key, str(table.anna.id))
    assert linked("player", player_path(key, anna)) in texts["player"]
    assert linked("server", server_path(key)) in texts["server"]
    assert linked("tournament", tournament_path(key, tournament)) in texts["tournament"]
    assert linked("tournament", tournament_path(key, tournament)) in texts["tournament_delivered"]
    assert linked("tournament", tournament_path(key, tournament)) in texts["standings"]
    assert str(table.anna.id) not in texts["player"].split(URL, 1)[1]  # no Discord id
    paths = [game_path(key, game), player_path(key, anna), server_path(key),
             tournament_path(key, tournament)]  # fmt: skip
    async with TestClient(TestServer(make_app(table.bot.service))) as client:
        for path in paths:  # every link leads to its page
            assert (await client.get(path)).status == 200, path


@pytest.mark.parametrize("missing", ["public_url", "pages"])
async def test_without_public_url_or_pages_no_message_links(table: Table, missing: str) -> None:
    assert table.bot is not None
    if missing != "public_url":
        table.bot.public_url = URL
    if missing != "pages":
        table.anna.permissions |= MANAGE_GUILD
        await table.slash(table.anna, "web", zustand="an")
    texts = await every_place(table)
    for place in ("game", "verify", "player", "server", "tournament", "tournament_delivered",
                  "standings"):  # fmt: skip
        assert "/s/" not in texts[place] and URL not in texts[place], (place, texts[place])
    every = [m.text() for m in table.fake.messages.values() if "/web" not in m.text()]
    assert not any("/s/" in text for text in every)
