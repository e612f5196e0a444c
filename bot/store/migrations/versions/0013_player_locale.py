"""player_names.locale: the Discord language a player last used, for his DMs

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24 12:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("player_names", schema=None) as batch_op:
        batch_op.add_column(sa.Column("locale", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player_names", schema=None) as batch_op:
        batch_op.drop_column("locale")
