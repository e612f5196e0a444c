"""Everything the store keeps about one user, as the file ``/meine-daten`` gives him: his
name and settings, the games he sat at (his seat, not the others' ids), his logged
actions, his results, statistics, dice counts and ratings, the seasons he started, the
tables he watched, and where the clock marked him absent or let a computer play for him.
The tables and columns read are the personal ones of :mod:`bot.privacy.inventory`."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Text, cast
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from bot.i18n import listed, t
from bot.store.history_rows import (
    ALL_TIME,
    DrawTally,
    FaceTotal,
    GameResult,
    PlayerMeasure,
    Rating,
    Season,
    Watcher,
)
from bot.store.models import EventRow, GameRow, PlayerName

FORMAT = "croupier-own-data/1"


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _games(session: Session, user_id: str) -> list[GameRow]:
    """The games he sat at: a text search narrows, the seat list decides."""
    found = session.exec(
        select(GameRow)
        .where(cast(col(GameRow.players), Text).like(f'%"{user_id}"%'))
        .order_by(col(GameRow.id))
    ).all()
    return [game for game in found if user_id in game.players]


def _listed(values: Iterable[Any] | None, user_id: str) -> bool:
    return values is not None and user_id in values


def collect(engine: Engine, user_id: str) -> dict[str, Any]:
    """The whole export of ``user_id`` (a JSON-ready dict)."""
    with Session(engine) as session:
        games = _games(session, user_id)
        ids = [game.id for game in games if game.id is not None]
        name = session.get(PlayerName, user_id)
        actions = session.exec(
            select(EventRow)
            .where(col(EventRow.actor) == user_id)
            .order_by(col(EventRow.game_id), col(EventRow.seq))
        ).all()
        results = session.exec(
            select(GameResult)
            .where(col(GameResult.game_id).in_(ids))
            .order_by(col(GameResult.finished_at))
        ).all()
        measures = session.exec(
            select(PlayerMeasure).where(col(PlayerMeasure.player) == user_id)
        ).all()
        tallies = session.exec(select(DrawTally).where(col(DrawTally.player) == user_id)).all()
        totals = session.exec(select(FaceTotal).where(col(FaceTotal.player) == user_id)).all()
        ratings = session.exec(select(Rating).where(col(Rating.player) == user_id)).all()
        seasons = {row.id: row for row in session.exec(select(Season)).all()}
        watched = session.exec(select(Watcher).where(col(Watcher.user_id) == user_id)).all()
    return {
        "format": FORMAT,
        "user": {
            "id": user_id,
            "name": None if name is None else name.name,
            "language": None if name is None else name.locale,
            "turn_notice": None if name is None else name.notify,
        },
        "games": [
            {
                "game": game.id, "kind": game.kind, "server": game.guild_id,
                "status": game.status, "seat": game.players.index(user_id) + 1,
                "seats": len(game.players), "started": _when(game.created_at),
                "last_change": _when(game.updated_at),
            }
            for game in games
        ],
        "actions": [
            {"game": row.game_id, "step": row.seq, "action": row.action,
             "at": _when(row.created_at)}
            for row in actions
        ],
        "results": [
            {"game": row.game_id, "kind": row.kind, "server": row.guild_id,
             "finished": _when(row.finished_at), "place": row.places.get(user_id),
             "rated": row.rated}
            for row in results
        ],
        "statistics": [
            {"server": row.guild_id, "kind": row.kind, "measure": row.measure,
             "value": row.value}
            for row in measures
        ],
        "dice_per_game": [
            {"game": row.game_id, "sides": row.sides, "face": row.face, "count": row.count}
            for row in tallies
        ],
        "dice_totals": [
            {"server": row.guild_id, "kind": row.kind, "sides": row.sides,
             "face": row.face, "count": row.count}
            for row in totals
        ],
        "ratings": [
            {"server": row.guild_id, "kind": row.kind,
             "season": None if row.season_id == ALL_TIME else _season(seasons, row.season_id),
             "mu": row.mu, "sigma": row.sigma, "games": row.games}
            for row in ratings
        ],
        "seasons_started": [
            {"server": row.guild_id, "season": row.name, "started": _when(row.started_at)}
            for row in seasons.values() if row.started_by == user_id
        ],
        "watched": [{"game": row.game_id, "since": _when(row.since)} for row in watched],
        "clock": [
            {"game": game.id, "absent": _listed(game.clock_absent, user_id),
             "computer_plays_for_him": _listed(game.clock_stand_in, user_id),
             "awaited": _listed(game.clock_waiting, user_id)}
            for game in games
            if any(_listed(v, user_id)
                   for v in (game.clock_absent, game.clock_stand_in, game.clock_waiting))
        ],
    }  # fmt: skip


def _season(seasons: dict[int | None, Season], season_id: int) -> str | None:
    found = seasons.get(season_id)
    return None if found is None else found.name


COUNTED = {
    "games": "privacy.own.count.games",
    "actions": "privacy.own.count.actions",
    "results": "privacy.own.count.results",
    "ratings": "privacy.own.count.ratings",
    "watched": "privacy.own.count.watched",
}
"""The sections the summary counts, and how it names each."""


def summary(data: dict[str, Any], locale: str) -> str:
    """The file's contents in a few lines of the reader's language."""
    counted = [
        t(key, locale, count=len(data[section]))
        for section, key in COUNTED.items()
        if data[section]  # none of a kind is left out, not said as "0 …"
    ]
    name = data["user"]["name"]
    known = (
        t("privacy.own.known_as", locale, name=name) if name else t("privacy.own.unnamed", locale)
    )
    if not counted:
        return "\n".join((known, t("privacy.own.nothing_played", locale)))
    return "\n".join((known, t("privacy.own.kept", locale, counts=listed(counted, locale))))
