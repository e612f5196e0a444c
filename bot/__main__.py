"""The ``croupier`` command: run the bot, or play a scenario file without Discord."""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot import exit_codes
from bot.config import DEFAULT_WEB_PORT, ConfigError, load_settings
from bot.startup import STARTUP

NO_TOKEN = """\
croupier: DISCORD_TOKEN is not set, so the bot cannot go online.

To get a token:
  1. Open the Discord Developer Portal (https://discord.com/developers/applications)
     and create an application ("New Application").
  2. Bot -> Reset Token -> copy the token. Keep it secret.
  3. Put it in a file .env in this directory:   DISCORD_TOKEN=<your token>
     (every setting is explained in .env.example), or export it in your shell.
  4. Invite the bot: OAuth2 -> URL Generator -> scopes "bot" and
     "applications.commands", and these bot permissions (permissions={bits}):
{permissions}
     Open the URL and pick a server.
  Then run `./dev run` again.

To try Croupier without a token, on a fake Discord in this terminal:
  ./dev sandbox                     (you play several users: "Anna> /v6 tisch")
  ./dev sandbox --demo GAME         (a scripted game; GAME is one of
                                    {demos})
or play a rules scenario with fixed dice:
  ./dev scenario examples/verflixte6-durchgang.json
(`./dev X` runs `croupier X` in the project's .venv; where croupier is installed and on
the PATH, `croupier sandbox` does the same.)
"""


def no_token_text() -> str:
    """What ``croupier`` says without a token: how to get one and invite the bot (the
    permissions from bot.permissions, the one list), and how to play without one."""
    from bot.permissions import NEEDS, invite_bits
    from sandbox.demo_names import DEMO_NAMES

    permissions = "\n".join(f"       - {need.name}" for need in NEEDS)
    demos = ", ".join(DEMO_NAMES)
    return NO_TOKEN.format(bits=invite_bits(), permissions=permissions, demos=demos)


def _parser() -> argparse.ArgumentParser:
    from sandbox.demo_names import DEMO_NAMES

    parser = argparse.ArgumentParser(
        prog="croupier",
        description="A Discord croupier for tabletop games. Without a sub-command: run the bot.",
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default)")
    scenario = sub.add_parser("scenario", help="play a scenario file with fixed chance")
    scenario.add_argument("file", help="scenario JSON (see the README)")
    sandbox = sub.add_parser(
        "sandbox", help="play on a local fake Discord in this terminal (no token needed)"
    )
    sandbox.add_argument(
        "--demo", metavar="GAME", help="play a scripted demo: " + ", ".join(DEMO_NAMES)
    )
    sandbox.add_argument(
        "--pictures",
        metavar="DIR",
        type=Path,
        help="save the bot's pictures here (default: a new folder, named at the start)",
    )
    bench = sub.add_parser("bench", help="measure the service (markdown on stdout)")
    bench.add_argument(
        "--database", action="append", default=[], help="a DATABASE_URL to measure (repeatable)"
    )
    bench.add_argument("--actions", type=int, default=2000, help="actions per throughput run")
    verify = sub.add_parser(
        "verify", help="check an exported game: seed, every draw, the hash chain, the replay"
    )
    verify.add_argument("file", help="a game export (JSON, from /verify export)")
    verify.add_argument("--lang", default="de", help="language of the answer (de, en, …)")
    i18n = sub.add_parser(
        "i18n", help="the text catalogues: check them, update them, or add a language"
    )
    i18n.add_argument("verb", nargs="?", default="check", choices=["check", "update", "add"])
    i18n.add_argument("language", nargs="?", help="add: the new language's code (e.g. nl)")
    web = sub.add_parser(
        "web", help="serve the read-only web pages of the servers whose hosts turned them on"
    )
    web.add_argument("--host", help="the address to listen on (default: WEB_HOST, 127.0.0.1)")
    web.add_argument("--port", type=int, help="the port (default: WEB_PORT, 8080)")
    history = sub.add_parser("history", help="the players' history derived from the game log")
    history.add_argument(
        "verb",
        choices=["rebuild"],
        help="rebuild: throw away results, statistics, draw counts and ratings and fold "
        "every finished game again from the log",
    )
    history.add_argument("--url", help="the database (default: DATABASE_URL, as the bot)")
    bench.add_argument(
        "--discord",
        action="store_true",
        help="instead: Croupier and a bare discord.py bot in subprocesses on the loopback Discord",
    )
    bench.add_argument(
        "--tables",
        type=int,
        default=200,
        help="--discord: tables at 1 click/s (also 1/4 and 1/2 of it, and 50 and 200)",
    )
    bench.add_argument("--seconds", type=float, default=20, help="--discord: latency run length")
    bench.add_argument(
        "--players",
        type=int,
        choices=(2, 4, 6),
        default=2,
        help="--discord: players at each of Croupier's tables (Die verflixte 6)",
    )
    bench.add_argument(
        "--web-load",
        type=float,
        default=0.0,
        metavar="RATE",
        help="--discord: also measure each load with the web pages in Croupier's process, "
        "RATE pages/s asked meanwhile from another process (beside the same without)",
    )
    return parser


