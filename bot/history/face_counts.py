"""The fairness report's counts: the folded draws of one server by (sides, face), for one
player or one game if asked. The fold keeps them summed per server, game and player (and
for everyone) in ``face_totals``, so that this is one read of a few hundred rows on its
primary key however many games the server played; they are a projection of the logged
draws (bot.history), rebuilt from the log by ``croupier history rebuild``."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import col, select

from bot.audit.dice_fairness import Counts
from bot.store import Store
from bot.store.history_rows import ALL_PLAYERS, FaceTotal


def face_counts(
    store: Store, guild_id: int, *, player: str | None = None, kind: str | None = None
) -> Counts:
    """How often each face of each kind of draw came up on server ``guild_id``: in the
    actions of ``player`` only (his rolls, his pulls, the deals his clicks caused) and in
    games of ``kind`` only, when given."""
    stmt = select(FaceTotal.sides, FaceTotal.face, func.sum(FaceTotal.count)).where(
        col(FaceTotal.guild_id) == guild_id,
        col(FaceTotal.player) == (ALL_PLAYERS if player is None else player),
    )
    if kind is not None:
        stmt = stmt.where(col(FaceTotal.kind) == kind)
    stmt = stmt.group_by(col(FaceTotal.sides), col(FaceTotal.face))
    with store._session() as session:
        counted = session.exec(stmt)
        return {(sides, face): int(total) for sides, face, total in counted if total}
