"""Erasing one person's data from every table, in one transaction, without breaking a
proof (issue 48; its commands and its crash safety build on this).

- **His games** (every game whose ``people`` names him): his id becomes his pseudonym in
  that game (:func:`bot.engine.chain.pseudonym`) in the game's row and in every logged
  event. The chain (format 2) hashes every person as his pseudonym already, so each
  event's hash, the head and every export still verify; the engine replays the
  pseudonym as it replayed the id.
- **His history** (results, measures, dice counts, face totals, ratings, the seasons he
  started): his id becomes one new anonymous id (:data:`bot.players.seats.ERASED` and
  random hex), the same
  in every table, so the ratings recomputed from the results are still the kept ones and
  the others' places and ratings do not change.
- **What names or follows him** (his name, language and notice choice; the tables he
  watches; his pending erasure): deleted.

Refused while he sits at a game not over (:class:`StillPlaying`): a live table must go on
with its players as they are; he may erase once it has ended."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Text, cast, delete, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm.attributes import flag_modified
from sqlmodel import Session, col, or_, select

from bot.engine.chain import pseudonym, pseudonymise
from bot.players.seats import ERASED
from bot.privacy.wiped import rows_changed, settle_file
from bot.store.history_rows import (
    DrawTally,
    FaceTotal,
    GameResult,
    PlayerMeasure,
    Rating,
    Season,
    Watcher,
)
from bot.store.models import Erasure, EventRow, GameRow, GameStatus, PlayerName

LIVE = (GameStatus.LOBBY.value, GameStatus.OPEN.value, GameStatus.PAUSED.value)
GAME_JSON = ("players", "people", "snapshot", "options", "clock_waiting", "clock_absent",
             "clock_stand_in", "turn_notice")  # fmt: skip
"""The columns of a game's row that may name a person."""
HISTORY = (PlayerMeasure, DrawTally, FaceTotal, Rating)
"""The history's tables keyed by a player."""


class StillPlaying(Exception):
    """He sits at games not over yet (their numbers)."""

    def __init__(self, games: list[int]) -> None:
        super().__init__(f"still playing games {games}")
        self.games = games


@dataclass
class Erased:
    """What one erasure changed: games and logged events pseudonymised, history rows made
    anonymous, rows deleted."""

    anonymous: str = ""
    games: list[int] = field(default_factory=list)
    events: int = 0
    history: int = 0
    deleted: int = 0


def _naming(session: Session, user_id: str, column: Any) -> list[Any]:
    """Rows whose JSON ``column`` holds ``user_id`` as a string (a text search narrows)."""
    return list(
        session.exec(select(column.class_).where(cast(column, Text).like(f'%"{user_id}"%')))
    )


def erase(engine: Engine, user_id: str) -> Erased:
    """Erase ``user_id`` from every table in one transaction (:class:`StillPlaying`
    while he sits at a game not over: nothing changed)."""
    done = Erased(anonymous=ERASED + secrets.token_hex(8))
    with Session(engine) as session, session.begin():
        games = [
            game
            for game in _naming(session, user_id, col(GameRow.people))
            + _naming(session, user_id, col(GameRow.players))
            if user_id in game.people or user_id in game.players
        ]
        unique = {game.id: game for game in games}
        live = sorted(n for n, game in unique.items() if n is not None and game.status in LIVE)
        if live:
            raise StillPlaying(live)
        for number, game in sorted(unique.items(), key=lambda item: item[0] or 0):
            names = {user_id: pseudonym(game.actor_key, user_id)}
            for column in GAME_JSON:
                value = getattr(game, column)
                changed = pseudonymise(value, names)
                if changed is not value:
                    setattr(game, column, changed)
                    flag_modified(game, column)
            for event in session.exec(select(EventRow).where(col(EventRow.game_id) == number)):
                touched = False
                if event.actor == user_id:
                    event.actor, touched = names[user_id], True
                for column in ("action", "events"):
                    value = getattr(event, column)
                    changed = pseudonymise(value, names)
                    if changed is not value:
                        setattr(event, column, changed)
                        flag_modified(event, column)
                        touched = True
                done.events += touched
            done.games.append(number or 0)
        anonymous = {user_id: done.anonymous}
        for result in _naming(session, user_id, col(GameResult.players)):
            result.players = pseudonymise(result.players, anonymous)
            result.places = pseudonymise(result.places, anonymous)
            flag_modified(result, "players")
            flag_modified(result, "places")
            done.history += 1
        for table in HISTORY:
            moved = session.execute(
                update(table).where(col(table.player) == user_id).values(player=done.anonymous)
            )
            done.history += rows_changed(moved)
        started = session.execute(
            update(Season)
            .where(col(Season.started_by) == user_id)
            .values(started_by=done.anonymous)
        )
        done.history += rows_changed(started)
        # the name's row is written once before it goes: on PostgreSQL that write tells
        # the other processes (their change notices, on insert and update) to forget it
        session.execute(
            update(PlayerName).where(col(PlayerName.user_id) == user_id).values(name="")
        )
        for kept, column in ((Watcher, Watcher.user_id), (PlayerName, PlayerName.user_id),
                              (Erasure, Erasure.user_id)):  # fmt: skip
            gone = session.execute(delete(kept).where(col(column) == user_id))
            done.deleted += rows_changed(gone)
    settle_file(engine)
    return done


def request(engine: Engine, user_id: str) -> bool:
    """Note his confirmed request, in its own transaction, before the erasure runs (a
    process killed in between finishes it at its next start: :func:`finish_pending`);
    False when one of his is noted already (one erasure per person at a time)."""
    with Session(engine) as session, session.begin():
        if session.get(Erasure, user_id) is not None:
            return False
        session.add(Erasure(user_id=user_id))
    return True


def finish_pending(engine: Engine) -> list[tuple[str, Erased | None]]:
    """Every noted erasure carried out (at a start: a process was killed between a
    request and its erasure). One that meets a game not over waits for its end: its note
    is dropped (logged by the caller), and the person is told when he asks again."""
    with Session(engine) as session:
        noted = [row.user_id for row in session.exec(select(Erasure)).all()]
    done: list[tuple[str, Erased | None]] = []
    for user_id in noted:
        try:
            done.append((user_id, erase(engine, user_id)))
        except StillPlaying:
            with Session(engine) as session, session.begin():
                session.execute(delete(Erasure).where(col(Erasure.user_id) == user_id))
            done.append((user_id, None))
    return done


def playing(engine: Engine, user_id: str) -> list[int]:
    """The games not over that seat or name him (an erasure waits for their end)."""
    with Session(engine) as session:
        found = session.exec(
            select(GameRow).where(
                col(GameRow.status).in_(LIVE),
                or_(
                    cast(col(GameRow.people), Text).like(f'%"{user_id}"%'),
                    cast(col(GameRow.players), Text).like(f'%"{user_id}"%'),
                ),
            )
        ).all()
    return sorted(
        g.id for g in found if g.id is not None and (user_id in g.people or user_id in g.players)
    )
