"""A game page's dice check: a finished game's page carries its export (the data block
the script checks, on the whole game's view, and the link to the file) and the script; a
running game's page neither its seed nor its export; the export file is served for
finished games only."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp.test_utils import TestClient

from bot.audit import export
from bot.service import Service
from bot.web.dice_check import data_block
from tests.helpers.web_games import played

Client = TestClient[Any, Any]
PLAYERS = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}
BLOCK = re.compile(r'<script type="application/json" id="check-export">(.*?)</script>', re.S)
SCRIPT = '<script src="/static/check.js" defer></script>'


async def test_a_finished_game_carries_its_export_and_the_check(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "dicedevils", PLAYERS)
    assert service.store.get(number).status == "finished"
    text = await (await client.get(f"/s/{key}/spiel/{number}")).text()
    [block] = BLOCK.findall(text)
    assert json.loads(block) == json.loads(export.to_json(export.from_store(service.store, number)))
    assert SCRIPT in text
    assert f'href="/s/{key}/spiel/{number}/export.json" download' in text
    assert 'id="check-run"' in text and 'id="check-file"' in text and 'id="check-result"' in text
    assert 'class="check needs-script"' in text  # shown only once the script runs
    texts = re.search(r'<script type="application/json" id="check-texts">(.*?)</script>', text)
    assert texts is not None and json.loads(texts[1])["ok"][1] == (
        "Alle {count} Würfe stimmen, Kette intakt."
    )
    step = await (await client.get(f"/s/{key}/spiel/{number}?schritt=2")).text()
    assert not BLOCK.search(step) and 'id="check-run"' not in step  # a replay's step: light
    assert f"/s/{key}/spiel/{number}/export.json" in step and 'id="check-file"' in step
    english = await (await client.get(f"/s/{key}/spiel/{number}?lang=en")).text()
    assert "All {count} draws match, chain intact." in english and "Check the dice" in english


async def test_a_running_game_carries_no_seed_and_no_export(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "flaschenteufel", PLAYERS, steps=4)
    row = service.store.get(number)
    assert row.status == "open"
    text = await (await client.get(f"/s/{key}/spiel/{number}")).text()
    assert row.seed not in text and not BLOCK.search(text) and "export.json" not in text
    assert 'id="check-run"' not in text and 'id="check-file"' in text  # a file still checks
    assert (await client.get(f"/s/{key}/spiel/{number}/export.json")).status == 404


async def test_the_export_file_is_served_for_a_finished_game(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    response = await client.get(f"/s/{key}/spiel/{number}/export.json")
    assert response.status == 200 and response.content_type == "application/json"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="croupier-spiel-{number}.json"'
    )
    assert await response.text() == export.to_json(export.from_store(service.store, number))
    assert (await client.get(f"/s/{key}/spiel/{number + 99}/export.json")).status == 404
    assert (await client.get(f"/s/nokey/spiel/{number}/export.json")).status == 404
    script = await client.get("/static/check.js")
    assert script.status == 200 and script.content_type == "text/javascript"


def test_a_data_block_cannot_end_its_script() -> None:
    value = {"name": "</script><script>alert(1)</script><!--", "n": 1.0}
    block = str(data_block(json.dumps(value, ensure_ascii=False)))
    assert "<" not in block and json.loads(block) == value and '"n":1.0' in block.replace(" ", "")


async def test_a_finished_game_page_and_its_export_name_no_discord_id(
    client: Client, service: Service, key: str
) -> None:
    """The export the page carries is of format 2: pseudonyms, no player's id."""
    number = await played(service, "dicedevils", PLAYERS)
    page = await (await client.get(f"/s/{key}/spiel/{number}")).text()
    [block] = BLOCK.findall(page)
    assert json.loads(block)["format"] == "croupier-game/2"
    file = await (await client.get(f"/s/{key}/spiel/{number}/export.json")).text()
    for player in (*PLAYERS, *service.store.get(number).people):
        assert not re.search(rf"\b{player}\b", page), player
        assert not re.search(rf"\b{player}\b", file), player
