"""games.clock_due: when a table's clock next asks for something

The clock poll read every running clock each 5 s and asked each in Python whether it was due
(14.5 ms for 1,000 of them). With the due time stored beside the clock (the reminder at half
time unless sent, else the deadline), the database compares it and hands over only the due
ones. Stored clocks get theirs here, computed as ``Clock.due_at`` computes it.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 00:10:00

"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.add_column("games", sa.Column("clock_due", WHEN, nullable=True))
    games = sa.table(
        "games",
        sa.column("id", sa.Integer),
        sa.column("clock_started", WHEN),
        sa.column("clock_deadline", WHEN),
        sa.column("clock_reminded", sa.Boolean),
        sa.column("clock_due", WHEN),
    )
    connection = op.get_bind()
    running = connection.execute(
        sa.select(games.c.id, games.c.clock_started, games.c.clock_deadline,
                  games.c.clock_reminded).where(games.c.clock_deadline.is_not(None))
    ).all()  # fmt: skip
    for game_id, stored_start, stored_deadline, reminded in running:
        started, deadline = _utc(stored_start), _utc(stored_deadline)
        due = deadline
        if not reminded and started is not None:
            due = min(deadline, started + (deadline - started) / 2)
        connection.execute(games.update().where(games.c.id == game_id).values(clock_due=due))


def _utc(value: datetime | None) -> datetime | None:
    """SQLite hands back naive UTC."""
    return value if value is None or value.tzinfo is not None else value.replace(tzinfo=UTC)


def downgrade() -> None:
    op.drop_column("games", "clock_due")
