"""A player's finished games on a server, newest first: the folded results (one per
finished game) of the server that seat him. A result's players are a JSON list, which
SQLite and PostgreSQL search with different functions; both find his id, quoted, in the
list's text (an id is a JSON string, written with its quotes whichever way the list is
spaced), so one statement serves both, in the database's own code: a server's thousand
results are searched in a few milliseconds, and only his are made into rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import String, cast, func
from sqlmodel import Session, col, select

from bot.store import GameResult, Store


def _seating(guild_id: int, player: str, kinds: Sequence[str]) -> list[Any]:
    return [
        col(GameResult.guild_id) == guild_id,
        col(GameResult.kind).in_(kinds),
        cast(GameResult.players, String).contains(f'"{player}"', autoescape=True),
    ]


def results_with(
    store: Store, guild_id: int, player: str, kinds: Sequence[str], limit: int
) -> tuple[list[GameResult], int]:
    """The newest ``limit`` results of ``kinds`` on server ``guild_id`` that seat ``player``
    (by finish, then by game), and how many there are in all."""
    where = _seating(guild_id, player, kinds)
    newest = (
        select(GameResult)
        .where(*where)
        .order_by(col(GameResult.finished_at).desc(), col(GameResult.game_id).desc())
        .limit(limit)
    )
    counted = select(func.count()).select_from(GameResult).where(*where)
    with Session(store.engine, expire_on_commit=False) as session:
        found = [result for result in session.exec(newest) if player in result.players]
        return found, session.exec(counted).one()
