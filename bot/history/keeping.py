"""Keeping the players' history up to date: a game is folded right after the action that
finished it (:func:`listener`, one of the service's finished listeners), and whatever a
crash left unfolded is folded when the bot starts and before statistics are read
(:func:`catch_up`). A tournament corrected after its end (its only verbs taken then)
is folded anew; a correction that opened it again takes its fold back.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import and_, delete, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from bot.history.fold import fold_in, log_of, remeasure, write
from bot.play.outcome import FINISHED
from bot.plugins import GAMES
from bot.store import DrawTally, EventRow, GameResult, GameRow, Store

log = logging.getLogger(__name__)

REOPENED_KINDS = sorted(kind for kind, game in GAMES.items() if game.info.after_end)
"""Kinds that take actions after their end (a tournament's correction): their fold can
go stale."""


def fold_game(store: Store, game_id: int) -> bool:
    """Fold one finished game (or fold a corrected tournament anew) in one transaction;
    whether anything was written. A fold another process wrote first is no error."""
    try:
        with store._session() as session, session.begin():
            if fold_in(session, game_id):
                return True
            return bool(_refold(session, _stale(session, game_id)))
    except IntegrityError:
        return False


def catch_up(store: Store) -> int:
    """Fold every finished game not folded yet, in the order they finished, and set
    right the folds corrections made stale; how many games were folded or set right."""
    unfolded = (
        select(GameRow.id)
        .outerjoin(GameResult, col(GameResult.game_id) == col(GameRow.id))
        .where(col(GameRow.status) == FINISHED, col(GameResult.game_id).is_(None))
        .order_by(col(GameRow.updated_at), col(GameRow.id))
    )
    with store._session() as session:
        stale = [result.game_id for result in _stale(session)]
        waiting = [int(game_id or 0) for game_id in session.exec(unfolded)]
    return sum(_fold_or_log(store, game_id) for game_id in [*stale, *waiting])


def _fold_or_log(store: Store, game_id: int) -> bool:
    """:func:`fold_game`, a failure logged: one game whose log cannot be folded (a bug)
    keeps neither the bot from starting nor the others from being folded."""
    try:
        return fold_game(store, game_id)
    except Exception:
        log.exception("game %s not folded into the history", game_id)
        return False


def listener(store: Store) -> Callable[[Any], Awaitable[list[Any]]]:
    """The service's finished listener that folds the game a finishing action ended. A
    failure is logged, not raised: the action stands, and :func:`catch_up` folds it."""

    async def folded(table: Any) -> list[Any]:
        _fold_or_log(store, table.id)
        return []

    return folded


def _stale(session: Session, game_id: int | None = None) -> list[GameResult]:
    """Folded games of :data:`REOPENED_KINDS` the log has moved past: opened again, or
    with actions after the one their fold ended with."""
    stmt = (
        select(GameResult)
        .join(GameRow, col(GameRow.id) == col(GameResult.game_id))
        .join(
            EventRow,
            and_(
                col(EventRow.game_id) == col(GameRow.id), col(EventRow.seq) == col(GameRow.version)
            ),
        )
        .where(
            col(GameResult.kind).in_(REOPENED_KINDS),
            or_(
                col(GameRow.status) != FINISHED,
                col(EventRow.created_at) != col(GameResult.finished_at),
            ),
        )
    )
    if game_id is not None:
        stmt = stmt.where(col(GameResult.game_id) == game_id)
    return list(session.exec(stmt))


def _refold(session: Session, stale: list[GameResult]) -> int:
    """Take back the folds of ``stale`` and fold the games again if they are finished;
    their kind's measures on their server are summed anew."""
    for result in stale:
        session.execute(delete(DrawTally).where(col(DrawTally.game_id) == result.game_id))
        session.delete(result)
        session.flush()
        row = session.get(GameRow, result.game_id)
        if row is not None and row.status == FINISHED:
            write(session, row, log_of(session, result.game_id), measured=False)
    for guild_id, kind in sorted({(r.guild_id, r.kind) for r in stale}):
        remeasure(session, guild_id, kind)
    return len(stale)
