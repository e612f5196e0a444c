"""turn clocks move into the games row (``clock_…`` columns); turn_clocks goes

Every action wrote its game row and, in a statement of its own, the table's clock row (each
decision moves the deadline). In the game's row the clock is written by the game's own
versioned update: one statement and, on SQLite, one page of the write-ahead log less per
action (docs/PERFORMANCE.md). Stored clocks are copied over and back.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 23:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FIELDS = {
    "seconds": sa.Integer(),
    "on_timeout": sa.String(),
    "version": sa.Integer(),
    "waiting": sa.JSON(),
    "started": sa.DateTime(timezone=True),
    "deadline": sa.DateTime(timezone=True),
    "reminded": sa.Boolean(),
    "remaining": sa.Float(),
    "absent": sa.JSON(),
}
NULLABLE = {"started", "deadline", "remaining"}  # in turn_clocks


def upgrade() -> None:
    # Plain ADD COLUMN, no batch (see 0006: rebuilding ``games`` on SQLite is not an option).
    for name, type_ in FIELDS.items():
        op.add_column("games", sa.Column(f"clock_{name}", type_, nullable=True))
    copied = ", ".join(
        f"clock_{name} = (SELECT {name} FROM turn_clocks WHERE turn_clocks.game_id = games.id)"
        for name in FIELDS
    )
    op.execute(
        f"UPDATE games SET {copied} "
        "WHERE EXISTS (SELECT 1 FROM turn_clocks WHERE turn_clocks.game_id = games.id)"
    )
    op.drop_table("turn_clocks")


def downgrade() -> None:
    op.create_table(
        "turn_clocks",
        sa.Column("game_id", sa.Integer(), nullable=False),
        *(sa.Column(name, type_, nullable=name in NULLABLE) for name, type_ in FIELDS.items()),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    names = ", ".join(FIELDS)
    clock_names = ", ".join(f"clock_{name}" for name in FIELDS)
    op.execute(
        f"INSERT INTO turn_clocks (game_id, {names}) "
        f"SELECT id, {clock_names} FROM games WHERE clock_seconds IS NOT NULL"
    )
    for name in reversed(FIELDS):
        op.drop_column("games", f"clock_{name}")
