"""A player's statistics on a server: his measures per game, read from the kept sums
(:class:`PlayerMeasure`) in one query on their primary key, never from the log (the
sums equal the log's: ``croupier history rebuild`` and its test)."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from bot.players.seats import PREFIX
from bot.store import PlayerMeasure, Store

Measures = dict[str, dict[str, float]]
"""Game kind -> measure -> the sum over the player's folded games."""


def player_measures(store: Store, guild_id: int, player: str, kind: str | None = None) -> Measures:
    """``player``'s sums on server ``guild_id``, per game (only ``kind``, if given); empty
    when he has no finished game there."""
    stmt = select(PlayerMeasure.kind, PlayerMeasure.measure, PlayerMeasure.value).where(
        col(PlayerMeasure.guild_id) == guild_id, col(PlayerMeasure.player) == player
    )
    if kind is not None:
        stmt = stmt.where(col(PlayerMeasure.kind) == kind)
    found: Measures = {}
    with store._session() as session:
        for game, measure, value in session.exec(stmt):
            found.setdefault(game, {})[measure] = value
    return {game: values for game, values in found.items() if values.get("games")}


def computers_measured(store: Store, guild_id: int) -> list[str]:
    """The computer seats with a finished game on server ``guild_id``, by id (a computer's
    statistics are kept under its id, like a person's)."""
    return _measured(store, guild_id, col(PlayerMeasure.player).startswith(PREFIX))


def players_measured(store: Store, guild_id: int) -> list[str]:
    """Everyone with a finished game on server ``guild_id`` (people and computers), by id:
    the players a server's pages know (one range of the sums' primary key)."""
    return _measured(store, guild_id)


def _measured(store: Store, guild_id: int, *narrowed: Any) -> list[str]:
    """The players with a finished game on server ``guild_id`` (``narrowed``: more
    conditions on them), sorted by id."""
    stmt = (
        select(PlayerMeasure.player)
        .where(
            col(PlayerMeasure.guild_id) == guild_id,
            *narrowed,
            col(PlayerMeasure.measure) == "games",
            col(PlayerMeasure.value) > 0,
        )
        .distinct()
        .order_by(col(PlayerMeasure.player))
    )
    with store._session() as session:
        return list(session.exec(stmt))
