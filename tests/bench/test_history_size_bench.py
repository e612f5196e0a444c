"""A smoke run of the big server's history benchmark (bench.history_size): a small
server seeded in bulk, consistent with what the folds keep, each command timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.history import COMMANDS
from bench.history_size import check, main, seed
from bot.store import Store, default_sqlite_url, make_engine, upgrade


def test_the_seeded_server_is_folded_and_its_totals_are_its_tallies(tmp_path: Path) -> None:
    engine = make_engine(default_sqlite_url(tmp_path / "s.sqlite3"))
    upgrade(engine)
    store = Store(engine)
    rows = seed(store, games=40, players=10)
    assert rows["games"] == rows["game_results"] == 40
    assert rows["draw_tallies"] and rows["face_totals"] and rows["ratings"]
    check(store)  # nothing to catch up, the face totals are the tallies' sums


def test_each_command_is_timed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = default_sqlite_url(tmp_path / "b.sqlite3")
    assert main(["--database", url, "--games", "40", "--players", "10", "--calls", "4"]) == 0
    printed = capsys.readouterr().out
    assert "games 40" in printed
    for name in COMMANDS:
        assert f"| {name} | reads |" in printed and f"| {name} | whole |" in printed
