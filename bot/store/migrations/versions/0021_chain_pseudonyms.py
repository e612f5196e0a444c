"""chain pseudonyms: games.actor_key and games.people; every game chained anew (format 2)

Each game gets its secret key of pseudonyms (``actor_key``, 32 random bytes, hex) and the
list of the persons its log names (``people``: the players, who acted, whom an action named,
the invited of a lobby; bot.play.people). Then every stored event is chained again as the
store chains new ones (bot.engine.chain, format 2: the hash covers the persons' pseudonyms,
not their ids), game by game, in seq order, the first event chained to the game's seed
commitment, and the game's head moves to the new last hash, as 0006 once backfilled them.
Exports written before stay checkable: they hold the events as hashed then (format 1).
The downgrade chains every game in format 1 again and drops the columns.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-04 11:00:00

"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from bot.engine.chain import Pseudonyms, event_hash, new_actor_key
from bot.play.people import named_people

# revision identifiers, used by Alembic.
revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("players", sa.JSON),
    sa.column("snapshot", sa.JSON),
    sa.column("seed_hash", sa.String),
    sa.column("head_hash", sa.String),
    sa.column("actor_key", sa.String),
    sa.column("people", sa.JSON),
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
_SET_HASHES = (
    game_events.update()
    .where(game_events.c.id == sa.bindparam("b_id"))
    .values(prev_hash=sa.bindparam("b_prev"), hash=sa.bindparam("b_hash"))
)


def upgrade() -> None:
    # Plain ADD COLUMN with a default, no batch: rebuilding ``games`` on SQLite would drop a
    # table that ``game_events`` rows point at (foreign keys are enforced).
    op.add_column("games", sa.Column("actor_key", sa.String(), nullable=False, server_default=""))
    op.add_column("games", sa.Column("people", sa.JSON(), nullable=False, server_default="[]"))
    rechain(op.get_bind(), pseudonyms=True)


def rechain(connection: sa.Connection, *, pseudonyms: bool) -> None:
    """Chain every stored event again, game by game: in format 2 (each game given its key
    and people first) or, with ``pseudonyms`` false, in format 1."""
    for game in connection.execute(sa.select(games).order_by(games.c.id)).all():
        rows = connection.execute(
            sa.select(game_events)
            .where(game_events.c.game_id == game.id)
            .order_by(game_events.c.seq)
        ).all()
        names: Pseudonyms | None = None
        values: dict[str, Any] = {}
        if pseudonyms:
            names = Pseudonyms(new_actor_key(), people(game.players, game.snapshot, rows))
            values = {"actor_key": names.key, "people": names.people}
        head, hashes = game.seed_hash, []
        for row in rows:
            digest = event_hash(
                game_id=game.id, seq=row.seq, actor=row.actor, action=row.action,
                events=row.events, draws=row.draws, prev_hash=head, names=names,
            )  # fmt: skip
            hashes.append({"b_id": row.id, "b_prev": head, "b_hash": digest})
            head = digest
        if hashes:
            connection.execute(_SET_HASHES, hashes)
        connection.execute(
            games.update().where(games.c.id == game.id).values(head_hash=head, **values)
        )


def people(players: Any, snapshot: Any, rows: Sequence[Any]) -> list[str]:
    """The persons a stored game names: its players, those a lobby's snapshot invited, and
    everyone its logged actions name."""
    found = named_people(None, {"players": players if isinstance(players, list) else []})
    lobby = snapshot.get("lobby") if isinstance(snapshot, dict) else None
    if isinstance(lobby, dict):
        found += named_people(None, {"players": lobby.get("invited")})
    for row in rows:
        action = row.action if isinstance(row.action, dict) else {}
        found += named_people(row.actor, action)
    return list(dict.fromkeys(found))


def downgrade() -> None:
    rechain(op.get_bind(), pseudonyms=False)
    op.drop_column("games", "people")
    op.drop_column("games", "actor_key")
