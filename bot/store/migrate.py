"""Schema migrations (Alembic) without an ``alembic.ini``.

The bot calls :func:`upgrade` at start. Developers use the same configuration from the shell::

    python -m bot.store.migrate upgrade --url sqlite:///data/croupier.db
    python -m bot.store.migrate revision --autogenerate -m "add foo to games"
    python -m bot.store.migrate check

``revision --autogenerate`` and ``check`` compare the models with a database migrated to the
current head: a throw-away in-memory SQLite one unless ``--url`` names another, which is then
upgraded first (use a scratch PostgreSQL database to see its specific types). New revisions
are numbered ``0002``, ``0003``, ... and land in ``bot/store/migrations/versions/``, tidied by
``ruff`` when it is installed; review them.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import time
from collections.abc import Sequence
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import OperationalError

from bot.store.database import make_engine
from bot.store.timeouts import MIGRATION, MIGRATION_PAUSE, MIGRATION_TRIES, MIGRATION_WAIT, Bounds

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config() -> Config:
    """An Alembic configuration pointing at the migrations shipped with this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    return config


MIGRATE_LOCK = "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '/croupier/migrate'))"


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database behind ``engine`` to ``revision`` in one transaction. On
    PostgreSQL the processes of a cluster that start together take turns (an advisory lock
    for the transaction, waited for as :data:`~bot.store.timeouts.MIGRATION_WAIT` allows):
    the first migrates, the others find the schema at its head. The migration's statements
    have their own bounds (:data:`~bot.store.timeouts.MIGRATION`): a long rewrite may run,
    but a lock is waited for briefly, since every query of the running bots queues behind
    a waiting ``ALTER``; a migration that does not get its locks is tried again, then the
    start fails (nothing was changed)."""
    config = alembic_config()
    for attempt in range(1, MIGRATION_TRIES + 1):
        try:
            with engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    _take_turns(connection)
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
            return
        except OperationalError as exc:
            if attempt == MIGRATION_TRIES or not _lock_not_available(exc):
                raise
            log.warning("migration %d of %d: a lock was busy (%s); trying again in %g s",
                        attempt, MIGRATION_TRIES, exc.orig, MIGRATION_PAUSE)  # fmt: skip
            time.sleep(MIGRATION_PAUSE)


def _take_turns(connection: Connection) -> None:
    """Wait for the other processes' migrations, then set the migration's own bounds for
    the rest of the transaction."""
    _set_local(connection, MIGRATION_WAIT)
    connection.execute(text(MIGRATE_LOCK))
    _set_local(connection, MIGRATION)


def _set_local(connection: Connection, bounds: Bounds) -> None:
    for name, ms in bounds.settings().items():
        connection.execute(text(f"SET LOCAL {name} = {ms}"))


def _lock_not_available(exc: OperationalError) -> bool:
    return getattr(exc.orig, "sqlstate", None) == "55P03"


def next_revision_id(config: Config) -> str:
    """``0002`` after ``0001``: revisions are numbered in order."""
    head = ScriptDirectory.from_config(config).get_current_head()
    return f"{int(head or 0) + 1:04d}"


def add_ruff_hooks(config: Config) -> None:
    """Let ``ruff`` fix and format newly written revisions (if it is installed)."""
    if importlib.util.find_spec("ruff") is None:
        return
    config.set_section_option("post_write_hooks", "hooks", "ruff_fix ruff_format")
    for name, options in (("ruff_fix", "check --fix --quiet"), ("ruff_format", "format --quiet")):
        config.set_section_option("post_write_hooks", f"{name}.type", "module")
        config.set_section_option("post_write_hooks", f"{name}.module", "ruff")
        config.set_section_option(
            "post_write_hooks", f"{name}.options", f"{options} REVISION_SCRIPT_FILENAME"
        )


def main(argv: Sequence[str] | None = None) -> None:
    """Command line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m bot.store.migrate")
    parser.add_argument("command", choices=["upgrade", "revision", "check"])
    parser.add_argument("--url", help="database URL (default: a throw-away in-memory SQLite)")
    parser.add_argument("-m", "--message", default="", help="revision message")
    parser.add_argument("--autogenerate", action="store_true")
    args = parser.parse_args(argv)

    if args.command == "upgrade" and args.url is None:
        parser.error("upgrade needs --url")
    engine = make_engine(args.url or "sqlite://")
    upgrade(engine)
    if args.command == "upgrade":
        return
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        if args.command == "check":
            command.check(config)
        else:
            rev_id = next_revision_id(config)
            add_ruff_hooks(config)
            command.revision(config, args.message, autogenerate=args.autogenerate, rev_id=rev_id)


if __name__ == "__main__":
    main()
