"""draw_tallies: one index the fairness report's sums read alone (server, sides, face,
player, game, count), in place of the index on the server only

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 07:15:00

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ["guild_id", "sides", "face", "player", "kind", "count"]


def upgrade() -> None:
    with op.batch_alter_table("draw_tallies", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_draw_tallies_guild_id"))
        batch_op.create_index("ix_draw_tallies_counts", COLUMNS, unique=False)


def downgrade() -> None:
    with op.batch_alter_table("draw_tallies", schema=None) as batch_op:
        batch_op.drop_index("ix_draw_tallies_counts")
        batch_op.create_index(batch_op.f("ix_draw_tallies_guild_id"), ["guild_id"], unique=False)
