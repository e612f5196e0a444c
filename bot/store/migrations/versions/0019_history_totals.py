"""History at size and under faults (issue 44): face totals per server, the server's
history lock row, the games the history has to look at again (filled by triggers on
``games``), and an index of a server's results in finish order

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03 20:00:00

The triggers add a game to ``history_unfolded`` when it finishes, when a finished game
moves on (a tournament corrected after its end) and when it is opened again. SQLite's
batch mode rebuilds a table and drops its triggers with it: a later migration that
batch-alters ``games`` must create them again (:func:`create_triggers`); the history's
catch-up tests fail without them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOVED = (
    "(NEW.status = 'finished' OR OLD.status = 'finished') AND "
    "(NEW.status IS DISTINCT FROM OLD.status OR NEW.version IS DISTINCT FROM OLD.version)"
)
"""A game the history must look at again: finished now or before, and its status or its
version changed."""

SQLITE_TRIGGERS = (
    "CREATE TRIGGER history_unfolded_insert AFTER INSERT ON games "
    "WHEN NEW.status = 'finished' "
    "BEGIN INSERT OR IGNORE INTO history_unfolded (game_id) VALUES (NEW.id); END",
    "CREATE TRIGGER history_unfolded_update AFTER UPDATE OF status, version ON games "
    f"WHEN {MOVED.replace('IS DISTINCT FROM', 'IS NOT')} "
    "BEGIN INSERT OR IGNORE INTO history_unfolded (game_id) VALUES (NEW.id); END",
)
POSTGRES_TRIGGERS = (
    """CREATE OR REPLACE FUNCTION croupier_history_unfolded() RETURNS trigger AS $$
BEGIN
    INSERT INTO history_unfolded (game_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$ LANGUAGE plpgsql""",
    "CREATE TRIGGER history_unfolded_insert AFTER INSERT ON games FOR EACH ROW "
    "WHEN (NEW.status = 'finished') EXECUTE FUNCTION croupier_history_unfolded()",
    "CREATE TRIGGER history_unfolded_update AFTER UPDATE OF status, version ON games "
    f"FOR EACH ROW WHEN ({MOVED}) EXECUTE FUNCTION croupier_history_unfolded()",
)

BACKFILL = (
    # Finished games not folded yet, and the tournaments (a fold of theirs may be stale).
    "INSERT INTO history_unfolded (game_id) SELECT id FROM games WHERE status = 'finished' "
    "AND id NOT IN (SELECT game_id FROM game_results) "
    "UNION SELECT game_id FROM game_results WHERE kind = 'turnier'",
    "INSERT INTO face_totals (guild_id, player, kind, sides, face, count) "
    "SELECT guild_id, player, kind, sides, face, SUM(count) FROM draw_tallies "
    "GROUP BY guild_id, player, kind, sides, face "
    "UNION ALL SELECT guild_id, '*', kind, sides, face, SUM(count) FROM draw_tallies "
    "GROUP BY guild_id, kind, sides, face",
    "INSERT INTO history_guilds (guild_id, folded) "
    "SELECT guild_id, COUNT(*) FROM game_results GROUP BY guild_id",
)


def create_triggers() -> None:
    for statement in POSTGRES_TRIGGERS if _postgres() else SQLITE_TRIGGERS:
        op.execute(statement)


def upgrade() -> None:
    op.create_table(
        "face_totals",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("sides", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("face", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "player", "kind", "sides", "face"),
    )
    op.create_table(
        "history_guilds",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("folded", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "history_unfolded",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
    )
    with op.batch_alter_table("game_results", schema=None) as batch_op:
        batch_op.create_index(
            "ix_game_results_order", ["guild_id", "kind", "finished_at", "game_id"], unique=False
        )
    for statement in BACKFILL:
        op.execute(statement)
    create_triggers()


def downgrade() -> None:
    for name in ("history_unfolded_insert", "history_unfolded_update"):
        op.execute(f"DROP TRIGGER IF EXISTS {name}" + " ON games" * _postgres())
    if _postgres():
        op.execute("DROP FUNCTION IF EXISTS croupier_history_unfolded()")
    with op.batch_alter_table("game_results", schema=None) as batch_op:
        batch_op.drop_index("ix_game_results_order")
    op.drop_table("history_unfolded")
    op.drop_table("history_guilds")
    op.drop_table("face_totals")


def _postgres() -> bool:
    return op.get_bind().dialect.name == "postgresql"
