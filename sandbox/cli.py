"""``croupier sandbox`` in a terminal: the help, typed lines, Ctrl-C, the demos."""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TextIO

from bot import event_loop
from bot.config import ConfigError, uvloop_wanted
from bot.engine import AuditedRng
from sandbox.demos import DEMOS
from sandbox.lines import EXIT_INTERRUPTED, MANAGE_GUILD, PLAYERS, help_text
from sandbox.pictures import Pictures
from sandbox.terminal_session import Sandbox

PICTURES = "Bilder und Dateien des Bots werden gespeichert in {folder} (sie bleiben danach).\n"

# The bot, the fake Discord and the database (discord.py, aiohttp, SQLAlchemy: seconds to
# import) are imported once the Ctrl-C handler is in place, so that a Ctrl-C while the
# sandbox starts ends it as cleanly as one later.


class StdinLines:
    """Lines typed on standard input, read by a daemon thread with ``os.read``.

    A read waiting in ``asyncio.to_thread`` kept the process alive after Ctrl-C (the
    executor's shutdown waits for it) and a second Ctrl-C ended in tracebacks. A daemon
    thread holding no Python lock never keeps the process, nor its shutdown, waiting."""

    def __init__(self, fd: int = 0) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        self._fd = fd
        threading.Thread(target=self._read, name="sandbox-stdin", daemon=True).start()

    def _read(self) -> None:
        encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(self._fd, 4096)
            except OSError:
                chunk = b""
            pending += decoder.decode(chunk, final=not chunk)
            *lines, pending = pending.split("\n")
            if not chunk:
                lines += [pending] if pending else []
            for text in [*lines, *([None] if not chunk else [])]:
                try:
                    self._loop.call_soon_threadsafe(self.queue.put_nowait, text)
                except RuntimeError:  # the loop is closed: the sandbox has ended
                    return
            if not chunk:
                return


async def run(
    demo: str | None, lines: Iterable[str] | None, out: TextIO, pictures: Path | None = None
) -> int:
    """Play ``lines`` (or the demo, or what is typed when both are None); the exit code.
    The bot's pictures are saved in ``pictures`` (None: a new folder, named at the start)."""
    stop = asyncio.Event()
    interrupted = _on_ctrl_c(stop, out)
    try:
        code = await _play(demo, lines, out, stop, pictures)
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
    return EXIT_INTERRUPTED if code == 0 and interrupted() else code


def _on_ctrl_c(stop: asyncio.Event, out: TextIO) -> Callable[[], bool]:
    """Make Ctrl-C set ``stop`` (the sandbox then ends after the current line); a second
    Ctrl-C while it ends quits at once. Returns whether Ctrl-C was pressed."""
    presses = 0

    def pressed() -> None:
        nonlocal presses
        presses += 1
        if presses > 1:
            out.write("\nStrg-C: sofort beendet.\n")
            out.flush()
            os._exit(EXIT_INTERRUPTED)
        out.write("\nStrg-C: die Sandbox wird beendet …\n")
        out.flush()
        stop.set()

    if threading.current_thread() is threading.main_thread():
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, pressed)
    return lambda: presses > 0


async def _play(
    demo: str | None,
    lines: Iterable[str] | None,
    out: TextIO,
    stop: asyncio.Event,
    pictures: Path | None,
) -> int:
    from bot.app import Croupier  # noqa: PLC0415 (imported late: see the top)
    from bot.config import Settings  # noqa: PLC0415 (imported late: see the top)
    from bot.store import default_sqlite_url  # noqa: PLC0415 (imported late: see the top)
    from loopback import bot_running, fake_discord  # noqa: PLC0415 (imported late: see the top)

    shown = DEMOS[demo] if demo else None
    saved: Pictures | None = None
    with tempfile.TemporaryDirectory(prefix="croupier-sandbox-") as folder:
        async with fake_discord() as fake:
            guild = fake.add_guild("Sandbox")
            channel = fake.add_channel(guild, "spieltisch")
            users = {name: fake.add_user(name, guild=guild) for name in PLAYERS}
            users[PLAYERS[0]].permissions |= MANAGE_GUILD  # an admin, for /sprache, /turnier
            url = default_sqlite_url(Path(folder) / "sandbox.sqlite3")
            settings = Settings("sandbox-token", url, guild.id, "WARNING")
            chance = shown.chance() if shown else AuditedRng
            bot = Croupier(settings, rng_factory=chance, emojis=True)  # uploaded to the fake
            async with bot_running(fake, bot):
                if not stop.is_set():  # (Ctrl-C while it started: nothing to play)
                    saved = Pictures(pictures)
                    sandbox = Sandbox(
                        fake, channel, users, out, stop, settled=bot.router.settled, pictures=saved
                    )
                    out.write(help_text(users))
                    out.write(PICTURES.format(folder=saved.folder))
                    if shown:
                        out.write(shown.note + "\n")
                    source = shown.script if shown else lines
                    watching = asyncio.create_task(sandbox.watch())
                    try:
                        await (_interactive(sandbox) if source is None else _each(sandbox, source))
                    finally:
                        watching.cancel()
            problems = list(fake.violations)
    if pictures is None and saved is not None:  # a folder of its own, and nothing in it
        with contextlib.suppress(OSError):
            saved.folder.rmdir()
    for problem in problems:
        out.write(f"Discord-Regel verletzt: {problem}\n")
    out.flush()
    return 1 if problems else 0


async def _each(sandbox: Sandbox, lines: Iterable[str]) -> None:
    for text in lines:
        if sandbox.stop.is_set() or not await sandbox.line(text):
            return


async def _interactive(sandbox: Sandbox) -> None:
    typed = StdinLines()
    sandbox.echo = not os.isatty(0)
    while not sandbox.stop.is_set():
        sandbox.out.write("> ")
        sandbox.out.flush()
        sandbox.prompting = True
        text = await _next(typed, sandbox.stop)
        sandbox.prompting = False
        if text is None or not await sandbox.line(text):
            return


async def _next(typed: StdinLines, stop: asyncio.Event) -> str | None:
    """The next typed line; None at the end of the input or when ``stop`` is set."""
    line = asyncio.ensure_future(typed.queue.get())
    stopped = asyncio.ensure_future(stop.wait())
    await asyncio.wait({line, stopped}, return_when=asyncio.FIRST_COMPLETED)
    for waiting in (line, stopped):
        waiting.cancel()
    return None if stop.is_set() or not line.done() or line.cancelled() else line.result()


def main(
    demo: str | None, script: Sequence[str] | None = None, pictures: Path | None = None
) -> int:
    if demo is not None and demo not in DEMOS:
        known = ", ".join(DEMOS)
        sys.stderr.write(f"croupier sandbox: no demo {demo!r} (known: {known})\n")
        return 2
    try:
        uvloop = uvloop_wanted(os.environ)  # the loop the bot runs on (bot.event_loop)
    except ConfigError as exc:
        sys.stderr.write(f"croupier sandbox: {exc}\n")
        return 2
    try:
        return event_loop.run(run(demo, script, sys.stdout, pictures), uvloop=uvloop)
    except KeyboardInterrupt:  # Ctrl-C just before or after the sandbox's own handler
        sys.stdout.write("\nStrg-C: beendet.\n")
        return EXIT_INTERRUPTED
