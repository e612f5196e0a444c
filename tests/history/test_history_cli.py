"""``croupier history rebuild``: the history folded again from the log of the database
``--url`` names; a database it cannot open is said in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import delete, select

from bot import exit_codes
from bot.__main__ import main
from bot.service import Service
from bot.store import GameResult, PlayerMeasure, Store, make_engine, upgrade
from tests.history.playing import play_game


async def test_rebuild_folds_every_finished_game_again(
    db_url: str, store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    await play_game(Service(store), "verflixte6", ["a", "b"], {}, seed=4)
    with store._session() as session, session.begin():
        session.execute(delete(GameResult))  # as if the fold had been lost
        session.execute(delete(PlayerMeasure))
    assert main(["history", "rebuild", "--url", db_url]) == 0
    assert "1 finished games folded" in capsys.readouterr().out
    with store._session() as session:
        assert len(session.exec(select(GameResult)).all()) == 1
        games = session.get(PlayerMeasure, (1, "a", "verflixte6", "games"))
        assert games is not None and games.value == 1


def test_a_database_it_cannot_open_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "rebuild", "--url", "nonsense"]) == exit_codes.CONFIG
    assert "croupier history: DATABASE_URL 'nonsense' is no database address" in (
        capsys.readouterr().err
    )


def test_an_empty_database_rebuilds_to_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    upgrade(make_engine(url))
    assert main(["history", "rebuild", "--url", url]) == 0
    assert "0 finished games folded" in capsys.readouterr().out
