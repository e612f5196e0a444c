"""A bot in a subprocess, logged into a :class:`~loopback.server.FakeDiscord` at a port.

For benchmarks and crash tests the bot must not share the event loop (or the interpreter)
with the fake and the simulated users. ``start(kind, port, db_url)`` runs
``python -m loopback.process KIND --port P --db URL`` and returns a :class:`BotProcess`:
its ``pid``, ``wait_connected()`` (the child prints ``ready`` and its event loop once READY),
``kill(signal)`` (e.g. ``SIGKILL`` for a crash) and ``stop()`` (a clean shutdown).

Kinds:

- ``croupier``: the real :class:`bot.app.Croupier` with its cogs on the database ``--db``.
- ``cli``: the real ``croupier`` command (``bot.__main__``) as an admin runs it: its
  settings from the environment (``DATABASE_URL`` is ``db_url``; ``DISCORD_TOKEN`` is
  :data:`TOKEN` unless ``env`` sets it), its own logging, its own handling of SIGTERM and
  Ctrl-C; its log and error lines go to ``log``. It skips discord.py's waits at the start as
  ``croupier`` does, unless :data:`DISCORD_WAITS` is set.
- ``bare``: a discord.py client that answers every component click with an "update
  message" callback (type 7) and does nothing else: the baseline of the benchmarks.

Sharded (``shard_count``, ``shard_ids`` such as ``"0-1"``: ``SHARD_COUNT``/``SHARD_IDS``),
``croupier`` runs with ``Settings(..., shards=Shards.parse(count, ids))`` and ``bare`` on an
``AutoShardedClient``; ``cli`` gets them in its environment. An AutoSharded client says
``ready`` once, when all of its shards are READY. :mod:`loopback.cluster` runs several.

The child points ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` at
``127.0.0.1:PORT`` itself (what ``FakeDiscord.patch_discord()`` does in-process).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import logging
import os
import runpy
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Literal

import discord
import discord.gateway
import discord.http
import yarl

from bot import event_loop
from bot.app import Croupier
from bot.cluster.shards import Shards
from bot.config import Settings, uvloop_wanted
from loopback.harness import GUILD_READY_TIMEOUT, _identify_now

KINDS = ("croupier", "cli", "bare")
Kind = Literal["croupier", "cli", "bare"]
READY_LINE = "ready"
"""The child's line once READY, followed by its event loop (``ready uvloop``); an older
checkout's child (bench.trees) says ``ready`` alone, and runs on asyncio's loop."""
TOKEN = "loopback-token"
DISCORD_WAITS = "LOOPBACK_DISCORD_WAITS"
"""``cli`` with this set to 1 in its environment keeps discord.py's waits (2 s after the last
server, the IDENTIFY hook): a start timed as on Discord (bench.start_time)."""


class BotProcess:
    """A running bot subprocess (see :func:`start`)."""

    def __init__(self, kind: Kind, port: int, proc: asyncio.subprocess.Process, log: Path | None):
        self.kind = kind
        self.port = port
        self.proc = proc
        self.log = log
        self.started = asyncio.get_running_loop().time()
        self.ready_after: float | None = None  # seconds from start() to the ready line
        self.loop = ""  # the event loop it runs on, as its ready line says (bot.event_loop)

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    async def wait_connected(self, timeout: float = 30) -> float:
        """Until the bot is logged in and READY (it printed ``ready``); seconds since start.

        Raises ``RuntimeError`` (with the log's tail) if the process ends first.
        """
        if self.ready_after is not None:
            return self.ready_after
        assert self.proc.stdout is not None
        async with asyncio.timeout(timeout):
            while True:
                line = await self.proc.stdout.readline()
                if not line:
                    await self.proc.wait()
                    raise RuntimeError(
                        f"{self.kind} bot exited ({self.proc.returncode}) before it was ready"
                        f"{self._log_tail()}"
                    )
                said = line.decode().split()
                if said[:1] == [READY_LINE]:
                    self.loop = said[1] if len(said) > 1 else event_loop.ASYNCIO
                    self.ready_after = asyncio.get_running_loop().time() - self.started
                    return self.ready_after

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` (default: SIGKILL, a crash without any clean-up)."""
        if self.proc.returncode is None:
            self.proc.send_signal(sig)

    async def wait(self, timeout: float | None = None) -> int:
        """The exit status, once the process ended."""
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self, timeout: float = 10) -> int:
        """A clean shutdown (SIGTERM: the bot closes its connections); SIGKILL after
        ``timeout`` s. Returns the exit status."""
        if self.proc.returncode is None:
            self.kill(signal.SIGTERM)
            try:
                return await self.wait(timeout)
            except TimeoutError:
                self.kill(signal.SIGKILL)
        return await self.wait()

    def _log_tail(self, chars: int = 3000) -> str:
        if self.log is None or not self.log.exists():
            return ""
        return "\n--- bot log ---\n" + self.log.read_text(errors="replace")[-chars:]


