"""Every write goes through one table session: in the Discord layer (``cogs/``) only
``cogs.pipeline.session`` calls the service's writes, and the service refuses a write
made without the table's lock (``bot.play.table_locks``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.engine import Action
from bot.service import Service
from bot.store import Store

ROOT = Path(__file__).resolve().parents[3]
WRITES = {"act", "act_once", "create", "open_lobby", "commit"}
SESSION = Path("cogs/pipeline/session.py")


def service_writes(path: Path) -> list[str]:
    """``<...service>.act(...)`` and the like in one module, as ``line: text``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr in WRITES and "service" in ast.unparse(node.func.value):
            found.append(f"{node.lineno}: {ast.unparse(node.func)}")
    return found


def test_only_the_table_session_calls_the_services_writes() -> None:
    offenders = {
        str(path.relative_to(ROOT)): writes
        for path in sorted((ROOT / "cogs").rglob("*.py"))
        if path.relative_to(ROOT) != SESSION and (writes := service_writes(path))
    }
    assert offenders == {}
    assert service_writes(ROOT / SESSION)  # the check finds what it looks for


def test_the_check_finds_a_write_outside_the_session(tmp_path: Path) -> None:
    module = tmp_path / "cog.py"
    module.write_text("async def f(self):\n    await self.service.act(1, 'a', x)\n")
    assert service_writes(module) == ["2: self.service.act"]


async def test_a_write_without_the_tables_lock_is_refused(store: Store) -> None:
    service = Service(store)
    created = await service.create("verflixte6", ["a", "b"], {"durchgaenge": 1})
    table = service.tables.get(created.game_id)
    with pytest.raises(RuntimeError, match="lock"):
        service.commit(table, "a", Action("pause"), [], status=table.row.status)
    assert service.tables.current(created.game_id).version == created.version
    async with service.locks(created.game_id):  # the lock held: the same write goes in
        service.commit(table, "a", Action("pause"), [], status=table.row.status)
    assert service.tables.current(created.game_id).version == created.version + 1
