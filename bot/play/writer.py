"""What the service's parts may ask of the service (:class:`Writer`): its one write path,
so that clocks, host tools and the tournaments act and commit as every click does."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from bot.engine import JSON, Action, AuditedRng, Event, Game
from bot.play.outbox import Outbox
from bot.play.outcome import Outcome
from bot.play.table_locks import TableLocks
from bot.play.tables import Table, Tables
from bot.store import Store


class Writer(Protocol):
    store: Store
    games: Mapping[str, Game[Any]]
    tables: Tables
    now: Callable[[], datetime]
    outbox: Outbox
    locks: TableLocks

    async def act(
        self,
        game_id: int,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome: ...

    async def act_once(
        self,
        game_id: int,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome: ...

    async def create(
        self,
        kind: str,
        players: Sequence[str],
        options: Mapping[str, JSON] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "de",
        actor: str | None = None,
        nonce: str = "",
        announced: bool = False,
    ) -> Outcome: ...

    def commit(
        self,
        table: Table,
        actor: str,
        action: Action,
        events: list[Event],
        *,
        status: str,
        rng: AuditedRng | None = None,
        snapshot: dict[str, JSON] | None = None,
        players: list[str] | None = None,
        state: Any = None,
        options: dict[str, JSON] | None = None,
    ) -> None: ...
