"""games.clock_stand_in: the absent players a computer player plays for (issue 34)

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27 12:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("clock_stand_in", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "clock_stand_in")
