"""Page load for the web in the bot's process (``croupier bench --discord --web-load RATE``):
a process of its own that asks the bot's web pages at a steady rate while clicks flow.

``python -m bench.web_load --port P --rate R PATH …`` waits for commands on stdin: ``go``
starts asking (one page every 1/R s on a fixed timetable, the paths in turn, each request
not waiting for the one before: an open loop, as visitors are), ``stop`` stops and answers
with one JSON line (pages answered, errors, p50/p99 in ms), end of input ends the process.

Visitors come from several addresses (127.0.0.2, 127.0.0.3, …: the loopback answers on all
of 127/8), each below the pages' per-address limit (bot.web.limits.RATE), so the pages are
served, not slowed: the load is the one asked for.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

import aiohttp

from bot.web.limits import RATE

PER_ADDRESS = RATE / 2
"""Pages a second each address asks at most (half the limit, a margin for bursts)."""


class Load:
    def __init__(self, port: int, rate: float, paths: Sequence[str]) -> None:
        self.port, self.rate, self.paths = port, rate, list(paths)
        self.times: list[float] = []
        self.errors = 0
        self.failures: dict[str, int] = {}
        self.began = self.seconds = 0.0
        """Failed requests by their status, or the client's exception."""
        self._sessions: list[aiohttp.ClientSession] = []
        self._pending: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        addresses = max(1, math.ceil(self.rate / PER_ADDRESS))
        for n in range(addresses):
            connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{2 + n}", 0))
            self._sessions.append(aiohttp.ClientSession(connector=connector))

    async def close(self) -> None:
        for session in self._sessions:
            await session.close()

    async def run(self, stop: asyncio.Event) -> None:
        """Ask a page every 1/rate s until ``stop`` is set; then wait for those asked."""
        began, sent = time.perf_counter(), 0
        self.began = began
        while not stop.is_set():
            session = self._sessions[sent % len(self._sessions)]
            path = self.paths[sent % len(self.paths)]
            task = asyncio.create_task(self._ask(session, path))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)
            sent += 1
            delay = began + sent / self.rate - time.perf_counter()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), delay)
        self.seconds = time.perf_counter() - began  # (the asking, not the waiting after)
        if self._pending:
            await asyncio.wait(self._pending)

    async def _ask(self, session: aiohttp.ClientSession, path: str) -> None:
        began = time.perf_counter()
        try:
            async with session.get(f"http://127.0.0.1:{self.port}{path}") as answer:
                await answer.read()
                failure = "" if answer.status == 200 else str(answer.status)
        except aiohttp.ClientError as exc:
            failure = type(exc).__name__
        if failure:
            self.errors += 1
            self.failures[failure] = self.failures.get(failure, 0) + 1
        else:
            self.times.append(time.perf_counter() - began)

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.times)

        def ms(p: float) -> float:
            if not ordered:
                return float("nan")
            return 1000 * ordered[max(0, math.ceil(len(ordered) * p / 100) - 1)]

        return {"pages": len(ordered), "errors": self.errors, "p50_ms": ms(50), "p99_ms": ms(99),
                "failures": self.failures, "seconds": self.seconds}  # fmt: skip


async def serve(port: int, rate: float, paths: Sequence[str]) -> None:
    load = Load(port, rate, paths)
    await load.open()
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    running: asyncio.Task[None] | None = None
    stop = asyncio.Event()
    try:
        while line := (await reader.readline()).decode().strip() or None:
            if line == "go" and running is None:
                load.times, load.errors, load.failures = [], 0, {}
                stop.clear()
                running = asyncio.create_task(load.run(stop))
            elif line == "stop" and running is not None:
                stop.set()
                await running
                running = None
                sys.stdout.write(json.dumps(load.summary()) + "\n")
                sys.stdout.flush()
    finally:
        stop.set()
        if running is not None:
            await running
        await load.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_load")
    parser.add_argument("--port", type=int, required=True, help="the bot's WEB_PORT")
    parser.add_argument("--rate", type=float, required=True, help="pages a second")
    parser.add_argument("paths", nargs="+", help="the pages to ask, in turn")
    args = parser.parse_args(argv)
    asyncio.run(serve(args.port, args.rate, args.paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
