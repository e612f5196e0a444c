"""Several processes (issue 33): the bench's clicks over the shards of one process and of two.

    python -m bench.shards_bench [--database URL] [--tables 100] [--seconds 20] [--rounds 4]

One fake Discord (this process, with the players) has ``--servers`` servers spread evenly
over 2 shards and the tables dealt in turn to them; Croupier runs on a fresh schema of one
PostgreSQL database (:mod:`loopback.cluster`) in two configurations, one at a time:

- one process on shards 0-1 of 2;
- two processes, one on shard 0 and one on shard 1.

The configurations take turns A,B,B,A,... (a round each), so that a machine slowing down
meanwhile slows both alike; a configuration is started anew when its turn comes after the
other's (it finds the games in the database) and warmed up unmeasured. A turn measures the
closed loop (every table clicks as soon as its last click was answered: saturation), then
an open loop (each table once per second: latency at a lighter load). Bot CPU is user +
system time of every bot process and of its children (the picture worker); database CPU
that of the PostgreSQL server processes connected to the bench's database (on this
machine, read from /proc), both divided by the answered clicks.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bench.discord import (
    LATENCY_LABELS,
    AnyTable,
    BenchDiscord,
    Pids,
    Run,
    Table,
    _cpu_of,
    closed_loop,
    croupier_world,
    open_loop,
    percentile,
    until_weiter,
)
from bot.cluster.shards import shard_of
from bot.store import make_engine, normalize_url, upgrade
from loopback.cluster import Cluster

SHARDS = 2
SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/"
DATABASE = "croupier_bench_shards"


@dataclass(frozen=True)
class Config:
    """A configuration: the shards of each of its processes."""

    name: str
    ranges: tuple[tuple[int, ...], ...]

    def process_of(self, shard: int) -> int:
        return next(i for i, shards in enumerate(self.ranges) if shard in shards)

    def describe(self, process: int) -> str:
        shards = self.ranges[process]
        return f"{shards[0]}-{shards[-1]}" if len(shards) > 1 else str(shards[0])


ONE = Config("1 process", ((0, 1),))
TWO = Config("2 processes", ((0,), (1,)))
CONFIGS = (ONE, TWO)


@dataclass
class ShardBench:
    database: str = ""  # a PostgreSQL URL; empty: DATABASE on SERVER (created if missing)
    tables: int = 100
    servers: int = 4  # spread evenly over the shards
    seconds: float = 20.0  # closed loop per configuration, split over the rounds
    open_seconds: float = 8.0  # open loop per configuration, split over the rounds
    rounds: int = 4
    warmup: float = 2.0  # closed loop, unmeasured, after a configuration (re)started
    folder: Path | None = None  # the bots' logs (default: a temporary folder)


@dataclass
class Measured:
    """What one configuration saw, its rounds added up."""

    saturation: Run = field(default_factory=lambda: Run(0.0))
    light: Run = field(default_factory=lambda: Run(0.0))
    database_cpu: float = 0.0  # during the saturation runs
    starts: int = 0


@dataclass
class Report:
    settings: ShardBench
    measured: dict[str, Measured] = field(default_factory=dict)  # by Config.name
    schema: str = ""


# -- the database ---------------------------------------------------------------------------


def database_url(given: str) -> str:
    """The bench's database: ``given``, or DATABASE on SERVER, created if missing."""
    if given:
        return normalize_url(given)
    admin = create_engine(SERVER + "postgres", poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            found = conn.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": DATABASE}
            ).first()
            if found is None:
                conn.execute(text(f'CREATE DATABASE "{DATABASE}"'))
    finally:
        admin.dispose()
    return SERVER + DATABASE


@contextlib.contextmanager
def fresh_schema(url: str) -> Iterator[tuple[str, str]]:
    """A new schema in the database at ``url``, migrated; its name and URL. Dropped after."""
    schema = f"bench_shards_{secrets.token_hex(4)}"
    admin = create_engine(url, poolclass=NullPool)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    scoped_url = scoped.render_as_string(hide_password=False)
    try:
        engine = make_engine(scoped_url)
        upgrade(engine)  # once, before the processes start
        engine.dispose()
        yield schema, scoped_url
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


