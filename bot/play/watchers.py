"""Who watches which table ("Zuschauen"): the ``watchers`` rows, and their count per
table kept in memory, so that a table's card shows it without a query per click.

The rows are read once (the first time a count is asked for) and written only when
someone new watches; a game's watchers are cleared when it ends (its card then shows
no count). One process serves a table's clicks (a server's shard), so its counts stay
true; a watcher recorded by another process is found by the insert's primary key.
"""

from __future__ import annotations

import logging

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from bot.store import Store
from bot.store.history_rows import Watcher

log = logging.getLogger(__name__)


class Watchers:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._by_game: dict[int, set[str]] | None = None

    def _loaded(self) -> dict[int, set[str]]:
        if self._by_game is None:
            with self.store._session() as session:
                rows = session.exec(select(Watcher.game_id, Watcher.user_id)).all()
            by_game: dict[int, set[str]] = {}
            for game_id, user_id in rows:
                by_game.setdefault(game_id, set()).add(user_id)
            self._by_game = by_game
        return self._by_game

    def count(self, game_id: int) -> int:
        """How many watch the table (0 for a table nobody watches)."""
        return len(self._loaded().get(game_id, ()))

    def add(self, game_id: int, user_id: str) -> bool:
        """``user_id`` watches the table from now on; False if he did already."""
        watching = self._loaded().setdefault(game_id, set())
        if user_id in watching:
            return False
        try:
            with self.store._session() as session:
                session.add(Watcher(game_id=game_id, user_id=user_id))
                session.commit()
        except IntegrityError:  # recorded by another process: watching all the same
            log.info("watcher %s of game %s was recorded already", user_id, game_id)
        watching.add(user_id)
        return True

    def clear(self, game_id: int) -> None:
        """The game has ended: nobody watches it any more."""
        if self._loaded().pop(game_id, None):
            with self.store._session() as session:
                session.exec(delete(Watcher).where(Watcher.game_id == game_id))  # type: ignore[arg-type]
                session.commit()
