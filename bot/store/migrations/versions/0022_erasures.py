"""erasures: a person's confirmed request to erase his data, until it is done; and
guild_settings.left_at: when the bot was removed from a server (its data is erased after
SERVER_DATA_DAYS unless the bot is added back)

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-04 12:00:00

An erasure is written in its own transaction as soon as it is confirmed and removed in
the transaction that erases: a process killed between the two finishes it at its next
start (bot.privacy). ``left_at`` is NULL while the bot is on the server.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0022"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "erasures",
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("left_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("left_at")
    op.drop_table("erasures")
