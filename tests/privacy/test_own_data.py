"""What ``/meine-daten`` gives a user: everything the store keeps about him, from every
personal table, and nothing of the others at his tables; and every table of the schema
classified as personal or not."""

from __future__ import annotations

import json

from sqlalchemy import inspect

from bot.privacy.inventory import IMPERSONAL, PERSONAL
from bot.privacy.own_data import FORMAT, collect
from bot.store import Store
from tests.helpers.plans import play_until, seeded

ANNA, BEN = "4101", "4202"
GUILD = 77


def test_every_table_of_the_schema_is_classified_once(store: Store) -> None:
    tables = set(inspect(store.engine).get_table_names()) - {"alembic_version"}
    assert not set(PERSONAL) & IMPERSONAL
    assert tables == set(PERSONAL) | IMPERSONAL, tables ^ (set(PERSONAL) | IMPERSONAL)
    for table, columns in PERSONAL.items():
        present = {column["name"] for column in inspect(store.engine).get_columns(table)}
        assert set(columns) <= present, (table, set(columns) - present)


async def test_a_player_s_file_holds_his_games_actions_results_and_ratings(store: Store) -> None:
    service = seeded(store)
    store.set_player_name(ANNA, "Anna", "de")
    outcome = await service.create(
        "verflixte6", [ANNA, BEN], {"durchgaenge": 1}, guild_id=GUILD, channel_id=5
    )
    outcome = await play_until(service, outcome, lambda o: o.finished)
    service.history.caught_up()
    mine = collect(store.engine, ANNA)
    assert mine["format"] == FORMAT
    assert mine["user"] == {"id": ANNA, "name": "Anna", "language": "de", "turn_notice": None}
    assert [(g["game"], g["seat"], g["seats"], g["server"]) for g in mine["games"]] == [
        (outcome.game_id, 1, 2, GUILD)
    ]
    logged = [e for e in store.events(outcome.game_id) if e.actor == ANNA]
    assert logged and [a["step"] for a in mine["actions"]] == [e.seq for e in logged]
    assert [a["action"] for a in mine["actions"]] == [e.action for e in logged]
    assert [r["game"] for r in mine["results"]] == [outcome.game_id]
    assert mine["results"][0]["place"] in (1, 2)
    assert mine["statistics"] and all(s["server"] == GUILD for s in mine["statistics"])
    assert mine["dice_totals"] and mine["dice_per_game"]
    assert {r["kind"] for r in mine["ratings"]} == {"verflixte6"}
    text = json.dumps(mine)
    assert BEN not in text, "the other player's id is his, not Anna's"


async def test_someone_the_bot_never_met_gets_a_file_that_says_so(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("verflixte6", [ANNA, BEN], {"durchgaenge": 1}, guild_id=GUILD)
    await play_until(service, outcome, lambda o: o.finished)
    nobody = collect(store.engine, "4303")
    assert nobody["user"]["name"] is None
    sections = [key for key, value in nobody.items() if isinstance(value, list)]
    assert sections and all(nobody[key] == [] for key in sections)
