"""games.turn_notice and player_names.notify: who was told of his turn, and how a player
wants to be told (issue 43)

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 21:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("turn_notice", sa.JSON(), nullable=True))
    op.add_column("player_names", sa.Column("notify", sa.String(), nullable=True))


def downgrade() -> None:
    op.drop_column("player_names", "notify")
    op.drop_column("games", "turn_notice")