async def start(
    kind: Kind,
    port: int,
    db_url: str = "",
    env: Mapping[str, str] | None = None,
    *,
    log: Path | None = None,
    profile: Path | None = None,
    guild_id: int | None = None,
    cwd: Path | None = None,
    shard_count: int | None = None,
    shard_ids: str | Sequence[int] | None = None,
    health_port: int | None = None,
    health_host: str | None = None,
    log_format: str | None = None,
    web_port: int | None = None,
) -> BotProcess:
    """Start a ``kind`` bot against the fake Discord listening on 127.0.0.1:``port``.

    ``db_url`` is the Croupier's database (ignored by ``bare``); ``env`` is added to this
    process's environment; the child's log (stderr) goes to ``log`` (else it is dropped);
    with ``profile`` the child runs under cProfile and writes the stats there when stopped
    (not when killed). ``guild_id`` makes Croupier sync its commands to that server.
    ``cwd``: the checkout to run (this one by default; put it on ``PYTHONPATH`` in ``env``).
    ``shard_count``, ``shard_ids`` (``"0-1"``, ``"0,2"`` or numbers; default: all),
    ``health_port``, ``health_host``, ``log_format``, ``web_port``: the settings of those
    names (``web_port``: the web pages in the bot's process).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r} (one of {KINDS})")
    if shard_ids is not None and not isinstance(shard_ids, str):
        shard_ids = ",".join(map(str, shard_ids))
    if shard_ids is not None and shard_count is None:
        raise ValueError("shard_ids needs shard_count")
    settings = {
        "SHARD_COUNT": shard_count,
        "SHARD_IDS": shard_ids,
        "HEALTH_PORT": health_port,
        "HEALTH_HOST": health_host,
        "LOG_FORMAT": log_format,
        "WEB_PORT": web_port,
    }
    given = {name: str(value) for name, value in settings.items() if value is not None}
    args = [sys.executable, "-m", "loopback.process", kind, "--port", str(port)]
    if kind == "cli":
        server = {} if guild_id is None else {"DEV_GUILD_ID": str(guild_id)}
        env = {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": db_url, **server, **given, **(env or {})}
    else:
        for name, value in given.items():
            args += ["--" + name.lower().replace("_", "-"), value]
        if db_url:
            args += ["--db", db_url]
    if profile is not None:
        args += ["--profile", str(profile)]
    if guild_id is not None:
        args += ["--guild", str(guild_id)]
    stderr: IO[Any] | int = asyncio.subprocess.DEVNULL
    with contextlib.ExitStack() as stack:
        if log is not None:
            stderr = stack.enter_context(log.open("ab"))
        proc = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
            env={**os.environ, **(env or {})},
            cwd=cwd or Path(__file__).resolve().parents[1],
        )
    return BotProcess(kind, port, proc, log)


# -- the child ----------------------------------------------------------------------------


def _point_at(port: int) -> None:
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/")


class BareBot(discord.Client):
    """The baseline: answers each component click with a type-7 update of the clicked
    message (a counter as its content; the buttons stay) and does nothing else."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **options)
        self.answered = 0

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is discord.InteractionType.component:
            self.answered += 1
            await interaction.response.edit_message(content=f"#{self.answered}")


class ShardedBareBot(BareBot, discord.AutoShardedClient):
    """The baseline on the shards ``shard_ids`` of ``shard_count``."""


def _bare(shards: Shards) -> BareBot:
    if not shards.sharded:
        return BareBot()
    return ShardedBareBot(shard_count=shards.count, shard_ids=list(shards.ids))


async def _say_ready() -> None:
    sys.stdout.write(f"{READY_LINE} {event_loop.name()}\n")
    sys.stdout.flush()


