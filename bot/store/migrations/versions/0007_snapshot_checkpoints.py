"""snapshot checkpoints: games.snapshot_version

The snapshot is no longer written with every action but at checkpoints
(docs/DECISIONS.md, "Snapshots at checkpoints"); ``snapshot_version`` is the event the
stored snapshot belongs to. Every existing row's snapshot is the state after its newest
event, so it gets its own version.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 16:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ADD COLUMN, no batch (see 0006: rebuilding ``games`` on SQLite is not an option).
    op.add_column(
        "games", sa.Column("snapshot_version", sa.Integer(), nullable=False, server_default="0")
    )
    games = sa.table("games", sa.column("version", sa.Integer), sa.column("snapshot_version"))
    op.get_bind().execute(games.update().values(snapshot_version=games.c.version))


def downgrade() -> None:
    op.drop_column("games", "snapshot_version")
