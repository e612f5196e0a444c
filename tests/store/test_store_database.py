"""Engine construction: URL normalization, SQLite pragmas, foreign keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from bot.store import EventRow, Store, default_sqlite_url, make_engine, normalize_url


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u:p@h:5432/db", "postgresql+psycopg://u:p@h:5432/db"),
        ("postgresql://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:///data/croupier.db", "sqlite:///data/croupier.db"),
        ("sqlite://", "sqlite://"),
    ],
)
def test_normalize_url(url: str, expected: str) -> None:
    assert normalize_url(url) == expected


def test_default_sqlite_url(tmp_path: Path) -> None:
    assert default_sqlite_url(tmp_path / "x.db") == f"sqlite:///{tmp_path.as_posix()}/x.db"
    assert default_sqlite_url("data/x.db") == "sqlite:///data/x.db"


def test_sqlite_file_settings(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "dir" / "croupier.db"
    engine = make_engine(default_sqlite_url(path))
    try:
        with engine.connect() as conn:
            pragma = {
                name: conn.execute(text(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys")
            }
        assert pragma == {"journal_mode": "wal", "synchronous": 1, "foreign_keys": 1}
        assert path.exists()
    finally:
        engine.dispose()


def test_foreign_key_enforced(store: Store) -> None:
    with (
        pytest.raises(IntegrityError),
        Session(store.engine) as session,
        session.begin(),
    ):
        session.add(EventRow(game_id=12345, seq=1))
