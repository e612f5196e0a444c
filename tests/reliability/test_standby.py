"""A standby process (``SHARD_IDS=standby``) runs a dead process's shard and gives it back
(issue 44): two processes run a shard each of two, a third stands by, all on one
PostgreSQL database against the loopback Discord.

The owner of shard 1 is killed with SIGKILL while its servers play. A player of one of
those servers clicks as a player does (again as soon as Discord says a click failed): the
standby answers within 10 s, after at most one failed click. The owner is started again:
it asks for its shard, the standby closes it and frees the lease, the owner takes it, and
the players clicking all along see at most one failed click each. Afterwards every
acknowledged click is in its game's log once, every log is intact, every announcement
exists exactly once and every live table message is current.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from bot.cluster.link import holder, holder_of
from bot.cluster.member import shard_role
from bot.store import Store, make_engine, upgrade
from loopback import FakeDiscord, fake_discord
from loopback.cluster import Cluster
from loopback.process import start
from tests.helpers.announcements import Tally, all_delivered, check_channel
from tests.reliability.test_cluster import Server
from tests.reliability.test_crash import Crash

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SHARDS = 2
TAKEOVER = 10.0  # the promise: a dead process's servers are answered within 10 s
KINDS = ("verflixte6", "teufel")  # long games: a table runs through the whole test


def build(fake: FakeDiscord, store: Store, url: str, tmp_path: Path) -> list[Server]:
    servers = []
    for index in range(2 * SHARDS):
        shard = index % SHARDS
        guild = fake.add_guild(f"Runde {index}", shard=(shard, SHARDS))
        kind = KINDS[(index // SHARDS) % len(KINDS)]
        channel = fake.add_channel(guild, kind)
        users = [fake.add_user(f"{name}{index}", guild=guild) for name in ("Anna", "Ben", "Cem")]
        world = Crash(fake, {str(u.id): u for u in users}, {kind: channel}, store, url,
                      tmp_path / "unused.log", random.Random(44 + index))  # fmt: skip
        servers.append(Server(shard, kind, world))
    return servers


async def play(servers: list[Server], rounds: int) -> None:
    for _ in range(rounds):
        await asyncio.gather(*(s.step() for s in servers))


async def player(server: Server) -> tuple[float, int]:
    """A player clicks until the bot answers, again at once when a click failed; seconds
    until the answer and how many clicks failed before it."""
    start, failed = time.monotonic(), 0
    while True:
        clicked = await server.click()
        if clicked is None:  # the game ended or waits for another player: the table moves on
            await server.step()
            continue
        if not clicked.dead:
            return time.monotonic() - start, failed
        failed += 1
        assert time.monotonic() - start < 3 * TAKEOVER, f"{failed} clicks failed"


class Players:
    """Players who keep clicking at their servers (a click a second) until stopped; each
    server's failed clicks counted."""

    def __init__(self, servers: list[Server]) -> None:
        self.failed = dict.fromkeys(range(len(servers)), 0)
        self.answered = dict.fromkeys(range(len(servers)), 0)
        self._stop = asyncio.Event()
        self._tasks = [asyncio.create_task(self._play(i, s)) for i, s in enumerate(servers)]

    async def _play(self, i: int, server: Server) -> None:
        while not self._stop.is_set():
            clicked = await server.click()
            if clicked is None:
                await server.step()
            elif clicked.dead:
                self.failed[i] += 1
                continue  # the player clicks again at once
            else:
                self.answered[i] += 1
            await asyncio.sleep(1.0)  # a player's pace, not a wait for a condition

    async def stop(self) -> None:
        self._stop.set()
        await asyncio.gather(*self._tasks)


def live(fake: FakeDiscord, shard: int) -> bool:
    session = fake.gateway.sessions.get(shard)
    return session is not None and session.live


async def until(check: object, timeout: float, what: str) -> float:
    start = time.monotonic()
    while not check():  # type: ignore[operator]
        assert time.monotonic() - start < timeout, what
        await asyncio.sleep(0.05)
    return time.monotonic() - start


