"""A player's finished games on a server, newest first: the folded results (one per
finished game) of the server, read in one indexed range of the results' guild column and
kept when they seat him (a result's players are a JSON list, which SQLite and PostgreSQL
search differently; a server's results are read in a few milliseconds per thousand)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from bot.store import GameResult, Store


def results_with(
    store: Store, guild_id: int, player: str, kinds: Sequence[str]
) -> list[GameResult]:
    """The results of ``kinds`` on server ``guild_id`` that seat ``player``, newest first
    (by finish, then by game)."""
    query = (
        select(GameResult)
        .where(col(GameResult.guild_id) == guild_id, col(GameResult.kind).in_(kinds))
        .order_by(col(GameResult.finished_at).desc(), col(GameResult.game_id).desc())
    )
    with Session(store.engine, expire_on_commit=False) as session:
        return [result for result in session.exec(query) if player in result.players]
