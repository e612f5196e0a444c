"""The processes' link through PostgreSQL: leases (advisory locks) elect one process for
each singleton and pass to another within 10 s when it dies, even by SIGKILL; a stalled
event loop gives its leases up; every write of a game, a server's settings or a player's
name reaches the other processes as a notice."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from sqlalchemy import Engine

from bot.cluster import identify
from bot.cluster import link as link_module
from bot.cluster.identify import IdentifyGate
from bot.cluster.link import Link, holder
from bot.cluster.notices import GameNotice, KeyNotice, Notice, parse
from bot.engine import Action
from bot.service import Service
from bot.store import Store, make_engine, upgrade

pytestmark = pytest.mark.postgres

FAILOVER = 10.0  # the promise: another process takes over within 10 s


class Seen:
    """What a link told its loop."""

    def __init__(self) -> None:
        self.leases: list[tuple[str, bool]] = []
        self.notices: list[Notice] = []
        self.connected = 0

    def notice(self, payload: str) -> None:
        notice = parse(payload)
        assert notice is not None, payload
        self.notices.append(notice)

    def lease(self, role: str, held: bool) -> None:
        self.leases.append((role, held))

    def connect(self) -> None:
        self.connected += 1

    def holds(self, role: str) -> bool:
        held = [h for r, h in self.leases if r == role]
        return bool(held) and held[-1]


@asynccontextmanager
async def linked(engine: Engine, *, beat: bool = True) -> AsyncIterator[tuple[Link, Seen]]:
    seen = Seen()
    link = Link(engine, asyncio.get_running_loop(), standing=("clock",), on_notice=seen.notice,
                on_lease=seen.lease, on_connected=seen.connect)  # fmt: skip
    link.start()

    async def beats() -> None:
        while True:
            link.beat()
            await asyncio.sleep(0.2)

    task = asyncio.create_task(beats()) if beat else None
    try:
        yield link, seen
    finally:
        if task is not None:
            task.cancel()
        await asyncio.to_thread(link.stop)


async def until(check: Callable[[], bool], timeout: float = 15.0) -> float:
    """Seconds until ``check()`` holds (fails after ``timeout``)."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not within {timeout} s")
        await asyncio.sleep(0.05)
    return time.monotonic() - start


@pytest.fixture
def pg_engine(pg_url: str) -> Engine:
    engine = make_engine(pg_url)
    upgrade(engine)
    return engine


async def test_one_process_holds_the_clock_and_another_takes_it_when_it_stops(
    pg_engine: Engine,
) -> None:
    async with linked(pg_engine) as (first, first_seen):
        await until(lambda: first_seen.holds("clock"))
        async with linked(pg_engine) as (_, second_seen):
            await until(lambda: second_seen.connected == 1)
            await asyncio.sleep(3 * link_module.POLL)  # it tries, and tries again
            assert not second_seen.holds("clock") and second_seen.leases == []
            assert await first.claim("clock")  # held already: yes
            assert holder(pg_engine, "clock") == os.getpid()  # as PostgreSQL sees it
            await asyncio.to_thread(first.stop)
            took = await until(lambda: second_seen.holds("clock"))
            assert took < FAILOVER


async def test_a_claim_is_one_process_s_alone(pg_engine: Engine) -> None:
    async with linked(pg_engine) as (first, _), linked(pg_engine) as (second, _):
        assert await first.claim("sync")
        assert not await second.claim("sync")
        assert await first.claim("sync")  # kept


HOLDER = """
import asyncio, sys
from bot.cluster.link import Link, holder
from bot.store import make_engine

async def main():
    loop = asyncio.get_running_loop()
    def lease(role, held):
        print("held" if held else "lost", flush=True)
    link = Link(make_engine(sys.argv[1]), loop, standing=("clock",), on_notice=print,
                on_lease=lease, on_connected=lambda: None)
    link.start()
    while True:
        link.beat()
        await asyncio.sleep(0.2)

asyncio.run(main())
"""


