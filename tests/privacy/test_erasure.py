"""Erasing one person: every game he played still verifies and exports the same file, no
row of any table holds his id, the others' places and ratings stay, the kept ratings are
still the ones recomputed from the results; refused while he sits at a game not over."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from bot.history.skill_ratings import recompute, table_of
from bot.players.seats import is_erased
from bot.privacy.erasure import (
    StillPlaying,
    erase,
    finish_pending,
    playing,
    request,
)
from bot.privacy.own_data import collect
from bot.privacy.wiped import settle_file
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from bot.store.history_rows import ALL_TIME
from tests.helpers.plans import play_until, seeded

ANNA, BEN, CEM = "5101", "5202", "5303"
GUILD = 88


async def finished(service: Service, players: list[str], seed: int) -> int:
    outcome = await service.create(
        "verflixte6", players, {"durchgaenge": 1}, guild_id=GUILD, channel_id=9
    )
    outcome = await play_until(service, outcome, lambda o: o.finished, seed=seed)
    return outcome.game_id


def rows_naming(store: Store, needle: str) -> list[str]:
    """Every row of every table whose text holds ``needle``."""
    found = []
    with store.engine.connect() as connection:
        for table in inspect(store.engine).get_table_names():
            for row in connection.execute(text(f'SELECT * FROM "{table}"')):
                if needle in str(tuple(row)):
                    found.append(f"{table}: {tuple(row)}")
    return found


def ratings(store: Store) -> dict[str, tuple[float, float]]:
    with store._session() as session:
        kept = table_of(session, GUILD, "verflixte6", ALL_TIME)
    return {p: (r.mu, r.sigma) for p, r in kept.items()}


async def test_an_erased_player_leaves_no_id_and_every_game_still_verifies(store: Store) -> None:
    service = seeded(store)
    store.set_player_name(ANNA, "Anna", "de")
    games = [await finished(service, [ANNA, BEN], 1), await finished(service, [BEN, ANNA, CEM], 2)]
    service.history.caught_up()
    exports = {n: service.records.export_json(n) for n in games}
    before = ratings(store)
    assert rows_naming(store, ANNA)

    erased = erase(store.engine, ANNA)

    assert sorted(erased.games) == sorted(games) and erased.events and erased.history
    assert rows_naming(store, ANNA) == [] and rows_naming(store, "Anna") == []
    for number in games:
        service.tables.stale(number)  # read anew: what the bot cached is its caller's part
        assert service.records.verify(number).ok, number
        assert service.records.export_json(number) == exports[number]  # pseudonyms already
    after = ratings(store)
    assert {p: r for p, r in after.items() if not is_erased(p)} == {
        p: r for p, r in before.items() if p != ANNA
    }
    assert [after[erased.anonymous]] == [before[ANNA]]
    with store._session() as session, session.begin():
        recomputed = recompute(session, GUILD, "verflixte6", ALL_TIME)
        session.rollback()
    assert {p: (s.mu, s.sigma) for p, s in recomputed.items()} == after
    mine = collect(store.engine, ANNA)
    assert not any(value for key, value in mine.items() if isinstance(value, list))


async def test_no_erasure_while_he_sits_at_a_game_not_over(store: Store) -> None:
    service = seeded(store)
    store.set_player_name(ANNA, "Anna", "de")
    done = await finished(service, [ANNA, BEN], 1)
    running = await service.create("verflixte6", [BEN, ANNA], {"durchgaenge": 2}, guild_id=GUILD)
    assert playing(store.engine, ANNA) == [running.game_id]
    with pytest.raises(StillPlaying) as refused:
        erase(store.engine, ANNA)
    assert refused.value.games == [running.game_id]
    assert store.player_name(ANNA) == "Anna" and ANNA in store.get(done).players
    assert playing(store.engine, CEM) == []


async def test_no_byte_of_him_is_left_in_the_sqlite_file(tmp_path: Path) -> None:
    """The file and its write-ahead log, read as bytes, hold neither his id nor his name
    once he is erased (secure_delete zeroes what a write replaced; the log is folded in)."""
    path = tmp_path / "croupier.sqlite3"
    engine = make_engine(default_sqlite_url(path))
    upgrade(engine)
    store = Store(engine)
    try:
        service = seeded(store)
        store.set_player_name(ANNA, "Annabella", "de")
        await finished(service, [ANNA, BEN], 1)
        service.history.caught_up()
        wal = path.with_name(path.name + "-wal")

        def held(needle: bytes) -> bool:
            return any(needle in p.read_bytes() for p in (path, wal) if p.exists())

        assert held(ANNA.encode()) and held(b"Annabella")
        erase(engine, ANNA)
        store.close()  # the kept connection's snapshot must not hold the log back
        settle_file(engine)
        assert not held(ANNA.encode()) and not held(b"Annabella")
        assert held(BEN.encode())  # the scan finds what is there
    finally:
        store.close()
        engine.dispose()


async def test_a_noted_erasure_is_finished_at_the_next_start(store: Store) -> None:
    """Confirmed, noted, then the process died before the erasure: the next start finishes
    it; a second request while one is noted is refused."""
    service = seeded(store)
    store.set_player_name(ANNA, "Anna", "de")
    await finished(service, [ANNA, BEN], 1)
    assert request(store.engine, ANNA) and not request(store.engine, ANNA)
    [(user, done)] = finish_pending(store.engine)
    assert user == ANNA and done is not None and done.games
    assert rows_naming(store, ANNA) == [] and finish_pending(store.engine) == []
    assert request(store.engine, ANNA)  # a new request once the last is done


async def test_a_noted_erasure_that_meets_a_game_not_over_is_dropped(store: Store) -> None:
    service = seeded(store)
    await service.create("verflixte6", [ANNA, BEN], {"durchgaenge": 2}, guild_id=GUILD)
    assert request(store.engine, ANNA)
    assert finish_pending(store.engine) == [(ANNA, None)]
    assert request(store.engine, ANNA)  # nothing noted any more
