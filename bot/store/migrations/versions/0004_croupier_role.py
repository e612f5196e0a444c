"""croupier role

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 05:47:22.678654

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("croupier_role_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("croupier_role_id")
