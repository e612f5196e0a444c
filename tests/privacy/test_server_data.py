"""A server's data: its erasure deletes every row of it in every table of the schema and
no row of another server; on SQLite no byte of its id is left in the file; a person's name
goes only with his last game; the bot's removal marks the server, its return clears the
mark, and the sweep erases only servers past the grace period."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.privacy.server_data import (
    collect_server,
    due,
    erase_server,
    has_data,
    mark_back,
    mark_left,
    note_erasure,
)
from bot.service import Service
from bot.store import Store
from bot.store.checkpoints import sqlite_file
from bot.store.columns import utcnow
from tests.helpers.every_row import every_row
from tests.helpers.plans import play_until, seeded

ANNA, BEN, CEM = "5101", "5202", "5303"
GONE = 731234567890123456
"""The server erased: a real snowflake's size (8 bytes in SQLite's records)."""
STAYS = 731234567890654321


async def finished(service: Service, guild: int, players: list[str], seed: int) -> int:
    outcome = await service.create(
        "verflixte6", players, {"durchgaenge": 1}, guild_id=guild, channel_id=9
    )
    outcome = await play_until(service, outcome, lambda o: o.finished, seed=seed)
    return outcome.game_id


async def two_servers(store: Store) -> tuple[Service, list[int], list[int]]:
    """Games, results, ratings, a season, watchers, settings and names on both servers;
    Cem played only on the server to be erased, and a game is still running there."""
    service = seeded(store)
    for person, name in ((ANNA, "Anna"), (BEN, "Ben"), (CEM, "Cem")):
        store.set_player_name(person, name, "de")
    boards = service.history.boards()
    now = utcnow()
    for guild in (GONE, STAYS):
        store.set_guild_locale(guild, "en")
        store.set_guild_time_zone(guild, "Europe/Paris")
        boards.start_season(guild, "Herbst", ANNA, now - timedelta(days=1))
    gone = [
        await finished(service, GONE, [ANNA, CEM], 1),
        await finished(service, GONE, [CEM, BEN], 2),
    ]
    stays = [await finished(service, STAYS, [ANNA, BEN], 3)]
    running = await service.create("verflixte6", [BEN, CEM], {"durchgaenge": 2}, guild_id=GONE)
    gone.append(running.game_id)
    service.history.caught_up()
    service.watchers.add(gone[0], BEN)
    service.watchers.add(stays[0], CEM)
    return service, gone, stays


def of_server(table: str, row: dict[str, Any], games: list[int]) -> bool:
    """Whether ``row`` is the erased server's: its id, or one of its games."""
    if row.get("guild_id") == GONE or row.get("game_id") in games:
        return True
    return table == "games" and row["id"] in games


async def test_erasing_a_server_deletes_its_rows_in_every_table_and_no_other(store: Store) -> None:
    service, gone, stays = await two_servers(store)
    before = every_row(store)
    assert all(before[t] for t in ("games", "game_events", "game_results", "ratings", "seasons",
                                   "guild_settings", "watchers", "draw_tallies", "face_totals",
                                   "player_measures", "history_guilds"))  # fmt: skip

    erased = erase_server(store.engine, GONE)

    after = every_row(store)
    assert set(after) == set(before)
    for table, rows in before.items():
        kept = [row for row in rows if not of_server(table, row, gone)]
        if table == "player_names":  # Cem played only there: his name goes with his games
            kept = [row for row in rows if row["user_id"] != CEM]
        assert after[table] == kept, table
    assert not any(str(GONE) in str(row) for rows in after.values() for row in rows)
    assert erased.games == 3 and erased.events > 0 and erased.forgotten == [CEM]
    assert erased.total == sum(len(before[t]) - len(after[t]) for t in before)
    assert not has_data(store.engine, GONE) and has_data(store.engine, STAYS)
    service.tables.stale(stays[0])
    assert service.records.verify(stays[0]).ok


def _needles(guild: int) -> dict[str, bytes]:
    return {
        "text": str(guild).encode(),
        "big-endian": guild.to_bytes(8, "big"),
        "little-endian": guild.to_bytes(8, "little"),
    }


def _found(path: Path, needles: dict[str, bytes]) -> list[str]:
    files = [p for p in (path, Path(f"{path}-wal")) if p.exists()]
    return [
        f"{f.name}: {form}" for f in files for form, b in needles.items() if b in f.read_bytes()
    ]


async def test_no_byte_of_an_erased_server_id_is_left_in_the_sqlite_file(tmp_path: Path) -> None:
    from bot.store import make_engine
    from bot.store.migrate import upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'croupier.db'}")
    upgrade(engine)
    store = Store(engine)
    try:
        await two_servers(store)
        path = Path(str(sqlite_file(str(engine.url))))
        assert _found(path, _needles(GONE))  # the scan finds it while it is there
        erase_server(engine, GONE)
        assert _found(path, _needles(GONE)) == []
        assert _found(path, _needles(STAYS))  # the other server's data is still there
        with engine.connect() as connection:  # the pool's connection zeroes on, as before
            assert connection.exec_driver_sql("PRAGMA secure_delete").scalar() == 1
    finally:
        store.close()


async def test_removal_marks_the_server_and_return_clears_it(store: Store) -> None:
    mark_left(store.engine, GONE)  # no settings row yet: one is made
    store.set_guild_locale(STAYS, "fr")
    mark_left(store.engine, STAYS)
    assert store.guild_locale(STAYS) == "fr"  # the settings stay while it waits
    later = utcnow() + timedelta(days=31)
    assert due(store.engine, 30, later) == [GONE, STAYS]
    assert due(store.engine, 30) == []
    assert mark_back(store.engine, STAYS) and not mark_back(store.engine, STAYS)
    assert due(store.engine, 30, later) == [GONE]


async def test_an_erasure_an_admin_confirmed_is_due_at_once(store: Store) -> None:
    """Noted before the tables end and the rows go: the next sweep finishes what a stop
    cut off, whatever the grace period."""
    await two_servers(store)
    note_erasure(store.engine, GONE)
    assert due(store.engine, 10_000) == [GONE]


async def test_the_sweep_erases_only_servers_past_the_grace_period(store: Store) -> None:
    await two_servers(store)
    mark_left(store.engine, GONE, utcnow() - timedelta(days=31))
    mark_left(store.engine, STAYS, utcnow() - timedelta(days=29))
    assert due(store.engine, 30) == [GONE]
    for guild in due(store.engine, 30):
        erase_server(store.engine, guild)
    assert not has_data(store.engine, GONE)
    assert has_data(store.engine, STAYS) and due(store.engine, 30) == []


async def test_a_servers_file_holds_its_games_as_their_exports_and_nothing_of_another(
    store: Store,
) -> None:
    service, gone, stays = await two_servers(store)
    store.set_guild_web_key(GONE, "secret-key")

    data = collect_server(store, GONE)

    assert [game["game_id"] for game in data["games"]] == gone
    for game in data["games"]:
        assert game == json.loads(service.records.export_json(game["game_id"]))
    assert data["settings"]["locale"] == "en" and "web_key" not in data["settings"]
    assert {row["game_id"] for row in data["results"]} == set(gone[:2])
    assert data["ratings"] and data["seasons"] and data["statistics"] and data["dice_totals"]
    text = json.dumps(data)
    assert str(STAYS) not in text and "secret-key" not in text
    assert all(f'"game_id": {n},' not in text for n in stays)
