"""Shards as leases between processes (bot.cluster.member): a second process for a shard
and a process with another SHARD_COUNT are refused; a standby takes a dead process's shard
(one it saw held) and gives it back when the owner wants it."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
from sqlalchemy import Engine

from bot.cluster import link as link_module
from bot.cluster import member as member_module
from bot.cluster.link import holder_of
from bot.cluster.member import ClusterRefusal, Member, shard_role
from bot.cluster.shards import Shards
from bot.store import make_engine, upgrade

pytestmark = pytest.mark.postgres

TAKEOVER = 10.0


@pytest.fixture
def url(pg_url: str) -> str:
    upgrade(make_engine(pg_url))
    return pg_url


@asynccontextmanager
async def member(
    url: str, shards: Shards, wanted: Callable[[Member, int], None] | None = None
) -> AsyncIterator[Member]:
    """A process's member on its own engine (as a process has), started (not joined)."""
    engine = make_engine(url)
    joined = Member(shards, engine)

    def on_wanted(shard: int) -> None:
        if wanted is not None:
            wanted(joined, shard)

    joined.start(lambda n: None, lambda r, h: None, lambda: None, on_wanted=on_wanted)
    try:
        yield joined
    finally:
        await joined.close()
        engine.dispose()


async def until(check: Callable[[], bool], timeout: float = TAKEOVER) -> float:
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < timeout, f"not within {timeout} s"
        await asyncio.sleep(0.05)
    return time.monotonic() - start


async def test_a_second_process_for_a_shard_is_refused(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(member_module, "CONFLICT_GRACE", 1.0)
    async with member(url, Shards(2, (0,))) as first:
        await first.join()
        assert first.running == {0}
        async with member(url, Shards(2, (0, 1))) as second:
            with pytest.raises(ClusterRefusal, match="shard 0 of 2 already runs in another"):
                await second.join()
        assert first.running == {0}  # the first runs on, untouched


async def test_a_process_with_another_shard_count_is_refused(url: str) -> None:
    async with member(url, Shards(2, (0,))) as first:
        await first.join()
        async with member(url, Shards(3, (2,))) as second:
            with pytest.raises(ClusterRefusal, match="SHARD_COUNT=3 here, but processes with "
                                                     "SHARD_COUNT=2"):  # fmt: skip
                await second.join()
        async with member(url, Shards()) as unsharded:  # one session: a count of 1
            with pytest.raises(ClusterRefusal, match="SHARD_COUNT=1 here"):
                await unsharded.join()
        async with member(url, Shards(2, (1,))) as same:
            await same.join()
            assert same.running == {1}


async def test_a_standby_runs_a_dead_owner_s_shard_and_gives_it_back(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(link_module, "GUEST_GRACE", 600.0)  # shard 0 is never held here
    engine: Engine = make_engine(url)

    def give_back(standby: Member, shard: int) -> None:
        asyncio.get_running_loop().create_task(standby.give_back(shard))

    async with member(url, Shards(2, (), standby=True), give_back) as standby:
        await standby.join()
        assert standby.running == set()
        async with member(url, Shards(2, (1,))) as owner:
            await owner.join()
            assert owner.running == {1}
            await asyncio.sleep(3 * link_module.POLL)  # the standby sees shard 1 held
        took = await until(lambda: standby.running == {1})  # the owner is gone
        assert took < TAKEOVER
        found = holder_of(engine, shard_role(1))
        assert found is not None and found.standby
        async with member(url, Shards(2, (1,))) as returned:
            await returned.join()  # a standby holds its shard: no refusal, it asks
            back = await until(lambda: returned.running == {1})
            assert back < TAKEOVER and standby.running == set()
            found = holder_of(engine, shard_role(1))
            assert found is not None and not found.standby
            await asyncio.sleep(3 * link_module.POLL)
            assert standby.running == set()  # it does not take it again
        assert 0 not in standby.running  # a shard nobody ran is not taken before its grace
    engine.dispose()


async def test_a_shard_outlives_a_broken_link_unless_another_process_took_it(url: str) -> None:
    """A database away for everyone must not close every gateway session: a process goes on
    with its shard while its link is down, and closes it only if, once the link is back,
    another process holds the shard's lease."""
    engine: Engine = make_engine(url)
    lost: list[int] = []

    def kill_links(name: str) -> None:
        with engine.begin() as conn:
            conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE application_name = '{name}'"
            )

    async with member(url, Shards(2, (0, 1))) as owner:
        await owner.join()
        assert owner.running == {0, 1}
        owner_link = owner._link
        assert owner_link is not None
        original = owner_link._callbacks

        def lease(role: str, held: bool) -> None:
            if not held and role.startswith("shard/"):
                lost.append(int(role.removeprefix("shard/")))

        owner_link._callbacks = (original[0], _both(original[1], lease), original[2])
        name = f"{link_module.LINK_NAME}{os.getpid()}"
        kill_links(name)  # the link's connection breaks; it comes back on its own
        await until(lambda: holder_of(engine, shard_role(0)) is not None)
        await asyncio.sleep(3 * link_module.POLL)
        assert lost == [] and owner.running == {0, 1}
        other = link_module.connect(engine)  # another process's link
        try:
            kill_links(name)  # broken again, and the other takes shard 0 meanwhile

            def taken() -> bool:
                row = other.execute(link_module.LOCK_SQL, (shard_role(0),)).fetchone()
                return row is not None and bool(row[0])

            await until(taken)
            await until(lambda: lost == [0])  # told once its link was back
            assert owner.running == {1}
        finally:
            other.close()
    engine.dispose()


def _both(
    first: Callable[[str, bool], None], second: Callable[[str, bool], None]
) -> Callable[[str, bool], None]:
    def both(role: str, held: bool) -> None:
        first(role, held)
        second(role, held)

    return both
