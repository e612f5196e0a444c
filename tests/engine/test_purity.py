"""Engines stay pure: nothing under bot/engine or bot/games talks to Discord or a database."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = [ROOT / "bot" / "engine", ROOT / "bot" / "games", ROOT / "bot" / "tournament"]
FORBIDDEN = ("discord", "sqlmodel", "sqlalchemy", "alembic", "psycopg", "bot.store", "bot.service")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def pure_files() -> list[Path]:
    return sorted(p for folder in PURE for p in folder.rglob("*.py"))


def test_there_are_engine_files_to_check() -> None:
    assert len(pure_files()) >= 8


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_discord_or_database_import(path: Path) -> None:
    bad = {
        name
        for name in imported_modules(path)
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
    }
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_check_itself_catches_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import discord.ui\nfrom sqlmodel import Session\n", encoding="utf-8")
    assert imported_modules(sample) == {"discord.ui", "sqlmodel"}
