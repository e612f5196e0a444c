"""Where a click's CPU goes: py-spy on the bot and its picture worker at saturation.

    python -m bench.profile [--tree PATH] [--tables 50] [--seconds 20] [--players 2]

Needs py-spy (``pip install -e ".[profile]"``) and the right to trace the bot's processes
(root, or ``kernel.yama.ptrace_scope`` 0). A checkout's bot (this one by default) plays the
saturation closed loop of ``croupier bench --discord`` against the bench's fake Discord
(this process). After a few seconds of warming up, one unprofiled run of ``--seconds``
gives the CPU per click of the bot's process and of its picture worker; then a second run
of the same length under ``py-spy record --format raw`` attached to both gives the shares.
It prints the table of parts (:mod:`bench.stack_parts`: each sample counted once, for the
innermost part on its stack; the picture worker is a row of its own) and the functions
that cost the most. ``--keep DIR`` keeps the collapsed stacks (``bot.txt``, ``worker.txt``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.discord import (
    BenchDiscord,
    Run,
    _children,
    _port,
    closed_loop,
    croupier_world,
    until_weiter,
)
from bench.stack_parts import Profile, markdown, read_collapsed
from bot.store import default_sqlite_url
from loopback.process import start

SETTLE = 1.0
"""Seconds py-spy is given to attach before the profiled run starts."""
WARM = 5.0
"""Seconds of clicks before the measured run (the first turns' pictures, the caches)."""


@dataclass
class Profiled:
    """An unprofiled run (the CPU per click) and the collapsed stacks of a profiled one."""

    measured: Run
    profiled: Run
    bot: Profile
    worker: Profile
    worker_pid: int | None  # None: the bot had no picture worker to profile
    load: tuple[float, float]  # the machine's load average (1 min) at the start and the end


def py_spy() -> str:
    """The py-spy program next to this Python, or on the path."""
    beside = Path(sys.executable).with_name("py-spy")
    found = str(beside) if beside.exists() else shutil.which("py-spy")
    if found is None:
        raise SystemExit('py-spy is missing: pip install -e ".[profile]"')
    return found


def picture_worker(pid: int) -> int | None:
    """The bot's picture worker: its child started by multiprocessing's spawn (not the
    resource tracker, the other child spawn starts)."""
    for child in _children(pid):
        with contextlib.suppress(OSError):
            command = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
            if b"spawn_main" in command:
                return child
    return None


async def record(
    pid: int, output: Path, rate: int, nonblocking: bool
) -> asyncio.subprocess.Process:
    """``py-spy record`` on ``pid`` until interrupted, collapsed stacks into ``output``."""
    args = [py_spy(), "record", "--pid", str(pid), "--format", "raw", "--nolineno"]
    args += ["--rate", str(rate), "--output", str(output)]
    if nonblocking:
        args.append("--nonblocking")
    return await asyncio.create_subprocess_exec(
        *args, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )


async def finish(spy: asyncio.subprocess.Process) -> None:
    """Stop ``spy`` as Ctrl-C does: it writes its file, then ends."""
    if spy.returncode is None:
        spy.send_signal(signal.SIGINT)
    _, errors = await spy.communicate()
    if spy.returncode not in (0, -signal.SIGINT):
        raise RuntimeError(f"py-spy failed ({spy.returncode}): {errors.decode()[-2000:]}")


async def profile(
    tree: Path,
    tables: int,
    seconds: float,
    folder: Path,
    *,
    rate: int = 100,
    nonblocking: bool = False,
    players: int = 2,
) -> Profiled:
    """Run ``tree``'s bot at saturation with ``tables`` tables of ``players``: measured,
    then profiled."""
    load = os.getloadavg()[0]
    async with contextlib.AsyncExitStack() as stack:
        fake = BenchDiscord()
        await fake.start()
        stack.push_async_callback(fake.stop)
        url = default_sqlite_url(folder / "bench.sqlite3")
        env = {"PYTHONPATH": str(tree)}
        bot = await start("croupier", _port(fake), url, env, log=folder / "bot.log", cwd=tree)
        stack.push_async_callback(bot.stop)
        await bot.wait_connected()
        await fake.wait_for_bot()
        world = croupier_world(fake, tables, players=players)
        await until_weiter(world)
        await closed_loop(fake, list(world), bot.pid, min(WARM, seconds))
        measured = await closed_loop(fake, list(world), bot.pid, seconds)
        worker = picture_worker(bot.pid)
        spies = [await record(bot.pid, folder / "bot.txt", rate, nonblocking)]
        if worker is not None:
            spies.append(await record(worker, folder / "worker.txt", rate, nonblocking))
        await asyncio.sleep(SETTLE)
        try:
            profiled = await closed_loop(fake, list(world), bot.pid, seconds)
        finally:
            for spy in spies:
                await finish(spy)
    return Profiled(
        measured,
        profiled,
        read_collapsed((folder / "bot.txt").read_text()),
        read_collapsed(_text(folder / "worker.txt")),
        worker,
        (load, os.getloadavg()[0]),
    )


def _text(path: Path) -> str:
    return path.read_text() if path.exists() else ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__)
    parser.add_argument("--tree", default=".", help="the checkout whose bot runs (default: .)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--players", type=int, default=2, choices=[2, 3, 4, 5, 6], help="seats per table"
    )
    parser.add_argument("--rate", type=int, default=100, help="py-spy's samples per second")
    parser.add_argument("--nonblocking", action="store_true", help="py-spy without pausing")
    parser.add_argument("--keep", default="", help="keep the collapsed stacks in this folder")
    args = parser.parse_args(argv)
    tree = Path(args.tree).resolve()
    with contextlib.ExitStack() as stack:
        folder = (
            Path(args.keep)
            if args.keep
            else Path(stack.enter_context(tempfile.TemporaryDirectory()))
        )
        folder.mkdir(parents=True, exist_ok=True)
        result = asyncio.run(
            profile(
                tree,
                args.tables,
                args.seconds,
                folder,
                rate=args.rate,
                nonblocking=args.nonblocking,
                players=args.players,
            )
        )
    print(f"Load average: {result.load[0]:.2f} at the start, {result.load[1]:.2f} at the end.")
    print(markdown(result.bot, result.worker, result.measured, result.profiled, rate=args.rate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