async def test_a_killed_holder_s_clock_is_taken_over_within_10_s(pg_engine: Engine) -> None:
    url = pg_engine.url.render_as_string(hide_password=False)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, url, stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), 20)
        assert line.strip() == b"held"
        assert holder(pg_engine, "clock") == proc.pid
        assert holder(pg_engine, "sync") is None
        async with linked(pg_engine) as (_, seen):
            await until(lambda: seen.connected == 1)
            await asyncio.sleep(3 * link_module.POLL)
            assert not seen.holds("clock")
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            took = await until(lambda: seen.holds("clock"))
            assert took < FAILOVER
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_stalled_event_loop_gives_its_leases_up(
    pg_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(link_module, "STALL", 1.0)
    async with linked(pg_engine, beat=False) as (_, stalled):
        await until(lambda: stalled.holds("clock"))  # its loop beat once: at its start
        await until(lambda: ("clock", False) in stalled.leases)  # then never again
        async with linked(pg_engine) as (_, alive):
            await until(lambda: alive.holds("clock"))
            assert stalled.leases == [("clock", True), ("clock", False)]  # not taken back


async def test_every_write_reaches_the_other_processes_as_a_notice(pg_engine: Engine) -> None:
    other = make_engine(pg_engine.url.render_as_string(hide_password=False))  # a process
    store = Store(other)
    service = Service(store)
    async with linked(pg_engine) as (_, seen):
        await until(lambda: seen.connected == 1)
        opened = await service.open_lobby("verflixte6", "1", guild_id=77 << 22, channel_id=5)
        game = opened.game_id
        await service.act(game, "2", Action("join"))
        service.tables.set_message(game, 999)
        store.set_guild_locale(77 << 22, "en")
        store.set_player_name("2", "Berta", "fr")
        await until(lambda: len(seen.notices) >= 6)
    guild = 77 << 22
    assert seen.notices == [
        GameNotice(game, 1, "lobby", guild, None, moved=True, message=False, clock=False),
        GameNotice(game, 1, "lobby", guild, None, moved=False, message=False, clock=True),
        GameNotice(game, 2, "lobby", guild, None, moved=True, message=False, clock=False),
        GameNotice(game, 2, "lobby", guild, 999, moved=False, message=True, clock=False),
        KeyNotice("guild", str(guild)),
        KeyNotice("player", "2"),
    ]  # the new lobby, its clock (written after it), the join, the table's message, ...


class GatewayAnswer:
    """``client.http.get_bot_gateway()`` as Discord answers it."""

    def __init__(self, concurrency: int) -> None:
        self.concurrency = concurrency

    async def get_bot_gateway(self) -> tuple[int, str, dict[str, int]]:
        return 4, "ws://gateway", {"max_concurrency": self.concurrency}


class Client:
    def __init__(self, concurrency: int) -> None:
        self.http = GatewayAnswer(concurrency)


async def test_processes_identify_one_at_a_time_in_each_bucket(
    pg_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(identify, "WINDOW", 1.0)
    first, second = IdentifyGate(pg_engine), IdentifyGate(pg_engine)  # two processes
    client: Any = Client(concurrency=2)
    start = time.monotonic()
    assert await first.wait(client, 0) == 0
    assert await second.wait(client, 1) == 1  # another bucket: at once
    assert time.monotonic() - start < 0.9
    waiting = asyncio.create_task(second.wait(client, 2))  # shard 0's bucket
    await asyncio.sleep(1.5)  # the first IDENTIFY goes out late (a busy event loop)
    assert not waiting.done()  # the window has not begun: nothing went out yet
    sent = time.monotonic()
    first.sent(0)
    assert await waiting == 0
    assert time.monotonic() - sent >= identify.WINDOW  # a window after the IDENTIFY
    assert first.concurrency == second.concurrency == 2


async def test_a_lock_whose_identify_never_said_so_is_freed_in_the_end(
    pg_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(identify, "WINDOW", 0.2)
    monkeypatch.setattr(identify, "UNSENT", 0.5)
    first, second = IdentifyGate(pg_engine), IdentifyGate(pg_engine)
    client: Any = Client(concurrency=1)
    start = time.monotonic()
    await first.wait(client, 0)
    await asyncio.wait_for(second.wait(client, 1), 10)
    assert time.monotonic() - start >= 0.7  # UNSENT, then the window


async def test_a_process_s_own_writes_are_no_notices_to_it(pg_engine: Engine) -> None:
    """Its caches know them already: the link drops them (no wake-up of the event loop)."""
    own, other = Service(Store(pg_engine)), Service(Store(make_engine(str(pg_engine.url))))
    async with linked(pg_engine) as (_, seen):
        await until(lambda: seen.connected == 1)
        mine = await own.open_lobby("verflixte6", "1", guild_id=5 << 22)
        await own.act(mine.game_id, "2", Action("join"))
        theirs = await other.open_lobby("verflixte6", "3", guild_id=6 << 22)
        await until(lambda: len(seen.notices) >= 2)
        await asyncio.sleep(3 * link_module.POLL)
    assert {n.game_id for n in seen.notices if isinstance(n, GameNotice)} == {theirs.game_id}


async def test_turning_a_server_s_web_pages_off_reaches_the_other_processes(
    pg_engine: Engine,
) -> None:
    """The web key is a server setting: its change is a "guild" notice (migration 0016's
    trigger covers every column), and the directory there forgets the key it kept."""
    other = Store(make_engine(pg_engine.url.render_as_string(hide_password=False)))
    here = Service(Store(pg_engine))
    guild = 78 << 22
    key = here.directory.set_web(guild, True)
    async with linked(pg_engine) as (_, seen):
        await until(lambda: seen.connected == 1)
        other.set_guild_web_key(guild, None)
        await until(lambda: len(seen.notices) >= 1)
    assert seen.notices == [KeyNotice("guild", str(guild))]
    assert here.directory.web_key(guild) == key  # kept until the notice is heard
    for notice in seen.notices:
        here.noticed(notice, lambda _: True)
    assert here.directory.web_key(guild) is None
