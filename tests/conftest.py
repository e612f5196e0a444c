"""Shared fixtures, and how the suite is spread over the cores.

The suite runs on all cores by default (pytest-xdist, one worker process per core: see
:func:`pytest_cmdline_main`); ``-n 0`` or ``-p no:xdist`` runs it in this one process.
Nothing is shared between the workers: each test has its own ``tmp_path``, its own SQLite
file or PostgreSQL schema, and its fake Discord listens on a free port.

Database fixtures run every test that uses them on SQLite and, when
``CROUPIER_TEST_POSTGRES_URL`` names a server, on PostgreSQL too (one fresh schema per test;
its name says which worker made it, should one be left behind):

* ``db_url``: URL of an empty database (string; feed it to :func:`bot.store.make_engine`);
* ``engine``: an engine on ``db_url``, not migrated, disposed afterwards;
* ``store``: a :class:`bot.store.Store` on ``engine`` after ``upgrade(engine)``;
* ``pg_url``: a fresh PostgreSQL schema only (several processes need one);
* ``throwaway_postgres``: a PostgreSQL server of the test's own, to stop and lock
  (tests/helpers/throwaway_postgres.py; never the shared one).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

os.environ["CROUPIER_STRICT_TEXTS"] = "1"  # a missing text fails the test (bots started as
# processes by the tests inherit it)
os.environ["CROUPIER_WARM_UP"] = "0"  # no bot of the tests warms its computer players up

import pytest
from hypothesis import settings
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bot import i18n
from bot.store import Store, default_sqlite_url, make_engine, normalize_url, upgrade
from tests.helpers import throwaway_postgres as throwaway

POSTGRES_ENV = "CROUPIER_TEST_POSTGRES_URL"

# Property tests check what is generated, not how fast: on a loaded machine an example may
# take longer than Hypothesis' 200 ms deadline, which failed them only under load.
settings.register_profile("croupier", deadline=None)
settings.load_profile("croupier")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``-n auto --dist worksteal`` unless the command line says otherwise.

    Not in ``addopts``: there ``-p no:xdist`` would fail on the unknown ``-n``. ``-s`` keeps
    the run in this process, since a worker's output would not be shown (the reliability
    tests print their numbers), and so does ``--pdb`` (xdist's own rule). Work stealing rather
    than ``load``: the slow tests take minutes while most take milliseconds, and an idle
    worker takes over tests still queued behind a long one.
    """
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return  # xdist disabled, or this is one of its workers
    chosen = config.option.numprocesses is not None
    if not chosen and not config.option.collectonly and config.option.capture != "no":
        config.option.numprocesses = "auto"
    if config.option.numprocesses and config.option.dist == "no":
        config.option.dist = "worksteal"


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """With several workers, each begins with a slow test.

    ``--dist worksteal`` deals the tests out as one consecutive share per worker; a slow test
    in the middle of a share would start minutes late and end the run minutes late. So the
    slow tests go to the heads of the shares, in turn; two in one share are kept apart by a
    quick test, since a worker holds the test after the running one and could not hand the
    second slow test to an idle worker. Every worker computes the same order, as xdist needs.
    """
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    if workers < 2 or not slow:
        return
    quick = [item for item in items if not item.get_closest_marker("slow")]
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for index, item in enumerate(slow):
        head = heads[index % workers]
        if head and quick:
            head.append(quick.pop(0))
        head.append(item)
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker, head in enumerate(heads):
        size = left // (workers - worker)  # the share worksteal gives this worker
        left -= size
        fill = max(0, size - len(head))
        ordered += head + quick[:fill]
        del quick[:fill]
    items[:] = ordered + quick


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


@pytest.fixture
def pg_url() -> Iterator[str]:
    """URL of a fresh PostgreSQL schema (for what only PostgreSQL has: several processes)."""
    yield from _postgres_schema_url()


def _postgres_schema_url() -> Iterator[str]:
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"{POSTGRES_ENV} not set")
    server = normalize_url(server)
    admin = create_engine(server, poolclass=NullPool)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    schema = f"croupier_t_{worker}_{secrets.token_hex(6)}"
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
def throwaway_postgres() -> Iterator[throwaway.ThrowawayPostgres]:
    """A started PostgreSQL server of this test's own, removed afterwards."""
    reason = throwaway.missing()
    if reason is not None:
        pytest.skip(reason)
    with throwaway.throwaway_postgres() as server:
        yield server


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
