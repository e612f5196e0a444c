"""games.announced: how far the players were told about a game (the outbox)

Everything a committed action owes the players (the table message's new state, results,
new turn messages, DMs) is derived from the action's logged events. The game row's
``version`` is written in the action's own transaction; ``announced`` is the newest
version whose announcements Discord has accepted. A game with ``announced < version`` is
the outbox: the deliverer sends what those versions owe, after a restart too. Games
stored before this revision were announced as far as anyone knows.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 09:40:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("announced", sa.Integer(), nullable=False, server_default="0"))
    games = sa.table("games", sa.column("announced", sa.Integer), sa.column("version", sa.Integer))
    op.get_bind().execute(games.update().values(announced=games.c.version))


def downgrade() -> None:
    op.drop_column("games", "announced")
