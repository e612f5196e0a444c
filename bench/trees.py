"""Two (or more) Croupier checkouts side by side: bot CPU per click of each at saturation.

    python -m bench.trees /path/to/old/checkout,. [--tables 50] [--rounds 8] [--seconds 4]
        [--players 4] [--env KEY=VALUE,... --env KEY=VALUE,...]

One checkout under two settings: name it twice, with an ``--env`` for each (in the order of
the checkouts; ``-`` for none), e.g. ``.,. --env CROUPIER_UVLOOP=1 --env CROUPIER_UVLOOP=0``.

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
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
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


@dataclass
class Tree:
    """A checkout to measure, with the settings its bot runs under."""

    path: Path
    env: dict[str, str] = field(default_factory=dict)
    loop: str = ""  # the event loop its bot ran on (as the bot said)


def parse_env(text: str) -> dict[str, str]:
    """``KEY=VALUE,KEY=VALUE`` (``-`` or nothing: none)."""
    found = {}
    for pair in filter(None, (p.strip() for p in text.split(","))):
        if pair == "-":
            continue
        key, equals, value = pair.partition("=")
        if not equals or not key:
            raise ValueError(f"--env wants KEY=VALUE, not {pair!r}")
        found[key] = value
    return found


async def compare(
    trees: Sequence[Path | Tree], tables: int, rounds: int, seconds: float, players: int = 2
) -> list[Run]:
    """One closed-loop :class:`Run` per checkout, ``rounds`` rounds of ``seconds`` each, at
    ``players`` players per table. A :class:`Tree` learns its bot's event loop."""
    folder = Path(tempfile.mkdtemp(prefix="croupier-trees-"))
    async with contextlib.AsyncExitStack() as stack:
        sides = []
        for number, given in enumerate(trees):
            tree = given if isinstance(given, Tree) else Tree(given)
            fake = BenchDiscord()
            await fake.start()
            stack.push_async_callback(fake.stop)
            url = default_sqlite_url(folder / f"tree{number}.sqlite3")
            log = folder / f"tree{number}.log"
            # its own bot package (and migrations) first
            env = {**tree.env, "PYTHONPATH": str(tree.path)}
            bot = await start("croupier", _port(fake), url, env, log=log, cwd=tree.path)
            stack.push_async_callback(bot.stop)
            await bot.wait_connected()
            tree.loop = bot.loop
            await fake.wait_for_bot()
            world = croupier_world(fake, tables, players=players)
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
    parser.add_argument("--players", type=int, choices=(2, 4, 6), default=2)
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        help="KEY=VALUE,... for one checkout's bot (once per checkout, in their order; - none)",
    )
    args = parser.parse_args(argv)
    paths = [Path(t).resolve() for t in args.trees.split(",")]
    if args.env and len(args.env) != len(paths):
        parser.error(f"--env: one per checkout ({len(paths)}), not {len(args.env)}")
    try:
        envs = [parse_env(text) for text in args.env] or [{} for _ in paths]
    except ValueError as exc:
        parser.error(str(exc))
    trees = [Tree(path, env) for path, env in zip(paths, envs, strict=True)]
    load = os.getloadavg()
    runs = asyncio.run(compare(trees, args.tables, args.rounds, args.seconds, args.players))
    print(
        f"{args.tables} tables of Die verflixte 6 at {args.players} players; load average "
        f"(1, 5, 15 min) at start {_load(load)}, at end {_load(os.getloadavg())}\n"
    )
    print(
        "| checkout | settings | event loop | clicks/s | bot CPU per click "
        "| of which the picture worker | REST calls per click | troubles |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for tree, run in zip(trees, runs, strict=True):
        settings = " ".join(f"{k}={v}" for k, v in tree.env.items()) or "–"
        print(
            f"| {tree.path} | {settings} | {tree.loop} | {run.answered() / run.seconds:,.0f} "
            f"| {_per_click(1e6 * run.bot_cpu, run):,.0f} µs "
            f"| {_per_click(1e6 * run.worker_cpu, run):,.0f} µs "
            f"| {_per_click(run.rest_calls, run):.2f} | {run.troubles} |"
        )
    return 0


def _load(sample: tuple[float, float, float]) -> str:
    return " ".join(f"{value:.2f}" for value in sample)


if __name__ == "__main__":
    sys.exit(main())
