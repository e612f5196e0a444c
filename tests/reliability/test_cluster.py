"""The test of record for several processes (issue 33): three Croupier processes, two
shards each, on one PostgreSQL database, against the loopback Discord.

Twelve servers, two on each shard, play tables of all four games, and a tournament's
groups play in one of them, all at once. The process that runs the clock is killed with
SIGKILL in the middle of play. Its servers' clicks go unanswered, as on Discord; the other
servers play on without a refusal; the clock passes to another process (timed) and runs a
due clock at a server of a third. The killed process is started again and everything goes
on. Afterwards every acknowledged click is in its game's log once, by its player; every
log is a gap-free hash chain and every finished game passes ``Service.audit``; once
delivered, every announcement exists exactly once and every live table message is
current; the leak scan saw no secret in a public message; the commands were synced once.

The default run kills twice (``slow``, sized for CI), ``CROUPIER_FULL_RUNS=1`` ten times,
``CROUPIER_CLUSTER_KILLS=N`` N times, each time the process that holds the clock then.
docs/RELIABILITY.md has the numbers.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.cluster.link import holder
from bot.cluster.member import CLOCK
from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store, make_engine, upgrade
from bot.store.clock_rows import ClockStore
from bot.store.columns import utcnow
from loopback import FakeDiscord, fake_discord
from loopback.cluster import Cluster
from loopback.entities import Channel, Interaction, User
from tests.helpers.announcements import Tally, all_delivered, check_channel, check_tournament
from tests.helpers.leaks import LeakScan
from tests.reliability.test_crash import COMMANDS, Crash, _answer, _buttons, _step
from tests.reliability.test_crash_tournament import (
    MANAGE_GUILD,
    World,
    next_click,
    shown,
    table_in,
)

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SHARDS, PROCESSES, SERVERS = 6, 3, 12
FAILOVER = 10.0  # the promise: the clock runs elsewhere within 10 s
KINDS = list(COMMANDS)


@dataclass
class Server:
    """A server with one table channel and its three players (a Crash world of its own,
    so the crash test's players play here unchanged)."""

    shard: int
    kind: str
    world: Crash

    @property
    def channel(self) -> Channel:
        return self.world.channels[self.kind]

    async def step(self) -> None:
        await _step(self.world, self.kind)

    async def click(self) -> Interaction | None:
        """One press of a game button on the live table by a player to act (None: none)."""
        world = self.world
        game_id = world.table(self.kind)
        tables = [m for m in world.fake.channel_messages(self.channel) if _buttons(m)]
        to_act = world.to_act(game_id) if game_id is not None else []
        if not tables or not to_act:
            return None
        user = world.users[world.rng.choice(to_act)]
        before = world.version(game_id) if game_id is not None else 0
        clicked = await world.fake.click(user, tables[-1], world.rng.choice(_buttons(tables[-1])))
        world.clicks += 1
        if not clicked.dead:
            await _answer(world, user, clicked)
            after = world.version(game_id) if game_id is not None else 0
            if game_id is not None and after > before:
                world.acknowledged.append((game_id, before, after, str(user.id)))
        return clicked


@dataclass
class Tournament:
    world: World
    store: Store
    shard: int
    clicks: int = 0

    async def step(self) -> None:
        """The next click of a group that still plays (``stopp``, or "ohne Joker")."""
        for thread in self.world.fake.threads(self.world.channel):
            if table_in(self.world, thread) is None:
                continue
            await shown(self.world, self.store, thread)  # its last move drawn: over, maybe
            if table_in(self.world, thread) is None:
                continue
            user, message, custom_id = await next_click(self.world, self.store, thread)
            await self.world.fake.click(user, message, custom_id)
            self.clicks += 1
            return


def build(fake: FakeDiscord, store: Store, url: str, tmp_path: Path, seed: int) -> list[Server]:
    servers = []
    for index in range(SERVERS):
        shard = index % SHARDS
        guild = fake.add_guild(f"Runde {index}", shard=(shard, SHARDS))
        kind = KINDS[index % len(KINDS)]
        channel = fake.add_channel(guild, kind)
        users = [fake.add_user(f"{name}{index}", guild=guild) for name in ("Anna", "Ben", "Cem")]
        world = Crash(fake, {str(u.id): u for u in users}, {kind: channel}, store, url,
                      tmp_path / "unused.log", random.Random(seed + index))  # fmt: skip
        servers.append(Server(shard, kind, world))
    return servers


async def open_tournament(fake: FakeDiscord, store: Store, shard: int) -> Tournament:
    guild = fake.add_guild("Turnierabend", shard=(shard, SHARDS))
    channel = fake.add_channel(guild, "turnier")
    names = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gert", "Hanna"]
    users: list[User] = [fake.add_user(name, guild=guild) for name in names]
    users[0].permissions |= MANAGE_GUILD
    world = World(fake, channel, {str(u.id): u for u in users}, Path("-"), Path("-"))
    created = await fake.slash(users[0], channel, "turnier erstellen", name="Herbst",
                               durchgaenge=1)  # fmt: skip
    assert created.message is not None, fake.describe(created)
    registration = created.message
    for user in users:
        register = next(c for c in registration.custom_ids() if "register" in c)
        await fake.click(user, registration, register)
    close = next(c for c in registration.custom_ids() if ":close" in c)
    await fake.click(users[0], registration, close)
    await fake.wait_until(lambda: len(fake.threads(channel)) == 2, timeout=20)
    return Tournament(world, store, shard)


async def play(servers: list[Server], tournament: Tournament, rounds: int) -> None:
    """Every server makes a move, all at once, ``rounds`` times; the tournament too."""
    for _ in range(rounds):
        await asyncio.gather(*(s.step() for s in servers), tournament.step())


async def clock_runs_elsewhere(store: Store, server: Server) -> float:
    """Make the clock of ``server``'s running game due now; seconds until the clock's
    process played the absence rule there."""
    game_id = server.world.table(server.kind)
    assert game_id is not None
    clocks = ClockStore(store.engine)
    stored = clocks.get(game_id)
    assert stored is not None and stored.deadline is not None, stored
    before = store.get(game_id).version
    clocks.put(replace(stored, deadline=utcnow() - timedelta(seconds=1), reminded=True))
    start = time.monotonic()
    while store.get(game_id).version == before:
        assert time.monotonic() - start < FAILOVER + 5, "the clock did not run"
        await asyncio.sleep(0.1)
    newest = store.events(game_id)[-1]
    assert newest.action.get("by_croupier") == "clock", newest.action
    return time.monotonic() - start


def running(store: Store, server: Server) -> bool:
    """Whether the server's table is a game being played (not a lobby whose start got no
    answer, nor a paused or ended table): its clock plays the absence rule."""
    game_id = server.world.table(server.kind)
    return game_id is not None and store.get(game_id).status == "open"


async def until_holder(store: Store, pids: set[int]) -> None:
    """Until one of ``pids`` holds the clock (as PostgreSQL's locks show)."""
    start = time.monotonic()
    while holder(store.engine, CLOCK) not in pids:
        assert time.monotonic() - start < FAILOVER, "nobody took the clock over"
        await asyncio.sleep(0.02)


async def run(pg_url: str, tmp_path: Path, kills: int, seed: int) -> dict[str, Any]:
    upgrade(make_engine(pg_url))
    store = Store(make_engine(pg_url))
    numbers: dict[str, Any] = {"kills": 0, "dead clicks": 0}
    async with fake_discord() as fake:
        servers = build(fake, store, pg_url, tmp_path, seed)
        scan = LeakScan(fake, lambda: Service(store)).install()  # reads each game anew
        rng = random.Random(seed)
        async with Cluster(fake, "croupier", pg_url, shard_count=SHARDS, processes=PROCESSES,
                           log_dir=tmp_path, identify_window=0.5) as cluster:  # fmt: skip
            syncs = [c for c in fake.rest_log if c.method == "PUT" and "/commands" in c.path]
            assert len(syncs) == 1, "the commands were synced more than once"
            tournament = await open_tournament(fake, store, shard=0)
            await play(servers, tournament, rounds=4)
            for _ in range(kills):
                pids = {cluster[i].pid: i for i in range(PROCESSES)}
                victim = pids[holder(store.engine, CLOCK) or 0]
                dark = [s for s in servers if cluster.process_of(s.shard) == victim]
                lit = [s for s in servers if s not in dark]
                moving = asyncio.gather(*(s.step() for s in servers))  # a round in flight
                await asyncio.sleep(rng.uniform(0, 0.05))
                killed = time.monotonic()
                cluster.kill(victim)
                numbers["kills"] += 1
                await until_holder(store, set(pids) - {cluster[victim].pid})
                took = time.monotonic() - killed
                numbers.setdefault("clock taken over after s", []).append(round(took, 2))
                assert took < FAILOVER
                await cluster[victim].wait(10)
                await moving
                for server in dark:  # as on Discord: nobody answers these servers now
                    clicked = await server.click()
                    assert clicked is None or clicked.dead, fake.describe(clicked)
                    numbers["dead clicks"] += clicked is not None
                for server in lit:  # the others play on and notice nothing
                    clicked = await server.click()
                    assert clicked is None or not clicked.dead, fake.describe(clicked)
                playing = [s for s in lit if running(store, s)]  # (a lobby's clock closes it)
                other = next(s for s in playing if s.kind in ("verflixte6", "teufel"))
                numbers.setdefault("due clock run after s", []).append(
                    round(await clock_runs_elsewhere(store, other), 2)
                )
                moves = len(other.world.acknowledged)  # its owner reads the clock's move
                while (clicked := await other.click()) is not None and len(
                    other.world.acknowledged
                ) == moves:  # (a click that only opens a prompt moves nothing yet)
                    assert not clicked.dead
                assert clicked is None or len(other.world.acknowledged) > moves
                await cluster.restart(victim)
                await play(servers, tournament, rounds=3)
            for _ in range(3):  # and on, after the last restart
                await play(servers, tournament, rounds=1)
            await all_delivered(store, timeout=90)
        numbers.update(check(fake, store, servers, tournament))
        assert scan.leaks == [], scan.describe()
        numbers["messages scanned"] = scan.messages
        numbers["tournament clicks"] = tournament.clicks
    return numbers


def check(
    fake: FakeDiscord, store: Store, servers: list[Server], tournament: Tournament
) -> dict[str, Any]:
    """Nothing lost or doubled, every log intact, every finished game audited."""
    tally = Tally()
    for server in servers:
        check_channel(fake, store, server.channel, tally)
    check_tournament(fake, store, tournament.world.channel, tally)
    assert tally.problems == [], "\n".join(tally.problems)
    service = Service(store)
    moves = 0
    for server in servers:
        for game_id, before, after, player in server.world.acknowledged:
            rows = store.events(game_id)
            moved = [r for r in rows if before < r.seq <= after]
            assert len(moved) == after - before, (game_id, before, after)
            assert moved[0].actor == player, (game_id, before, moved[0].actor, player)
            moves += 1
    games = [row for row in store.open_games()] + finished_games(store)
    audited = 0
    for row in games:
        assert row.id is not None
        rows = store.events(row.id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), row.id
        if row.status == "finished":
            assert service.records.audit(row.id) == [], row.id
            audited += 1
        else:
            assert service.records.verify(row.id).ok, row.id
    kinds = {row.kind for row in games}
    assert set(GAMES) <= kinds | {"turnier"}, kinds
    return {"moves": moves, "games": len(games), "audited": audited,
            "announcements": sum(tally.counted.values()),
            "clicks": sum(s.world.clicks for s in servers)}  # fmt: skip


def finished_games(store: Store) -> list[Any]:
    found = []
    for game_id in range(1, 10_000):
        try:
            row = store.get(game_id)
        except Exception:
            break
        if row.status not in ("lobby", "open", "paused"):
            found.append(row)
    return found


async def test_three_processes_lose_nothing_when_the_clock_s_process_is_killed(
    pg_url: str, tmp_path: Path
) -> None:
    full = os.environ.get("CROUPIER_FULL_RUNS") == "1"
    kills = int(os.environ.get("CROUPIER_CLUSTER_KILLS", "10" if full else "2"))
    numbers = await run(pg_url, tmp_path, kills=kills, seed=33)
    print("cluster run:", numbers)
    assert numbers["kills"] == kills and numbers["moves"] >= 20
