"""Shared fixtures.

Database fixtures run every test that uses them on SQLite and, when
``CROUPIER_TEST_POSTGRES_URL`` names a server, on PostgreSQL too (one fresh schema per test):

* ``db_url``: URL of an empty database (string; feed it to :func:`bot.store.make_engine`);
* ``engine``: an engine on ``db_url``, not migrated, disposed afterwards;
* ``store``: a :class:`bot.store.Store` on ``engine`` after ``upgrade(engine)``.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

os.environ["CROUPIER_STRICT_TEXTS"] = "1"  # a missing text fails the test (bots started as
# processes by the tests inherit it)

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bot import i18n
from bot.store import Store, default_sqlite_url, make_engine, normalize_url, upgrade

POSTGRES_ENV = "CROUPIER_TEST_POSTGRES_URL"


@pytest.fixture(autouse=True)
def no_missing_texts() -> Iterator[None]:
    """No test passes while a player would have read a raw text key (also where the bot
    caught the error and apologised instead)."""
    i18n.STRICT = True
    i18n.MISSING.clear()
    yield
    missing, i18n.MISSING[:] = list(i18n.MISSING), []
    assert not missing, f"missing texts: {missing}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """URL of an empty database: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield default_sqlite_url(tmp_path / "db" / "croupier.db")
    else:
        yield from _postgres_schema_url()


def _postgres_schema_url() -> Iterator[str]:
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"{POSTGRES_ENV} not set")
    server = normalize_url(server)
    admin = create_engine(server, poolclass=NullPool)
    schema = f"croupier_t_{secrets.token_hex(6)}"
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as exc:
        admin.dispose()
        pytest.fail(
            f"{POSTGRES_ENV}={make_url(server)!s} is set but unusable: {exc}", pytrace=False
        )
    url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """An engine on the empty test database (not migrated)."""
    engine = make_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def store(engine: Engine) -> Iterator[Store]:
    """A store on a freshly migrated test database."""
    upgrade(engine)
    store = Store(engine)
    yield store
    store.close()
