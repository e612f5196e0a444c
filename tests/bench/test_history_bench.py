"""A smoke run of the history benchmark (bench.history): a small server filled by
playing, each command timed a few times."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlmodel import select

from bench.history import COMMANDS, KINDS, fill, main
from bot.store import GameResult, Store, default_sqlite_url, make_engine, upgrade


def test_playing_fills_the_server_with_folded_games_of_every_kind(tmp_path: Path) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "h.sqlite3"))
    upgrade(engine)
    store = Store(engine)
    filled = asyncio.run(fill(store, games=8, actions=200, players=12))
    assert filled.games >= 8 and filled.actions >= 200
    with store._session() as session:
        folded = list(session.exec(select(GameResult)))
    assert len(folded) == filled.games  # every game finished and was folded
    assert {r.kind for r in folded} == set(KINDS)


def test_each_command_is_timed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = default_sqlite_url(tmp_path / "b.sqlite3")
    assert main(["--database", url, "--games", "8", "--actions", "0", "--calls", "4"]) == 0
    printed = capsys.readouterr().out
    assert "filled: 8 games" in printed
    assert all(f"| {name} |" in printed for name in COMMANDS)