async def test_a_standby_answers_a_dead_process_s_servers_and_gives_them_back(
    pg_url: str, tmp_path: Path
) -> None:
    upgrade(make_engine(pg_url))
    store = Store(make_engine(pg_url))
    engine = store.engine
    async with fake_discord() as fake:
        servers = build(fake, store, pg_url, tmp_path)
        cluster = Cluster(fake, "croupier", pg_url, shard_count=SHARDS, processes=2, standbys=1,
                          log_dir=tmp_path, identify_window=0.5)  # fmt: skip
        async with cluster:
            (standby,) = cluster.standbys
            victim = cluster.process_of(1)
            dark = [s for s in servers if s.shard == 1]
            await play(servers, rounds=4)
            assert holder(engine, shard_role(1)) == cluster[victim].pid
            found = holder_of(engine, shard_role(0))
            assert found is not None and not found.standby

            moving = asyncio.gather(*(s.step() for s in servers))  # a round in flight
            cluster.kill(victim)

            def standby_holds() -> bool:
                found = holder_of(engine, shard_role(1))
                return found is not None and found.standby

            leased = asyncio.create_task(until(standby_holds, TAKEOVER, "no standby took it"))
            await fake.wait_until(lambda: not live(fake, 1), timeout=5)  # the owner's is gone
            connected = asyncio.create_task(until(lambda: live(fake, 1), TAKEOVER, "no session"))
            took, failed = await player(dark[0])
            print(f"the standby held the lease after {await leased:.2f} s, had shard 1's session "
                  f"after {await connected:.2f} s; a player's click answered after {took:.2f} s, "
                  f"{failed} failed")  # fmt: skip
            assert took < TAKEOVER and failed <= 1
            found = holder_of(engine, shard_role(1))
            assert found is not None and found.standby and found.pid == cluster[standby].pid
            await moving
            await cluster[victim].wait(10)
            await play(servers, rounds=3)  # every server plays on, shard 1's on the standby

            players = Players(dark)
            await asyncio.sleep(1.5)  # the players click before the owner is back
            restarted = await cluster.restart(victim, shards=False)  # the standby runs them
            back = await until(lambda: holder(engine, shard_role(1)) == restarted.pid,
                               TAKEOVER, "the owner did not get its shard back")  # fmt: skip
            await fake.wait_for_shards(SHARDS, TAKEOVER)
            await asyncio.sleep(3.0)  # the players click on after the handover
            await players.stop()
            print(f"shard 1 back after {back:.2f} s: failed {players.failed}, "
                  f"answered {players.answered}")  # fmt: skip
            assert all(n <= 1 for n in players.failed.values()), players.failed
            assert all(n >= 1 for n in players.answered.values()), players.answered
            took, failed = await player(dark[0])  # the owner answers
            assert failed == 0
            await play(servers, rounds=3)
            await all_delivered(store, timeout=90)
        check(fake, store, servers)


def check(fake: FakeDiscord, store: Store, servers: list[Server]) -> None:
    """Nothing lost or doubled, every log intact."""
    tally = Tally()
    for server in servers:
        check_channel(fake, store, server.channel, tally)
    assert tally.problems == [], "\n".join(tally.problems)
    games = set()
    for server in servers:
        for game_id, before, after, player_id in server.world.acknowledged:
            rows = store.events(game_id)
            moved = [r for r in rows if before < r.seq <= after]
            assert len(moved) == after - before, (game_id, before, after)
            assert moved[0].actor == player_id, (game_id, before, moved[0].actor, player_id)
            games.add(game_id)
    assert len(games) >= len(servers)
    for game_id in games:
        rows = store.events(game_id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), game_id


async def test_a_second_process_for_a_shard_or_another_shard_count_exits_78(
    pg_url: str, tmp_path: Path
) -> None:
    """Refused in one log line, with exit status 78 (EX_CONFIG); the first runs on."""
    upgrade(make_engine(pg_url))
    engine = make_engine(pg_url)
    async with fake_discord() as fake:
        fake.max_concurrency = SHARDS
        for shard in range(SHARDS):
            fake.add_guild(f"g{shard}", shard=(shard, SHARDS))
        assert fake.port is not None
        first = await start("croupier", fake.port, pg_url, shard_count=SHARDS, shard_ids="0")
        try:
            await first.wait_connected(60)
            for name, env, said in [
                ("same", {"SHARD_COUNT": "2", "SHARD_IDS": "0"},
                 f"shard 0 of 2 already runs in another process (pid {first.pid}"),
                ("count", {"SHARD_COUNT": "3", "SHARD_IDS": "1"},
                 "SHARD_COUNT=3 here, but processes with SHARD_COUNT=2 run on this database"),
            ]:  # fmt: skip
                log = tmp_path / f"{name}.log"
                second = await start("cli", fake.port, pg_url, env, log=log)
                assert await second.wait(60) == 78
                lines = [line for line in log.read_text().splitlines() if line.strip()]
                refused = [line for line in lines if "refused to run" in line]
                assert len(refused) == 1 and said in refused[0], lines
                assert not any("Traceback" in line for line in lines), lines
            assert first.returncode is None and holder(engine, shard_role(0)) == first.pid
        finally:
            await first.stop()
            engine.dispose()
