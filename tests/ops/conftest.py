"""The e2e world (the real bot on the loopback Discord) for the operations' tests, and the
bot's operations served beside it."""

from collections.abc import AsyncIterator

import pytest

from bot.ops import Ops
from tests.e2e.conftest import pictures_off_the_loop, table
from tests.helpers.e2e_table import Table

__all__ = ["ops", "pictures_off_the_loop", "table"]


@pytest.fixture
async def ops(table: Table) -> AsyncIterator[Ops]:
    """The bot's operations, served on a free port of 127.0.0.1 (a module's own ``table``
    fixture is the one it serves)."""
    ops = Ops("127.0.0.1", 0)
    assert table.bot is not None
    await ops.start(table.bot)
    try:
        yield ops
    finally:
        await ops.close()
