"""SQLite serves one process: a second one on its file, or shards split over processes,
are refused in one line."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import Engine

from bot.cluster.shards import Shards
from bot.cluster.single import SingleProcessError, sole_process
from bot.store import default_sqlite_url, make_engine, upgrade
from tests.store.test_store_migrations import HEAD, current_revision


def test_a_second_process_on_the_sqlite_file_is_refused_until_the_first_ends(
    tmp_path: Path,
) -> None:
    url = default_sqlite_url(tmp_path / "croupier.sqlite3")
    with sole_process(url, Shards()):
        with pytest.raises(SingleProcessError) as refused, sole_process(url, Shards()):
            pass
        said = str(refused.value)
        assert "another Croupier process" in said and "PostgreSQL" in said
        assert "\n" not in said
    with sole_process(url, Shards()):  # the first ended: the file is free
        pass


def test_split_shards_on_sqlite_are_refused(tmp_path: Path) -> None:
    url = default_sqlite_url(tmp_path / "croupier.sqlite3")
    with (
        pytest.raises(SingleProcessError, match=r"shards 0 of 2.*SQLite.*PostgreSQL"),
        sole_process(url, Shards(2, (0,))),
    ):
        pass
    with sole_process(url, Shards(2, (0, 1))):  # all shards in one process: fine
        pass
    with (
        pytest.raises(SingleProcessError, match=r"SHARD_IDS=standby.*PostgreSQL"),
        sole_process(url, Shards(2, (), standby=True)),
    ):
        pass


def test_postgresql_takes_several_processes() -> None:
    url = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    with sole_process(url, Shards(2, (0,))), sole_process(url, Shards(2, (1,))):
        pass


@pytest.mark.postgres
def test_processes_starting_together_on_an_empty_schema_migrate_it_once(pg_url: str) -> None:
    engines = [make_engine(pg_url) for _ in range(3)]
    failures: list[BaseException] = []

    def migrate(engine: Engine) -> None:
        try:
            upgrade(engine)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=migrate, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert {current_revision(engine) for engine in engines} == {HEAD}
    for engine in engines:
        engine.dispose()
