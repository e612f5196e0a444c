"""The rows the history fold writes, on SQLite and PostgreSQL alike: for a small game of
Die verflixte 6 each table's rows against what the test counts from the game itself (its
log, its final state, OpenSkill's own rating); for seeded games of all four kinds every
history table against the rows of record (what the fold wrote through the ORM before it
ran plain statements, docs/PERFORMANCE.md "Issue 45: the history fold in plain
statements"); and a second fold, or a catch-up, changes nothing."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlmodel import SQLModel, select

from bot.history.keeping import catch_up, fold_game
from bot.plugins import GAMES
from bot.service import Service
from bot.store import (
    DrawTally,
    FaceTotal,
    GameResult,
    HistoryGuild,
    PlayerMeasure,
    Rating,
    Store,
    UnfoldedGame,
)
from bot.store.history_rows import ALL_PLAYERS, ALL_TIME
from tests.helpers.engine_state import engine_state
from tests.history.fairness_games import seeded
from tests.history.playing import play_game

GUILD = 45
TABLES: tuple[type[SQLModel], ...] = (
    GameResult, PlayerMeasure, DrawTally, FaceTotal, Rating, HistoryGuild, UnfoldedGame,
)  # fmt: skip
PLAYED = [
    ("verflixte6", ["a", "b"], {"durchgaenge": 1}),
    ("teufel", ["a", "b", "c"], {}),
    ("flaschenteufel", ["b", "c", "d"], {}),
    ("dicedevils", ["a", "c", "d"], {}),
]
RECORD = {
    "GameResult": (4, "4e72623960334a45"),
    "PlayerMeasure": (73, "ca350feac5d6a43a"),
    "DrawTally": (295, "484210fd28ea804c"),
    "FaceTotal": (562, "72c89e3edfc376aa"),
    "Rating": (11, "819ad6de30281561"),
    "HistoryGuild": (1, "c59e1c1e937b9565"),
    "UnfoldedGame": (0, "4f53cda18c2baa0c"),
}
"""Each table's rows after :data:`PLAYED` (seeded: the same games in every run) as the
fold wrote them through the ORM: how many, and the start of the SHA-256 of their values
(:func:`history`)."""


def history(store: Store) -> dict[str, list[tuple[str, ...]]]:
    """Every row of the history's tables as sorted tuples of its values in the order of
    its table's columns (a result's ``finished_at`` left out: it is when the test ran;
    :func:`finished_when_logged`)."""
    found = {}
    with store._session() as session:
        for table in TABLES:
            columns = [c.name for c in table.__table__.columns if c.name != "finished_at"]  # type: ignore[attr-defined]
            found[table.__name__] = sorted(
                tuple(str(getattr(row, name)) for name in columns)
                for row in session.exec(select(table))
            )
    return found


def digest(rows: list[tuple[str, ...]]) -> str:
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def finished_when_logged(store: Store) -> None:
    """Each result finished when its game's last action was logged."""
    with store._session() as session:
        for result in session.exec(select(GameResult)):
            assert result.finished_at == store.events(result.game_id)[-1].created_at


async def test_a_small_game_folds_into_the_rows_it_counts(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, "fold rows")
    service = Service(store)
    end = await play_game(service, "verflixte6", ["a", "b"], {"durchgaenge": 1}, seed=1,
                          guild_id=GUILD)  # fmt: skip
    places = GAMES["verflixte6"].places(engine_state(service, end.game_id))
    log = store.events(end.game_id)
    drawn = Counter((e.actor or "", int(d["sides"]), int(d["value"])) for e in log for d in e.draws)
    assert sorted(places.values()) in ([1, 2], [1, 1]) and drawn
    kept = history(store)

    finished_when_logged(store)
    assert kept["GameResult"] == [
        (str(end.game_id), str(GUILD), "verflixte6", str(list(places)), str(places), "True")
    ]
    assert kept["DrawTally"] == sorted(
        (str(end.game_id), player, str(sides), str(face), str(count), str(GUILD), "verflixte6")
        for (player, sides, face), count in drawn.items()
    )
    faces: Counter[tuple[str, int, int]] = Counter()
    for (player, sides, face), count in drawn.items():
        faces[player, sides, face] += count
        faces[ALL_PLAYERS, sides, face] += count
    assert kept["FaceTotal"] == sorted(
        (str(GUILD), player, "verflixte6", str(sides), str(face), str(count))
        for (player, sides, face), count in faces.items()
    )
    measured = {(row[1], row[3]): row[4] for row in kept["PlayerMeasure"]}
    for player, place in places.items():
        assert measured[player, "games"] == "1.0"
        assert measured[player, "wins"] == str(float(place == 1))
        assert measured[player, "places"] == str(float(place))
    order = sorted(places, key=lambda p: (places[p], p))
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in order], ranks=[float(places[p]) for p in order])
    assert kept["Rating"] == sorted(
        (str(GUILD), "verflixte6", str(ALL_TIME), player, str(team[0].mu), str(team[0].sigma), "1")
        for player, team in zip(order, rated, strict=True)
    )
    assert kept["HistoryGuild"] == [(str(GUILD), "1")]
    assert kept["UnfoldedGame"] == []

    assert fold_game(store, end.game_id) is False  # folded already: nothing doubles
    assert catch_up(store) == 0
    assert history(store) == kept


async def test_the_games_of_every_kind_fold_into_the_rows_of_record(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, "fold record")
    service = Service(store)
    games = [
        (await play_game(service, kind, players, options, seed=seed, guild_id=GUILD)).game_id
        for seed, (kind, players, options) in enumerate(PLAYED)
    ]
    kept = history(store)
    finished_when_logged(store)
    found: dict[str, Any] = {name: (len(rows), digest(rows)) for name, rows in kept.items()}
    assert found == RECORD

    for game_id in games:
        assert fold_game(store, game_id) is False
    assert history(store) == kept
