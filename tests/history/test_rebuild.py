"""The history kept as games end equals the history rebuilt from the log, table by table:
several games of every kind and a tournament, played through the service."""

from __future__ import annotations

from typing import Any

from sqlmodel import SQLModel, select

from bot.history.rebuild import rebuild
from bot.privacy.erasure import erase
from bot.service import Service
from bot.store import (
    DrawTally,
    FaceTotal,
    GameResult,
    HistoryGuild,
    PlayerMeasure,
    Rating,
    Season,
    Store,
    UnfoldedGame,
)
from tests.history.playing import play_game, play_tournament

TABLES: tuple[type[SQLModel], ...] = (
    GameResult, PlayerMeasure, DrawTally, FaceTotal, Rating, HistoryGuild, UnfoldedGame,
)  # fmt: skip
GAMES = [
    ("verflixte6", ["a", "b", "c"], {"durchgaenge": 2}),
    ("verflixte6", ["b", "d"], {}),
    ("teufel", ["a", "b", "c"], {}),
    ("flaschenteufel", ["a", "c", "d"], {}),
    ("flaschenteufel", ["b", "c"], {}),
    ("dicedevils", ["a", "b", "c", "d"], {}),
]


def rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the history's derived tables, as sorted tuples of its values."""
    with store._session() as session:
        return {
            table.__name__: sorted(
                tuple(str(v) for v in row.model_dump().values())
                for row in session.exec(select(table))
            )
            for table in TABLES
        }


async def test_the_kept_history_equals_the_rebuilt_one(store: Store) -> None:
    service = Service(store)
    for seed, (kind, players, options) in enumerate(GAMES):
        await play_game(service, kind, players, options, seed=seed, guild_id=1 + seed % 2)
    await play_tournament(service, [str(1000 + i) for i in range(6)])
    with store._session() as session, session.begin():
        session.add(Season(guild_id=1, name="Winter"))
    kept = rows(store)
    assert len(kept["GameResult"]) == len(GAMES) + 1 + 3  # the tournament and its 3 tables
    assert kept["PlayerMeasure"] and kept["DrawTally"] and kept["FaceTotal"]
    assert kept["UnfoldedGame"] == []  # every game that finished was folded

    assert rebuild(store) == len(GAMES) + 4
    assert rows(store) == kept
    with store._session() as session:
        assert [s.name for s in session.exec(select(Season))] == ["Winter"]  # not derived


async def test_a_rebuild_folds_what_the_kept_history_missed(store: Store) -> None:
    service = Service(store)
    service.finished_listeners = []  # the process died before folding
    await play_game(service, "dicedevils", ["a", "b", "c"], {}, seed=1)
    assert rows(store)["GameResult"] == []
    assert rebuild(store) == 1
    assert len(rows(store)["GameResult"]) == 1


async def test_a_rebuild_keeps_each_erased_person_one_anonymous_row(store: Store) -> None:
    """After erasures (two people at some tables, one of a tournament) the rebuilt history
    is the kept one: each game's pseudonym goes back to its person's one anonymous id, so
    his rows stay one and nobody's rating moves."""
    service = Service(store)
    for seed, (kind, players, options) in enumerate(GAMES):
        await play_game(service, kind, players, options, seed=seed, guild_id=1)
    await play_tournament(service, [str(1000 + i) for i in range(6)])
    erased = [erase(store.engine, person) for person in ("a", "c", "1000")]
    kept = rows(store)
    for person in erased:
        assert any(person.anonymous in row for row in kept["Rating"])

    assert rebuild(store) == len(GAMES) + 4
    assert rows(store) == kept
