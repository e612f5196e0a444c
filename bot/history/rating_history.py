"""A player's rating over time, per game and table (all time, each season): the kept
ratings hold only each table's last state, so the steps are replayed from the rated game
results in finish order with the ratings' own code (:func:`bot.history.skill_ratings.replayed`,
the very floats the fold kept after each game).

A replay rates every game of a server's table (about 0.2 ms a game), so each table's
steps of all its players are kept, keyed by what the replay read: the table's results (their
count, newest game and latest finish) and the server's seasons. A game folded since, a late
fold, a game finished anew or a season started makes a new key; a player's page after
another's reads the kept steps.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, col, select

from bot.history.seasons import seasons_of
from bot.history.skill_ratings import Skill, replayed
from bot.store import Store
from bot.store.history_rows import ALL_TIME, GameResult, Season

TABLES_KEPT = 64
"""Tables whose replayed steps are kept (the least recently read go first)."""


@dataclass(frozen=True)
class Step:
    """A player's rating in one table after one of his rated games."""

    game_id: int
    finished_at: datetime
    skill: Skill


@dataclass(frozen=True)
class Curve:
    """A player's steps in one table: a game (``kind``) all time (``season`` None) or in one
    season, in finish order."""

    kind: str
    season: Season | None
    steps: tuple[Step, ...]


Steps = dict[str, tuple[Step, ...]]
"""Every player's steps in one table."""
_Key = tuple[int, str, int, tuple[object, ...]]
"""A kept table: server, game, season, and what its replay read (:meth:`RatingHistory._shape`)."""


class RatingHistory:
    """The players' ratings over time on the store's database, replayed tables kept."""

    def __init__(self, store: Store, kept: int = TABLES_KEPT) -> None:
        self.store = store
        self.kept = kept
        self._tables: OrderedDict[_Key, Steps] = OrderedDict()
        self._lock = threading.Lock()

    def curves(self, guild_id: int, player: str, kinds: Sequence[str]) -> list[Curve]:
        """``player``'s rating over time on server ``guild_id`` in each of ``kinds`` he has
        rated games in: all time, then each season he played in, oldest first."""
        found: list[Curve] = []
        with Session(self.store.engine, expire_on_commit=False) as session:
            seasons = seasons_of(session, guild_id)
            for kind in kinds:
                shape = self._shape(session, guild_id, kind, seasons)
                if shape is None:
                    continue
                for season in [None, *seasons]:
                    season_id = ALL_TIME if season is None else season.id
                    assert season_id is not None
                    steps = self._steps(session, (guild_id, kind, season_id, shape))
                    if player in steps:
                        found.append(Curve(kind, season, steps[player]))
        return found

    @staticmethod
    def _shape(
        session: Session, guild_id: int, kind: str, seasons: Sequence[Season]
    ) -> tuple[object, ...] | None:
        """What a replay of the server's ``kind`` reads: its results' count, newest game
        and latest finish (a game opened again and finished anew is folded anew with its
        new end: the latest), and the seasons (None: no result to replay)."""
        counted = select(
            func.count(), func.max(GameResult.game_id), func.max(GameResult.finished_at)
        ).where(col(GameResult.guild_id) == guild_id, col(GameResult.kind) == kind)
        count, newest, latest = session.exec(counted).one()
        if not count:
            return None
        marks = tuple((s.id, s.started_at, s.ended_at) for s in seasons)
        return (count, newest, latest, marks)

    def _steps(self, session: Session, key: _Key) -> Steps:
        with self._lock:
            kept = self._tables.get(key)
            if kept is not None:
                self._tables.move_to_end(key)
                return kept
        guild_id, kind, season_id, _ = key
        made: dict[str, list[Step]] = {}
        for result, after in replayed(session, guild_id, kind, season_id):
            for player, skill in after.items():
                made.setdefault(player, []).append(Step(result.game_id, result.finished_at, skill))
        steps = {player: tuple(found) for player, found in made.items()}
        with self._lock:
            self._tables[key] = steps
            while len(self._tables) > self.kept:
                self._tables.popitem(last=False)
        return steps
