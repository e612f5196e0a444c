"""Where a ``croupier run`` start goes (issue 44): the real command, started again and again
against the loopback Discord with discord.py's waits kept (:data:`loopback.process.DISCORD_WAITS`),
each start's phases read from the line it logs once ready (bot.startup).

    python -m bench.start_time [--database URL] [--runs 5] [--servers 20]

The first two starts migrate an empty database and upload the emojis; they are not
counted (a restart is what an operator waits for). Prints each phase's median over the
counted starts, and the wall time from spawning the process to its ready line, in seconds.
The loopback's process imports the bot before the start's clock begins, so the imports are
timed apart: ``import bot.app`` and the cogs in a fresh interpreter, as ``croupier run``
does them.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from loopback import fake_discord
from loopback.process import DISCORD_WAITS, start

WARM_UP = 2
IMPORTS = """
import time
start = time.perf_counter()
import bot.app
from bot.app import extensions
import importlib
for name in extensions():
    importlib.import_module(name)
print(time.perf_counter() - start)
"""
LINE = re.compile(r"started in ([\d.]+) s \((.*)\)")


def phases(log: str) -> dict[str, float]:
    """The phases of the last start line in a log."""
    found = LINE.findall(log)
    if not found:
        raise RuntimeError(f"no start line in the log:\n{log[-2000:]}")
    total, parts = found[-1]
    timed = {
        name: float(seconds) for name, seconds in (p.rsplit(" ", 1) for p in parts.split(", "))
    }
    return {**timed, "total (in process)": float(total)}


async def measure(url: str, runs: int, servers: int) -> dict[str, list[float]]:
    numbers: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        async with fake_discord() as fake:
            for i in range(servers):
                fake.add_channel(fake.add_guild(f"g{i}"), "tisch")
            assert fake.port is not None
            for run in range(runs + WARM_UP):
                log = Path(tmp) / f"start-{run}.log"
                env = {"LOG_LEVEL": "INFO", DISCORD_WAITS: "1"}
                proc = await start("cli", fake.port, url, env, log=log)
                wall = await proc.wait_connected(180)
                await asyncio.sleep(0.5)  # the start line is written with the ready line
                await proc.stop()
                if run < WARM_UP:
                    continue
                for name, seconds in phases(log.read_text()).items():
                    numbers[name].append(seconds)
                numbers["wall (spawn to ready)"].append(wall)
    for _ in range(runs):
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", IMPORTS, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await child.communicate()
        numbers["imports (croupier run's, apart)"].append(float(out))
    return numbers


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.start_time", description=__doc__)
    parser.add_argument("--database", default="", help="DATABASE_URL (default: a new SQLite)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--servers", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{tmp}/start.sqlite3"
        numbers = asyncio.run(measure(url, args.runs, args.servers))
    width = max(map(len, numbers))
    for name, values in numbers.items():
        shown = " ".join(f"{v:.2f}" for v in values)
        print(f"{name:<{width}}  median {statistics.median(values):5.2f} s   ({shown})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