class Backends:
    """The PostgreSQL server processes connected to the bench's database (the server runs
    on this machine: their CPU is read from /proc like the bots')."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url, poolclass=NullPool)

    def cpu(self) -> dict[int, float]:
        """CPU seconds so far of each client backend on the database but this query's."""
        with self.engine.connect() as conn:
            pids = conn.execute(
                text(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                    "AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
                )
            ).scalars()
            return {pid: _cpu_of(pid)[0] for pid in pids}

    async def during(self, measured: Awaitable[Run]) -> tuple[Run, float]:
        """``measured``'s run and the backends' CPU seconds meanwhile (one that ended
        meanwhile is missed; the bots keep their pooled connections)."""
        before = self.cpu()
        run = await measured
        after = self.cpu()
        return run, sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())

    def dispose(self) -> None:
        self.engine.dispose()


# -- the run --------------------------------------------------------------------------------


def sharded_world(fake: BenchDiscord, tables: int, servers: int) -> list[Table]:
    """``servers`` servers, server i on shard i % SHARDS, the tables dealt in turn."""
    guilds = [fake.add_guild(f"Bench {i}", shard=(i % SHARDS, SHARDS)) for i in range(servers)]
    return croupier_world(fake, tables, guilds)


def turns(rounds: int) -> list[Config]:
    """A,B then B,A, round after round."""
    order: list[Config] = []
    for round_ in range(rounds):
        order += CONFIGS if round_ % 2 == 0 else tuple(reversed(CONFIGS))
    return order


@contextlib.asynccontextmanager
async def running(
    fake: BenchDiscord, config: Config, url: str, folder: Path
) -> AsyncIterator[Cluster]:
    log_dir = folder / config.name.replace(" ", "-")
    log_dir.mkdir(parents=True, exist_ok=True)
    cluster = Cluster(fake, "croupier", url, shard_count=SHARDS, ranges=config.ranges,
                      log_dir=log_dir, identify_window=0.0)  # fmt: skip
    async with cluster:
        yield cluster


def pids_of(cluster: Cluster) -> list[int]:
    return [cluster[i].pid for i in range(len(cluster.ranges))]


async def measure(settings: ShardBench) -> Report:
    url = database_url(settings.database)
    with contextlib.ExitStack() as stack:
        folder = settings.folder or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        schema, scoped = stack.enter_context(fresh_schema(url))
        report = Report(settings, {c.name: Measured() for c in CONFIGS}, schema)
        backends = Backends(scoped)
        stack.callback(backends.dispose)
        fake = BenchDiscord()
        tables = sharded_world(fake, settings.tables, settings.servers)
        await fake.start()
        try:
            await _turns(report, fake, tables, url=scoped, folder=folder, backends=backends)
        finally:
            await fake.stop()
    return report


async def _turns(
    report: Report,
    fake: BenchDiscord,
    tables: list[Table],
    *,
    url: str,
    folder: Path,
    backends: Backends,
) -> None:
    settings = report.settings
    rounds = max(1, settings.rounds)
    closed, light = settings.seconds / rounds, max(1.0, settings.open_seconds / rounds)
    load: list[AnyTable] = list(tables)
    async with contextlib.AsyncExitStack() as stack:
        current: Config | None = None
        pids: Pids = ()
        for config in turns(rounds):
            found = report.measured[config.name]
            if config != current:
                await stack.aclose()
                cluster = await stack.enter_async_context(running(fake, config, url, folder))
                await fake.wait_until(lambda: bool(fake.commands()), timeout=30)
                current, pids = config, pids_of(cluster)
                found.starts += 1
                await until_weiter(tables)
                if settings.warmup > 0:
                    await closed_loop(fake, list(load), pids, settings.warmup)
            run, database = await backends.during(closed_loop(fake, list(load), pids, closed))
            found.saturation.add(run)
            found.database_cpu += database
            found.light.add(await open_loop(fake, list(load), pids, light))


def run(settings: ShardBench) -> Report:
    return asyncio.run(measure(settings))


# -- output ---------------------------------------------------------------------------------


def answered_by_process(run: Run, config: Config) -> list[int]:
    """Answered clicks per process of ``config`` (each server's shard says whose)."""
    counts = [0] * len(config.ranges)
    for click in run.clicks:
        interaction = click.interaction
        if interaction.response_type is not None:
            shard = shard_of(interaction.channel.guild_id, SHARDS)
            counts[config.process_of(shard)] += 1
    return counts


def _ms(run: Run, p: float) -> float:
    return percentile(run.latencies(*LATENCY_LABELS), p) * 1000


def _us(seconds: float, clicks: int) -> float:
    return seconds * 1e6 / max(clicks, 1)