def _cli(port: int) -> int:
    """The ``croupier`` command unchanged, but on the loopback, with its waits shortened
    and the ready line said (set up as the bot sets up, before it connects)."""
    _point_at(port)
    setup = Croupier.setup_hook

    async def setup_hook(self: Croupier) -> None:
        if os.environ.get(DISCORD_WAITS) != "1":
            self._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
            self._hooks["before_identify"] = _identify_now
        self.add_listener(_say_ready, "on_ready")
        await setup(self)

    Croupier.setup_hook = setup_hook  # type: ignore[method-assign]
    # The CLI by its module name, not imported: ``croupier bench`` imports this module, so an
    # import of the CLI here would close a circle (bot.__main__ -> bench -> loopback).
    sys.argv = ["croupier"]
    try:
        runpy.run_module("bot", run_name="__main__")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 1
    return 0


async def _run(kind: str, port: int, settings: Settings) -> None:
    _point_at(port)
    bot: discord.Client = _bare(settings.shards) if kind == "bare" else Croupier(settings)
    bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
    bot._hooks["before_identify"] = _identify_now

    async def on_ready() -> None:
        await _say_ready()

    bot.event(on_ready)
    loop = asyncio.get_running_loop()
    stops: set[asyncio.Future[None]] = set()

    def stop(sig: signal.Signals) -> None:
        # Croupier stops as `croupier run` does (clicks in flight answered first)
        closing = asyncio.ensure_future(
            bot.stop(sig.name) if isinstance(bot, Croupier) else bot.close()
        )
        stops.add(closing)
        closing.add_done_callback(stops.discard)

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop, sig)
    async with bot:
        await bot.start(TOKEN)


def _private_stdout() -> None:
    """The ready line goes to the parent's pipe through a descriptor of this process's own;
    what this process starts (the picture worker, multiprocessing's resource tracker)
    gets /dev/null as its stdout. A pipe stays open while any process holds its end, and
    asyncio's ``Process.wait()`` waits for the pipes too: a killed bot whose worker held
    the pipe counted as alive until the worker noticed and ended."""
    private = os.dup(1)  # not inherited (PEP 446)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.close(quiet)
    sys.stdout = os.fdopen(private, "w", buffering=1)


def main(argv: Sequence[str] | None = None) -> int:
    _private_stdout()
    parser = argparse.ArgumentParser(
        prog="python -m loopback.process", description="a bot against a loopback Discord"
    )
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--port", type=int, required=True, help="the FakeDiscord's port")
    parser.add_argument("--db", default="", help="Croupier's DATABASE_URL")
    parser.add_argument("--guild", type=int, default=None, help="sync commands to this server")
    parser.add_argument("--profile", default="", help="write cProfile stats here on stop")
    parser.add_argument("--shard-count", default="", help="SHARD_COUNT (default: unsharded)")
    parser.add_argument("--shard-ids", default="", help="SHARD_IDS, e.g. 0-1 (default: all)")
    parser.add_argument("--health-port", type=int, default=None, help="HEALTH_PORT")
    parser.add_argument("--health-host", default="127.0.0.1", help="HEALTH_HOST")
    parser.add_argument("--log-format", default="text", help="LOG_FORMAT: text or json")
    parser.add_argument("--web-port", type=int, default=None, help="WEB_PORT (the pages)")
    args = parser.parse_args(argv)
    if args.kind == "cli":
        return _cli(args.port)
    if args.kind == "croupier" and not args.db:
        parser.error("croupier needs --db")
    try:
        shards = Shards.parse(args.shard_count, args.shard_ids)
    except ValueError as exc:
        parser.error(str(exc))
    settings = Settings(
        TOKEN,
        args.db,
        args.guild,
        "WARNING",
        shards=shards,
        health_port=args.health_port,
        health_host=args.health_host,
        log_format=args.log_format,
        web_port=args.web_port,
        uvloop=uvloop_wanted(os.environ),  # the bare bot too: both on the same loop
    )
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    run = _run(args.kind, args.port, settings)
    if not args.profile:
        event_loop.run(run, uvloop=settings.uvloop)
        return 0
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        event_loop.run(run, uvloop=settings.uvloop)
    finally:
        profiler.disable()
        profiler.dump_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
