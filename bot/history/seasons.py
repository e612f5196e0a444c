"""A server's seasons (``/saison neu``): named by a host, each runs from its start until the
next one starts. Seasons are the only rows of the ratings that the log does not hold; a
game counts for the season running when it finished (:func:`season_at`: the one rule, read
by the fold, the recomputation, the rebuild and the season start alike)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session, col, select

from bot.bounds import SEASON_NAME_MAX
from bot.engine import IllegalAction
from bot.store.history_rows import Season


def season_name(typed: str) -> str:
    """The name a host typed, trimmed; refused when empty or longer than
    :data:`~bot.bounds.SEASON_NAME_MAX` characters."""
    name = " ".join(typed.split())
    if not name:
        raise IllegalAction("season.name_empty")
    if len(name) > SEASON_NAME_MAX:
        raise IllegalAction("season.name_too_long", limit=SEASON_NAME_MAX, length=len(name))
    return name


def seasons_of(session: Session, guild_id: int) -> list[Season]:
    """The server's seasons, oldest first (one indexed read: a server has few)."""
    query = (
        select(Season)
        .where(Season.guild_id == guild_id)
        .order_by(col(Season.started_at), col(Season.id))
    )
    return list(session.exec(query))


def season_at(seasons: Sequence[Season], when: datetime) -> Season | None:
    """The season running at ``when``: the latest one started by then and not ended by
    then (a game finished at the very moment a season starts counts for the new one)."""
    running = [
        s for s in seasons if s.started_at <= when and (s.ended_at is None or s.ended_at > when)
    ]
    return max(running, key=lambda s: (s.started_at, s.id or 0), default=None)


def running_season(seasons: Sequence[Season]) -> Season | None:
    """The season not ended yet, if any (the newest, should there be several)."""
    open_ones = [s for s in seasons if s.ended_at is None]
    return max(open_ones, key=lambda s: (s.started_at, s.id or 0), default=None)


def add_season(
    session: Session, guild_id: int, typed: str, by: str, now: datetime
) -> tuple[Season, Season | None]:
    """End the running season at ``now`` and start one named ``typed``; the new season and
    the one it ended. Refused (and nothing changed) for a bad name or one the server used
    before (letter case aside). The season rows only: a host's season start is
    :func:`bot.history.skill_ratings.start_season` (the ratings' tables set right)."""
    name = season_name(typed)
    seasons = seasons_of(session, guild_id)
    if any(s.name.casefold() == name.casefold() for s in seasons):
        raise IllegalAction("season.name_taken", name=name)
    ended = None
    for season in seasons:
        if season.ended_at is None:
            season.ended_at = now
            session.add(season)
            ended = season
    season = Season(guild_id=guild_id, name=name, started_at=now, started_by=by)
    session.add(season)
    session.flush()
    return season, ended
