"""The migrations build exactly the schema of the models."""

from __future__ import annotations

from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect
from sqlmodel import SQLModel

from bot.store import upgrade
from bot.store.migrate import alembic_config, main, next_revision_id

HEAD = "0008"  # the newest revision in bot/store/migrations/versions


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
