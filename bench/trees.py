"""Two (or more) Croupier checkouts side by side: bot CPU per click of each at saturation.

    python -m bench.trees /path/to/old/checkout,. [--tables 50] [--rounds 8] [--seconds 4]

Each checkout's bot runs in its own process against its own fake Discord (this process);
the closed-loop rounds of the checkouts are interleaved, the first alternating, so a machine
that slows down meanwhile slows all alike. A checkout needs this one's dependencies
installed: its own packages (``bot``, ``cogs``, ``loopback``) are put first on the child's
path, and the child is its own ``python -m loopback.process``, so nothing of this checkout's
layout runs there (an older checkout, with the bench still inside its ``bot`` package,
compares as well). This measured the before/after rows of docs/PERFORMANCE.md that compare
two versions of Croupier.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.discord import (
    BenchDiscord,
    Run,
    _per_click,
    _port,
    closed_loop,
    croupier_world,
    until_weiter,
)
from bot.store import default_sqlite_url
from loopback.process import start


async def compare(trees: Sequence[Path], tables: int, rounds: int, seconds: float) -> list[Run]:
    """One closed-loop :class:`Run` per checkout, ``rounds`` rounds of ``seconds`` each."""
    folder = Path(tempfile.mkdtemp(prefix="croupier-trees-"))
    async with contextlib.AsyncExitStack() as stack:
        sides = []
        for number, tree in enumerate(trees):
            fake = BenchDiscord()
            await fake.start()
            stack.push_async_callback(fake.stop)
            url = default_sqlite_url(folder / f"tree{number}.sqlite3")
            log = folder / f"tree{number}.log"
            env = {"PYTHONPATH": str(tree)}  # its own bot package (and migrations) first
            bot = await start("croupier", _port(fake), url, env, log=log, cwd=tree)
            stack.push_async_callback(bot.stop)
            await bot.wait_connected()
            await fake.wait_for_bot()
            world = croupier_world(fake, tables)
            await until_weiter(world)
            sides.append((fake, world, bot))
        runs = [Run(0.0) for _ in trees]
        for round_ in range(rounds):
            order = range(len(sides)) if round_ % 2 == 0 else reversed(range(len(sides)))
            for index in order:
                fake, world, bot = sides[index]
                runs[index].add(await closed_loop(fake, list(world), bot.pid, seconds))
        return runs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.trees", description=__doc__)
    parser.add_argument("trees", help="checkouts, comma-separated")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args(argv)
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    runs = asyncio.run(compare(trees, args.tables, args.rounds, args.seconds))
    print(
        "| checkout | clicks/s | bot CPU per click | of which the picture worker "
        "| REST calls per click | troubles |"
    )
    print("|---|---|---|---|---|---|")
    for tree, run in zip(trees, runs, strict=True):
        print(
            f"| {tree} | {run.answered() / run.seconds:,.0f} "
            f"| {_per_click(1e6 * run.bot_cpu, run):,.0f} µs "
            f"| {_per_click(1e6 * run.worker_cpu, run):,.0f} µs "
            f"| {_per_click(run.rest_calls, run):.2f} | {run.troubles} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
