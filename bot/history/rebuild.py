"""``croupier history rebuild``: the players' history thrown away and folded again from the
log, every finished game in the order it finished, in one transaction (a failure leaves
the history as it was). Seasons and watchers are not derived from the log: they stay."""

from __future__ import annotations

from sqlalchemy import and_, delete
from sqlmodel import col, select

from bot.history.fold import FinishedGame, log_of, write
from bot.play.outcome import FINISHED
from bot.store import (
    DrawTally,
    EventRow,
    FaceTotal,
    GameResult,
    GameRow,
    HistoryGuild,
    PlayerMeasure,
    Rating,
    Store,
    UnfoldedGame,
)

DERIVED = (GameResult, PlayerMeasure, DrawTally, FaceTotal, Rating, HistoryGuild, UnfoldedGame)
"""The tables the rebuild throws away: every one the fold writes."""


def rebuild(store: Store) -> int:
    """Rebuild the history; how many games it folded."""
    finished = (
        select(GameRow)
        .join(
            EventRow,
            and_(
                col(EventRow.game_id) == col(GameRow.id), col(EventRow.seq) == col(GameRow.version)
            ),
        )
        .where(col(GameRow.status) == FINISHED)
        .order_by(col(EventRow.created_at), col(GameRow.id))
    )
    with store._session() as session, session.begin():
        for table in DERIVED:
            session.execute(delete(table))
        rows = list(session.exec(finished))
        connection = session.connection()
        for row in rows:
            assert row.id is not None
            write(connection, FinishedGame.of(row), log_of(connection, row.id))
    return len(rows)
