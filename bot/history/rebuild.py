"""``croupier history rebuild``: the players' history thrown away and folded again from the
log, every finished game in the order it finished, in one transaction (a failure leaves
the history as it was). Seasons and watchers are not derived from the log: they stay.

An erased person stands in each of his games' logs as that game's pseudonym, and in the
history as one anonymous id (bot.privacy.erasure): the rebuild gives each game's pseudonym
back the anonymous id its kept result names at the same seat, so that his history stays
one row, as the erasure left it, and nobody's rating moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import Text, and_, cast, delete
from sqlmodel import Session, col, select

from bot.engine.chain import pseudonymise
from bot.history.fold import FinishedGame, LogRow, final_places, log_of, write
from bot.play.outcome import FINISHED
from bot.players.seats import ERASED
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
        kept = _kept_erased(session)
        for table in DERIVED:
            session.execute(delete(table))
        rows = list(session.exec(finished))
        connection = session.connection()
        for row in rows:
            assert row.id is not None
            game, log = FinishedGame.of(row), log_of(connection, row.id)
            if row.id in kept:
                game, log = _anonymous(game, log, kept[row.id])
            write(connection, game, log)
    return len(rows)


def _kept_erased(session: Session) -> dict[int, list[str]]:
    """The kept results that name an erased person: game -> its players, in seat order."""
    naming = cast(col(GameResult.players), Text).like(f'%"{ERASED}%')
    found = session.exec(select(GameResult.game_id, GameResult.players).where(naming))
    return {game_id: list(players) for game_id, players in found}


def _anonymous(
    game: FinishedGame, log: Sequence[LogRow], kept: Sequence[str]
) -> tuple[FinishedGame, list[LogRow]]:
    """``game`` and its ``log`` with each erased person's pseudonym in that game replaced
    by the anonymous id of the ``kept`` result, seat by seat (the engine places its
    players in seat order, and the erasure replaced each id where it stood)."""
    names = {
        now: then
        for now, then in zip(final_places(game, log), kept, strict=False)
        if now != then and then.startswith(ERASED)
    }
    if not names:
        return game, list(log)
    return game._replace(snapshot=pseudonymise(game.snapshot, names)), [
        _renamed(entry, names) for entry in log
    ]


def _renamed(entry: LogRow, names: Mapping[str, str]) -> LogRow:
    return entry._replace(
        actor=pseudonymise(entry.actor, names),
        action=pseudonymise(entry.action, names),
        events=pseudonymise(entry.events, names),
        draws=pseudonymise(entry.draws, names),
    )
