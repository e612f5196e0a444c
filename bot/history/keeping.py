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

from sqlalchemy import Connection, and_, bindparam, delete, or_, select
from sqlalchemy.exc import IntegrityError

from bot.history.fold import add_face_totals, fold_in, log_of, remeasure, unfolded_row, write
from bot.history.guild_lock import hold
from bot.play.outcome import FINISHED
from bot.plugins import GAMES
from bot.store import DrawTally, EventRow, GameResult, GameRow, Store, UnfoldedGame
from bot.store.history_rows import NO_GUILD
from bot.store.prepared import Prepared

log = logging.getLogger(__name__)

REOPENED_KINDS = sorted(kind for kind, game in GAMES.items() if game.info.after_end)
"""Kinds that take actions after their end (a tournament's correction): their fold can
go stale."""


_GAMES = GameRow.__table__  # type: ignore[attr-defined]
_RESULTS = GameResult.__table__  # type: ignore[attr-defined]
_TALLIES = DrawTally.__table__  # type: ignore[attr-defined]
_EVENTS = EventRow.__table__  # type: ignore[attr-defined]
_GUILD = select(_GAMES.c.guild_id).where(_GAMES.c.id == bindparam("game_id"))
_NOTES = UnfoldedGame.__table__  # type: ignore[attr-defined]
_TAKE_NOTE = Prepared(delete(_NOTES).where(_NOTES.c.game_id == bindparam("game_id")))
_STALE = (
    select(_RESULTS.c.game_id, _RESULTS.c.guild_id, _RESULTS.c.kind)
    .join(_GAMES, _GAMES.c.id == _RESULTS.c.game_id)
    .join(_EVENTS, and_(_EVENTS.c.game_id == _GAMES.c.id, _EVENTS.c.seq == _GAMES.c.version))
    .where(
        _RESULTS.c.game_id == bindparam("game_id"),
        _RESULTS.c.kind.in_(REOPENED_KINDS),
        or_(_GAMES.c.status != FINISHED, _EVENTS.c.created_at != _RESULTS.c.finished_at),
    )
)
"""A folded game of :data:`REOPENED_KINDS` the log has moved past: opened again, or
with actions after the one its fold ended with."""
_NOTED = (
    select(_NOTES.c.game_id)
    .outerjoin(_GAMES, _GAMES.c.id == _NOTES.c.game_id)
    .order_by(_GAMES.c.updated_at, _NOTES.c.game_id)
)
"""The games noted unfolded, in the order they finished."""


def fold_game(store: Store, game_id: int) -> bool:
    """Fold one finished game (or fold a corrected tournament anew, or take back the fold
    of one opened again) in one transaction, its server's history lock held from the
    start; whether anything was written. A fold another process wrote first is no error."""

    def folded(connection: Connection) -> bool:
        found = connection.execute(_GUILD, {"game_id": game_id}).scalar()
        hold(connection, found or NO_GUILD)  # found: the game's server, if any
        # Noted as done first: a correction committed from now on notes it again.
        _TAKE_NOTE.run(connection, {"game_id": game_id})
        if fold_in(connection, game_id):
            return True
        return bool(_refold(connection, game_id))

    try:
        return store.transaction(folded)
    except IntegrityError:
        return False


def unfolded(store: Store) -> list[int]:
    """The games the history has to look at again, in the order they finished (most
    often none: one read of a small table's primary key)."""
    with store.engine.connect() as connection:
        return list(connection.execute(_NOTED).scalars())


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


def _refold(connection: Connection, game_id: int) -> int:
    """Take back the fold of game ``game_id`` if the log has moved past it (:data:`_STALE`)
    and fold it again if it is finished; its kind's measures on its server are summed
    anew. How many folds it took back (0 or 1)."""
    stale = connection.execute(_STALE, {"game_id": game_id}).one_or_none()
    if stale is None:
        return 0
    hold(connection, stale.guild_id, folded=-1)
    taken = connection.execute(select(_TALLIES).where(_TALLIES.c.game_id == game_id))
    add_face_totals(connection, [dict(row) for row in taken.mappings()], sign=-1)
    connection.execute(delete(_TALLIES).where(_TALLIES.c.game_id == game_id))
    connection.execute(delete(_RESULTS).where(_RESULTS.c.game_id == game_id))
    row = unfolded_row(connection, game_id)
    if row is not None:
        write(connection, row, log_of(connection, game_id), measured=False)
    remeasure(connection, stale.guild_id, stale.kind)
    return 1
