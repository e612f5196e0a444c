"""The migrations build exactly the schema of the models."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect
from sqlmodel import SQLModel

from bot.clocks.clock import Clock
from bot.store import Store, upgrade
from bot.store.clock_rows import ClockStore
from bot.store.migrate import alembic_config, main, next_revision_id

HEAD = "0022"  # the newest revision in bot/store/migrations/versions


def schema_diff(engine: Engine) -> list[Any]:
    with engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), SQLModel.metadata))


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def test_empty_database_differs(engine: Engine) -> None:
    assert schema_diff(engine)  # the comparison does see missing tables


def test_upgrade_matches_models(engine: Engine) -> None:
    upgrade(engine)
    assert schema_diff(engine) == []
    assert current_revision(engine) == HEAD
    tables = {"games", "game_events", "guild_settings", "player_names", "alembic_version"}
    assert tables <= set(inspect(engine).get_table_names())


def test_upgrade_twice_is_harmless(store: Any, engine: Engine) -> None:
    upgrade(engine)
    assert schema_diff(engine) == []
    assert current_revision(engine) == HEAD


def test_downgrade_and_upgrade_again(engine: Engine) -> None:
    upgrade(engine)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "base")
    assert not {"games", "game_events"} & set(inspect(engine).get_table_names())
    upgrade(engine)
    assert schema_diff(engine) == []


def test_cli_check_passes(db_url: str) -> None:
    main(["check", "--url", db_url])
    main(["check"])


def test_cli_upgrade_needs_url() -> None:
    with pytest.raises(SystemExit):
        main(["upgrade"])


def test_next_revision_id() -> None:
    assert next_revision_id(alembic_config()) == f"{int(HEAD) + 1:04d}"


def _migrate(engine: Engine, revision: str, *, down: bool = False) -> None:
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, revision)


def test_stored_clocks_move_into_the_games_row_and_back(engine: Engine) -> None:
    """0009 moves the turn clocks from their own table into the games row, and back; 0010
    gives them their due time."""
    _migrate(engine, "0008")
    when = datetime(2026, 11, 23, 22, 0, 5, 250000, tzinfo=UTC)
    games = sa.table(
        "games", *(sa.column(n) for n in ("id", "kind", "status", "version", "seed",
                                           "seed_hash", "rng_counter", "locale")),
        sa.column("players", sa.JSON), sa.column("options", sa.JSON),
        sa.column("snapshot", sa.JSON), sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("updated_at", sa.DateTime(timezone=True)),
    )  # fmt: skip
    clocks = sa.table(
        "turn_clocks", *(sa.column(n) for n in ("game_id", "seconds", "on_timeout", "version",
                                                 "reminded", "remaining")),
        sa.column("waiting", sa.JSON), sa.column("absent", sa.JSON),
        sa.column("started", sa.DateTime(timezone=True)),
        sa.column("deadline", sa.DateTime(timezone=True)),
    )  # fmt: skip
    stored = {
        "game_id": 7, "seconds": 90, "on_timeout": "wait", "version": 3, "reminded": True,
        "remaining": 12.5, "waiting": ["111", "Prinzessin ü"], "absent": ["222"],
        "started": when, "deadline": when + timedelta(seconds=90),
    }  # fmt: skip
    with engine.begin() as conn:
        for game_id in (7, 8):  # game 8 has no clock
            conn.execute(games.insert().values(
                id=game_id, kind="verflixte6", status="open", version=3, seed="ab",
                seed_hash="cd", rng_counter=0, locale="de", players=["111", "222"],
                options={}, snapshot={}, created_at=when, updated_at=when,
            ))  # fmt: skip
        conn.execute(clocks.insert().values(**stored))
    # 0009 moves the clock, 0010 gives it its due time (its deadline: it was reminded),
    # 0011 lets games stored before the outbox owe nothing; read as the code reads them now
    # (its columns are those of the newest revision: 0017 adds stand-ins, none stored)
    _migrate(engine, HEAD)
    store = ClockStore(engine)
    assert store.get(7) == Clock(**stored)
    assert store.get(8) is None
    assert [clock.game_id for clock in store.due_by(stored["deadline"])] == [7]
    assert store.due_by(stored["deadline"] - timedelta(microseconds=1)) == []
    assert Store(engine).unannounced() == []
    with engine.begin() as conn:
        conn.execute(games.update().where(games.c.id == 8).values(version=5))
    assert [row[:3] for row in Store(engine).unannounced()] == [(8, 3, 5)]
    _migrate(engine, "0008", down=True)
    with engine.connect() as conn:
        rows = conn.execute(sa.select(clocks)).mappings().all()
    assert len(rows) == 1
    back = dict(rows[0])
    for key in ("started", "deadline"):  # SQLite hands back naive UTC
        back[key] = back[key].replace(tzinfo=UTC) if back[key].tzinfo is None else back[key]
    assert back == stored
