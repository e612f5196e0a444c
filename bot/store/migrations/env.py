"""Alembic environment of the Croupier store.

Run through :mod:`bot.store.migrate`, which hands over an open connection in
``config.attributes["connection"]``; offline (``--sql``) mode uses the ``sqlalchemy.url``
main option instead.
"""

from typing import Any

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString

# Imported to register the tables on SQLModel.metadata:
import bot.store.history_rows
import bot.store.models  # noqa: F401
from bot.store.columns import UTCDateTime

config = context.config
target_metadata = SQLModel.metadata


def render_item(type_: str, obj: Any, autogen_context: AutogenContext) -> str | bool:
    """Render project column types as plain SQLAlchemy ones, so revisions import nothing of ours."""
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    if type_ == "type" and isinstance(obj, AutoString):
        return f"sa.String(length={obj.length})" if obj.length else "sa.String()"
    return False


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
