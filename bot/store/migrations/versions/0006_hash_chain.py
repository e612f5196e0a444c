"""hash chain: games.head_hash, game_events.prev_hash and hash

Existing rows get their hashes here, computed exactly as the store computes them for new
events (bot.engine.chain): game by game, in seq order, the first event chained to the game's
seed commitment. So games played before this revision verify like any other.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 10:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from bot.engine.chain import event_hash

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("seed_hash", sa.String),
    sa.column("head_hash", sa.String),
)
game_events = sa.table(
    "game_events",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("seq", sa.Integer),
    sa.column("actor", sa.String),
    sa.column("action", sa.JSON),
    sa.column("events", sa.JSON),
    sa.column("draws", sa.JSON),
    sa.column("prev_hash", sa.String),
    sa.column("hash", sa.String),
)


def upgrade() -> None:
    # Plain ADD COLUMN with a default, no batch: rebuilding ``games`` on SQLite would drop a
    # table that ``game_events`` rows point at (foreign keys are enforced).
    op.add_column("games", sa.Column("head_hash", sa.String(), nullable=False, server_default=""))
    for name in ("prev_hash", "hash"):
        op.add_column(
            "game_events", sa.Column(name, sa.String(), nullable=False, server_default="")
        )
    backfill(op.get_bind())


def backfill(connection: sa.Connection) -> None:
    """Chain every stored event, game by game."""
    for game_id, seed_hash in connection.execute(
        sa.select(games.c.id, games.c.seed_hash).order_by(games.c.id)
    ).all():
        head = seed_hash
        rows = connection.execute(
            sa.select(game_events)
            .where(game_events.c.game_id == game_id)
            .order_by(game_events.c.seq)
        ).all()
        for row in rows:
            digest = event_hash(
                game_id=game_id,
                seq=row.seq,
                actor=row.actor,
                action=row.action,
                events=row.events,
                draws=row.draws,
                prev_hash=head,
            )
            connection.execute(
                game_events.update()
                .where(game_events.c.id == row.id)
                .values(prev_hash=head, hash=digest)
            )
            head = digest
        connection.execute(games.update().where(games.c.id == game_id).values(head_hash=head))


def downgrade() -> None:
    op.drop_column("game_events", "hash")
    op.drop_column("game_events", "prev_hash")
    op.drop_column("games", "head_hash")