def _scenario(path: str) -> int:
    from bot.scenario import run_file

    run = run_file(path)
    if run.output:
        json.dump(run.output, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    if run.message:
        sys.stderr.write(run.message + "\n")
    return run.exit_code


def _bench(urls: list[str], actions: int) -> int:
    import platform
    import tempfile
    from pathlib import Path

    from bench.service_bench import markdown, run

    with tempfile.TemporaryDirectory() as folder:
        targets = urls or [f"sqlite:///{Path(folder) / 'bench.sqlite3'}"]
        machine = f"{platform.machine()}, {os.cpu_count()} cores"
        sys.stdout.write(f"Machine: {machine}, Python {platform.python_version()}\n\n")
        for url in targets:
            kind = url.split(":", 1)[0]
            sys.stdout.write(markdown(f"Service on {kind}", run(url, actions)) + "\n")
    return 0


def _bench_discord(tables: int, seconds: float, players: int, web_load: float = 0.0) -> int:
    import platform

    from bench.discord import DiscordBench, markdown, run

    saturation = DiscordBench.saturation_tables  # their p99 at 1 click/s too, side by side
    levels = tuple(sorted({max(tables // 4, 1), max(tables // 2, 1), tables, *saturation}))
    settings = DiscordBench(
        latency_tables=levels, latency_seconds=seconds, players=players, web_load=web_load
    )
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    sys.stdout.write(f"Machine: {machine}, Python {platform.python_version()}\n\n")
    sys.stdout.write(markdown(run(settings), settings) + "\n")
    return 0


def _history(url: str | None) -> int:
    """Rebuild the players' history from the log (one transaction); says how many games."""
    from sqlalchemy.exc import SQLAlchemyError

    from bot.app import StartupError, open_store
    from bot.history.rebuild import rebuild
    from bot.store.timeouts import TOOL

    try:
        store = open_store(url or load_settings().database_url, TOOL)
    except ConfigError as exc:
        sys.stderr.write(f"croupier history: {exc}\n")
        return exit_codes.CONFIG
    except StartupError as exc:
        sys.stderr.write(f"croupier history: {exc}\n")
        return exc.status
    try:
        folded = rebuild(store)
    except SQLAlchemyError as exc:
        sys.stderr.write(f"croupier history: the rebuild failed, nothing changed: {exc}\n")
        return exit_codes.CRASH
    finally:
        store.close()
        store.engine.dispose()
    sys.stdout.write(f"history rebuilt from the log: {folded} finished games folded\n")
    return 0


def _web(host: str | None, port: int | None) -> int:
    """The web pages (bot.web) on the bot's database until stopped (Ctrl-C, SIGTERM)."""
    try:
        settings = load_settings()
    except ConfigError as exc:
        sys.stderr.write(f"croupier web: {exc}\n")
        return exit_codes.CONFIG
    from aiohttp import web

    from bot.app import StartupError, open_store
    from bot.ops.logs import configure
    from bot.render.drawn import painter
    from bot.service import Service
    from bot.web.app import make_app

    configure(settings.log_level, settings.log_format)
    try:
        store = open_store(settings.database_url)
    except StartupError as exc:
        sys.stderr.write(f"croupier web: {exc}\n")
        return exc.status
    host, port = host or settings.web_host, port or settings.web_port or DEFAULT_WEB_PORT
    logging.getLogger("bot.web").info("serving the web pages on http://%s:%d", host, port)
    try:
        web.run_app(
            make_app(Service(store)),
            host=host,
            port=port,
            print=None,
            handle_signals=True,
        )
    except OSError as exc:  # the port is taken, or the address is not this machine's
        sys.stderr.write(f"croupier web: cannot listen: {exc}\n")
        return exit_codes.CONFIG
    finally:
        painter.end()  # the pages' picture worker, if one was started: gone with the process
        store.close()
        store.engine.dispose()
    return exit_codes.OK


def _verify(path: str, locale: str) -> int:
    """0: everything matches; 1: a mismatch (named on stdout); 2: not a readable export."""
    from bot.audit import export
    from bot.audit.text import report_text
    from bot.audit.verify import verify
    from bot.plugins import GAMES
    from bot.service import HOST_ONLY_VERBS, SETUP_VERBS

    try:
        with open(path, "rb") as file:
            document = export.read(file.read())
    except (OSError, export.ExportError) as exc:
        sys.stderr.write(f"croupier verify: {path}: {exc}\n")
        return exit_codes.USAGE
    report = verify(document, GAMES, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)
    sys.stdout.write(report_text(report, locale) + "\n")
    return 0 if report.ok else 1


class Stopped(KeyboardInterrupt):
    """A stop signal (its name) that came before the bot's event loop handles them."""


def _stop_at_once(signum: int, frame: object) -> None:
    raise Stopped(signal.Signals(signum).name)


def _run_bot() -> int:
    # Until the running bot handles them (bot.app.serve), SIGTERM and Ctrl-C stop the
    # start where it is: the migrations are transactions, nothing is half written.
    # A signal may come while the handlers are being installed: that is a stop too.
    before: dict[signal.Signals, Any] = {}
    try:
        for stop in (signal.SIGINT, signal.SIGTERM):
            before[stop] = signal.getsignal(stop)
            signal.signal(stop, _stop_at_once)
        return _start_bot()
    except KeyboardInterrupt as exc:
        logging.getLogger("bot").info("stopped (%s) while starting", str(exc) or "SIGINT")
        return exit_codes.OK
    finally:
        for stop, handler in before.items():
            if signal.getsignal(stop) is not signal.SIG_IGN:  # (ignored: a stop has begun)
                signal.signal(stop, handler)


def _start_bot() -> int:
    """The bot until it stops: 0 when stopped as asked, else the exit status of
    :mod:`bot.exit_codes` with one line that says why (in the log's format)."""
    try:
        settings = load_settings()
    except ConfigError as exc:
        from bot.ops.logs import say

        say(str(exc), _format_asked())
        return exit_codes.CONFIG
    from bot.ops.logs import configure, say

    if settings.discord_token is None:
        if settings.log_format == "json":
            say(no_token_text().strip(), "json")
        else:
            sys.stderr.write(no_token_text())
        return exit_codes.CONFIG
    from bot.ops.log_fields import set_process

    set_process(settings.shards)
    configure(settings.log_level, settings.log_format, secrets=[settings.discord_token])
    from bot.app import StartupError, run
    from bot.cluster.member import ClusterRefusal

    STARTUP.mark("imports")

    try:
        run(settings)
    except ClusterRefusal as exc:  # another process runs its shard, or another SHARD_COUNT
        logging.getLogger("bot").error("refused to run: %s", exc)
        return exit_codes.CONFIG
    except StartupError as exc:
        say(str(exc), settings.log_format)
        return exc.status
    except ConfigError as exc:  # e.g. a HEALTH_PORT or WEB_PORT in use
        say(str(exc), settings.log_format)
        return exit_codes.CONFIG
    return exit_codes.OK


def _format_asked() -> str:
    """``LOG_FORMAT`` as the environment (or .env) asks for it, when the settings could
    not be read: the one line that says why is JSON if JSON was asked for."""
    return "json" if os.environ.get("LOG_FORMAT", "").strip().lower() == "json" else "text"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "scenario":
        return _scenario(args.file)
    if args.command == "bench" and args.discord:
        return _bench_discord(args.tables, args.seconds, args.players, args.web_load)
    if args.command == "bench":
        return _bench(args.database, args.actions)
    if args.command == "history":
        return _history(args.url)
    if args.command == "verify":
        return _verify(args.file, args.lang)
    if args.command == "web":
        return _web(args.host, args.port)
    if args.command == "i18n":
        from bot.i18n_tools.tools import main as i18n

        return i18n([args.verb, *([args.language] if args.language else [])])
    if args.command == "sandbox":
        from sandbox.cli import main as sandbox

        return sandbox(args.demo, pictures=args.pictures)
    return _run_bot()


if __name__ == "__main__":
    sys.exit(main())
