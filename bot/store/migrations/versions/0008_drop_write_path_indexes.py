"""drop two indexes every action paid for: game_events.game_id, turn_clocks.deadline

``ix_game_events_game_id`` repeats the leading column of ``uq_game_events_game_id_seq``,
which serves every lookup of a game's events. ``ix_turn_clocks_deadline`` was updated by
every action (each decision moves the deadline) and helped no query: the clock poll asks
for every running clock, and reading 1,000 of them took 13 ms with or without it.
Measured on SQLite: the service's actions/s rose by ~15 % without the two
(docs/PERFORMANCE.md).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 19:30:00

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_game_events_game_id", table_name="game_events")
    op.drop_index("ix_turn_clocks_deadline", table_name="turn_clocks")


def downgrade() -> None:
    op.create_index("ix_turn_clocks_deadline", "turn_clocks", ["deadline"], unique=False)
    op.create_index("ix_game_events_game_id", "game_events", ["game_id"], unique=False)
