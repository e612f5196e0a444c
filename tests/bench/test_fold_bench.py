"""A smoke run of the fold benchmark (bench.fold): a few games played and folded, each
fold timed."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import select

from bench.fold import main
from bot.store import GameResult, Store, default_sqlite_url, make_engine


def test_each_fold_is_timed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = default_sqlite_url(tmp_path / "f.sqlite3")
    assert main(["--database", url, "--games", "3", "--warm", "1", "--players", "4"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("sqlite: 3 folds, CPU per fold mean ")
    engine = make_engine(url)
    store = Store(engine)
    with store._session() as session:
        assert len(list(session.exec(select(GameResult)))) == 4  # every game folded
    store.close()
    engine.dispose()
