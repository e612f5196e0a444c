"""The fairness report's counts: the folded draws (``draw_tallies``) of one server, summed
by (sides, face), for one player or one game if asked. One aggregate query on the table's
guild index; the tallies are a projection of the logged draws (bot.history), rebuilt from
the log by ``croupier history rebuild``."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import col, select

from bot.audit.dice_fairness import Counts
from bot.store import Store
from bot.store.history_rows import DrawTally


def face_counts(
    store: Store, guild_id: int, *, player: str | None = None, kind: str | None = None
) -> Counts:
    """How often each face of each kind of draw came up on server ``guild_id``: in the
    actions of ``player`` only (his rolls, his pulls, the deals his clicks caused) and in
    games of ``kind`` only, when given."""
    stmt = select(DrawTally.sides, DrawTally.face, func.sum(DrawTally.count)).where(
        col(DrawTally.guild_id) == guild_id
    )
    if player is not None:
        stmt = stmt.where(col(DrawTally.player) == player)
    if kind is not None:
        stmt = stmt.where(col(DrawTally.kind) == kind)
    stmt = stmt.group_by(col(DrawTally.sides), col(DrawTally.face))
    with store._session() as session:
        return {(sides, face): int(total) for sides, face, total in session.exec(stmt)}
