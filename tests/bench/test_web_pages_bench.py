"""A smoke run of the web's benchmark (bench.web_pages): a small server filled by playing,
each page kind asked a few times."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.web_pages import main
from bot.store import default_sqlite_url


def test_each_page_kind_is_timed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = default_sqlite_url(tmp_path / "w.sqlite3")
    asked = ["--games", "8", "--actions", "0", "--requests", "4", "--tournament", "8"]
    assert main(["--database", url, *asked]) == 0
    printed = capsys.readouterr().out
    assert "filled: 8 games" in printed
    assert "and a tournament of 8 players" in printed
    pages = ("start page (no database)", "server page", "a game's whole log", "a whole tournament",
             "its bracket picture")  # fmt: skip
    for name in pages:
        assert f"| {name} |" in printed