def markdown(report: Report) -> str:
    settings = report.settings
    one, two = (report.measured[c.name] for c in CONFIGS)
    lines = [
        f"### Saturation, closed loop: {settings.tables} tables on {settings.servers} servers "
        f"over {SHARDS} shards, {settings.seconds:g} s per configuration in {settings.rounds} "
        "rounds",
        "",
        "| configuration | answered clicks/s | weiter p50 | weiter p99 | bot CPU per click "
        "| of which picture workers | database CPU per click | cores busy: bots + database "
        "+ players | refused or not updated |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for config in CONFIGS:
        found = report.measured[config.name]
        sat = found.saturation
        clicks = sat.answered()
        lines.append(
            f"| {_label(config)} | {clicks / max(sat.seconds, 1e-9):,.0f} "
            f"| {_ms(sat, 50):.1f} ms | {_ms(sat, 99):.1f} ms "
            f"| {_us(sat.bot_cpu, clicks):,.0f} µs | {_us(sat.worker_cpu, clicks):,.0f} µs "
            f"| {_us(found.database_cpu, clicks):,.0f} µs | {_cores(found)} | {sat.troubles} |"
        )
    ratio = _rate(two.saturation) / max(_rate(one.saturation), 1e-9)
    lines += ["", f"2 processes / 1 process: {ratio:.2f}× answered clicks/s.", ""]
    lines += [
        "### Each process at saturation",
        "",
        "| configuration | process | shards | answered clicks/s | bot CPU | bot CPU per click "
        "| clicks/s per core (1 / CPU per click) |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    for config in CONFIGS:
        sat = report.measured[config.name].saturation
        answered = answered_by_process(sat, config)
        for index, cpu in enumerate(sat.process_cpu):
            per_click = _us(cpu, answered[index])
            lines.append(
                f"| {config.name} | {index} | {config.describe(index)} "
                f"| {answered[index] / max(sat.seconds, 1e-9):,.0f} "
                f"| {cpu / max(sat.seconds, 1e-9):.0%} of a core "
                f"| {per_click:,.0f} µs | {1e6 / max(per_click, 1e-9):,.0f} |"
            )
    lines += [
        "",
        f"### Open loop: 1 click/s per table, {settings.open_seconds:g} s per configuration",
        "",
        "| configuration | answered clicks/s | weiter p50 | weiter p99 | slowest | missed 3 s "
        "deadline | sent > 100 ms late |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for config in CONFIGS:
        light = report.measured[config.name].light
        lines.append(
            f"| {_label(config)} | {_rate(light):,.0f} | {_ms(light, 50):.1f} ms "
            f"| {_ms(light, 99):.1f} ms | {_ms(light, 100):.1f} ms | {light.missed} "
            f"| {light.late_starts} |"
        )
    starts = ", ".join(f"{c.name} {report.measured[c.name].starts}×" for c in CONFIGS)
    lines += ["", f"Started: {starts} (schema {report.schema}, dropped after the run).", ""]
    return "\n".join(lines)


def _cores(found: Measured) -> str:
    """The machine's cores the saturation runs kept busy: the bots (with their workers),
    the database's server processes, this process (the fake Discord and the players)."""
    sat, seconds = found.saturation, max(found.saturation.seconds, 1e-9)
    parts = (sat.bot_cpu, found.database_cpu, sat.own_cpu)
    return f"{sum(parts) / seconds:.2f} = " + " + ".join(f"{p / seconds:.2f}" for p in parts)


def _label(config: Config) -> str:
    shards = ", ".join(config.describe(i) for i in range(len(config.ranges)))
    return f"{config.name} (shards {shards} of {SHARDS})"


def _rate(run: Run) -> float:
    return run.answered() / max(run.seconds, 1e-9)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.shards_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--database",
        default="",
        help=f"PostgreSQL URL (default: {DATABASE} on {SERVER}, created if missing); "
        "a fresh schema each run",
    )
    parser.add_argument("--tables", type=int, default=ShardBench.tables)
    parser.add_argument("--servers", type=int, default=ShardBench.servers)
    per = "per configuration, split over the rounds"
    parser.add_argument(
        "--seconds", type=float, default=ShardBench.seconds, help="closed loop " + per
    )
    parser.add_argument(
        "--open-seconds", type=float, default=ShardBench.open_seconds, help="open loop " + per
    )
    parser.add_argument("--rounds", type=int, default=ShardBench.rounds)
    parser.add_argument("--warmup", type=float, default=ShardBench.warmup)
    args = parser.parse_args(argv)
    if args.servers < SHARDS or args.tables < args.servers:
        parser.error(f"at least {SHARDS} servers, and at least one table per server")
    settings = ShardBench(
        args.database,
        args.tables,
        args.servers,
        args.seconds,
        args.open_seconds,
        args.rounds,
        args.warmup,
    )
    print(markdown(run(settings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
