"""Two transactions on one server's history at once, on PostgreSQL (several processes
share only it): two folds of games of the same players, and a season started while a game
is folded. Each runs in its own thread and connection, forced to interleave: inside the
fold, where it has read the ratings and the seasons and not written them yet, a thread
waits until the other one is there too, waits for a lock, or is done. Afterwards the kept
ratings are the recomputed ones."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, text

from bot.history import keeping, skill_ratings
from bot.history.keeping import fold_game
from bot.store import Store, make_engine, upgrade
from tests.history.test_history_faults import (
    SEATINGS,
    finished_at,
    in_season,
    kept,
    rebuilt,
    recomputed,
    start_season,
    unfolded_games,
)

PATIENCE = 60.0
"""Seconds a thread waits for the other one before the test fails (a loaded machine)."""


@pytest.fixture
def pg_store(pg_url: str) -> Iterator[Store]:
    engine = make_engine(pg_url)
    upgrade(engine)
    store = Store(engine)
    yield store
    store.close()
    engine.dispose()


class Interleaving:
    """Threads by name: each records its connection's backend when it takes the server's
    history lock, and waits at :meth:`inside` for the others."""

    def __init__(self, engine: Engine, names: list[str]) -> None:
        self.engine = engine
        self.names = names
        self.pid: dict[str, int] = {}
        self.inside_now: set[str] = set()
        self.done: set[str] = set()
        self.changed = threading.Condition()

    def taking_lock(self, connection: Connection) -> None:
        pid = connection.execute(text("SELECT pg_backend_pid()")).scalar_one()
        with self.changed:
            self.pid[threading.current_thread().name] = int(pid)
            self.changed.notify_all()

    def inside(self) -> None:
        """The thread is inside its fold: wait until every other thread is too, is done,
        or waits for a lock (then it cannot get here before this one is done)."""
        me = threading.current_thread().name
        if me in self.inside_now:
            return
        with self.changed:
            self.inside_now.add(me)
            self.changed.notify_all()
        deadline = time.monotonic() + PATIENCE
        while not all(self._passed(other) for other in self.names if other != me):
            assert time.monotonic() < deadline, f"{me} waited in vain"
            with self.changed:
                self.changed.wait(0.02)

    def when_inside(self, name: str, work: Callable[[], Any]) -> Callable[[], Any]:
        """``work``, begun once thread ``name`` is inside its fold (the race's window)."""

        def begun() -> Any:
            with self.changed:
                assert self.changed.wait_for(lambda: name in self.inside_now, PATIENCE)
            return work()

        return begun

    def _passed(self, other: str) -> bool:
        if other in self.inside_now or other in self.done:
            return True
        pid = self.pid.get(other)
        if pid is None:
            return False
        with self.engine.connect() as watch:
            waiting = watch.execute(
                text("SELECT wait_event_type FROM pg_stat_activity WHERE pid = :pid"),
                {"pid": pid},
            ).scalar()
        return waiting == "Lock"

    def run(self, work: Mapping[str, Callable[[], Any]]) -> dict[str, Any]:
        """Each of ``work`` in its own thread named by its key; their results."""

        def named(name: str) -> Any:
            threading.current_thread().name = name
            try:
                return work[name]()
            finally:
                with self.changed:
                    self.done.add(name)
                    self.changed.notify_all()

        with ThreadPoolExecutor(len(work)) as pool:
            futures = {name: pool.submit(named, name) for name in work}
            return {name: future.result(timeout=PATIENCE * 2) for name, future in futures.items()}


@pytest.fixture
def interleaved(pg_store: Store, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Interleaving]:
    """Hooks into the fold: the lock taken (its backend recorded first), and the first
    rating computed (after the ratings and seasons are read, before they are written)."""

    def hooked(*names: str) -> Interleaving:
        steps = Interleaving(pg_store.engine, list(names))
        hold, rate = keeping.hold, skill_ratings.rate

        def holding(connection: Connection, guild_id: int, folded: int = 0) -> None:
            steps.taking_lock(connection)
            hold(connection, guild_id, folded)

        def rating(*args: Any) -> Any:
            steps.inside()
            return rate(*args)

        monkeypatch.setattr(keeping, "hold", holding)
        monkeypatch.setattr(skill_ratings, "hold", holding)
        monkeypatch.setattr(skill_ratings, "rate", rating)
        return steps

    return hooked


async def test_two_folds_of_the_same_players_at_once_lose_no_rating(
    pg_store: Store, interleaved: Callable[..., Interleaving]
) -> None:
    games = await unfolded_games(pg_store, 4)
    assert set(SEATINGS[2]) & set(SEATINGS[3])
    for game_id in games[:2]:
        fold_game(pg_store, game_id)
    steps = interleaved("first", "second")
    second = steps.when_inside("first", lambda: fold_game(pg_store, games[3]))
    folded = steps.run({"first": lambda: fold_game(pg_store, games[2]), "second": second})
    assert folded == {"first": True, "second": True}
    assert steps.inside_now == {"first", "second"}
    now = kept(pg_store)
    assert sum(skill.games for skill in now[0].values()) == sum(len(s) for s in SEATINGS[:4])
    assert now == recomputed(pg_store) == rebuilt(pg_store)


async def test_a_season_started_while_a_game_is_folded_holds_that_game(
    pg_store: Store, interleaved: Callable[..., Interleaving]
) -> None:
    games = await unfolded_games(pg_store, 3)
    for game_id in games[:2]:
        fold_game(pg_store, game_id)
    at = finished_at(pg_store, games[2])
    steps = interleaved("fold", "season")
    season = steps.when_inside("fold", lambda: start_season(pg_store, "Neu", at))
    done = steps.run({"fold": lambda: fold_game(pg_store, games[2]), "season": season})
    assert done["fold"] is True
    assert in_season(pg_store, done["season"]) == set(SEATINGS[2])
    assert kept(pg_store) == recomputed(pg_store) == rebuilt(pg_store)
