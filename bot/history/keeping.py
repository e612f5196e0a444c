"""Keeping the players' history up to date: a game is folded right after the action that
finished it (:func:`listener`, one of the service's finished listeners), and whatever a
crash or a failure left unfolded is folded when the bot starts and before the history is
read (:func:`catch_up`). A tournament corrected after its end (its only verbs taken then)
is folded anew; a correction that opened it again takes its fold back.

What is left to fold the database itself notes: a trigger adds a game to
:class:`UnfoldedGame` in the transaction that finishes it, moves it on after its end or
opens it again, and the fold deletes it. So the catch-up reads that small table (one
index read when all is folded), never the server's games.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import and_, delete, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from bot.history.fold import add_face_totals, fold_in, log_of, remeasure, write
from bot.history.guild_lock import hold
from bot.play.outcome import FINISHED
from bot.plugins import GAMES
from bot.store import DrawTally, EventRow, GameResult, GameRow, Store, UnfoldedGame
from bot.store.history_rows import NO_GUILD

log = logging.getLogger(__name__)

REOPENED_KINDS = sorted(kind for kind, game in GAMES.items() if game.info.after_end)
"""Kinds that take actions after their end (a tournament's correction): their fold can
go stale."""


def fold_game(store: Store, game_id: int) -> bool:
    """Fold one finished game (or fold a corrected tournament anew, or take back the fold
    of one opened again) in one transaction, its server's history lock held from the
    start; whether anything was written. A fold another process wrote first is no error."""
    guild = select(GameRow.guild_id).where(col(GameRow.id) == game_id)
    try:
        with store._session() as session, session.begin():
            found = session.exec(guild).first()
            hold(session, found or NO_GUILD)  # found: the game's server, if any
            # Noted as done first: a correction committed from now on notes it again.
            session.execute(delete(UnfoldedGame).where(col(UnfoldedGame.game_id) == game_id))
            if fold_in(session, game_id):
                return True
            return bool(_refold(session, _stale(session, game_id)))
    except IntegrityError:
        return False


def unfolded(store: Store) -> list[int]:
    """The games the history has to look at again, in the order they finished (most
    often none: one read of a small table's primary key)."""
    noted = (
        select(UnfoldedGame.game_id)
        .outerjoin(GameRow, col(GameRow.id) == col(UnfoldedGame.game_id))
        .order_by(col(GameRow.updated_at), col(UnfoldedGame.game_id))
    )
    with store._session() as session:
        return list(session.exec(noted))


def catch_up(store: Store) -> int:
    """Fold every finished game not folded yet, in the order they finished, and set
    right the folds corrections made stale; how many games were folded or set right."""
    return sum(_fold_or_log(store, game_id) for game_id in unfolded(store))


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


def _stale(session: Session, game_id: int) -> list[GameResult]:
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
    return list(session.exec(stmt.where(col(GameResult.game_id) == game_id)))


def _refold(session: Session, stale: list[GameResult]) -> int:
    """Take back the folds of ``stale`` and fold the games again if they are finished;
    their kind's measures on their server are summed anew."""
    for result in stale:
        hold(session, result.guild_id, folded=-1)
        taken = select(DrawTally).where(col(DrawTally.game_id) == result.game_id)
        add_face_totals(session, session.exec(taken), sign=-1)
        session.execute(delete(DrawTally).where(col(DrawTally.game_id) == result.game_id))
        session.delete(result)
        session.flush()
        row = session.get(GameRow, result.game_id)
        if row is not None and row.status == FINISHED:
            write(session, row, log_of(session, result.game_id), measured=False)
    for guild_id, kind in sorted({(r.guild_id, r.kind) for r in stale}):
        remeasure(session, guild_id, kind)
    return len(stale)
