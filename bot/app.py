"""Builds the discord.py bot: database, service, cogs, command sync."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bot import emoji_sync, event_loop, exit_codes
from bot.cluster.member import SYNC, Member
from bot.cluster.notices import Notice
from bot.cluster.single import SingleProcessError, sole_process
from bot.config import Settings
from bot.discord_internals import (
    AFTER_IDENTIFY,
    drop_interactions,
    drop_shard,
    ready_without_shards,
    silence_voice_warnings,
    tell_identify_sent,
    trim_clicks,
)
from bot.engine import AuditedRng
from bot.ops import Ops
from bot.plugins import PLUGINS
from bot.render import emojis
from bot.render.drawn import painter
from bot.service import Service
from bot.startup import STARTUP
from bot.store import Store, make_engine, upgrade
from bot.store.checkpoints import run_checkpoints, take_over
from bot.store.timeouts import BOT, Bounds
from bot.web.serving import WebServer
from cogs.errors import CroupierTree
from cogs.pipeline.payload import PLAIN_PINGS
from cogs.table_bot import TableBot
from cogs.translator import CommandTranslator

log = logging.getLogger(__name__)

STOP_GRACE = 5.0
"""Seconds a stopping bot waits for the clicks it is handling to be answered."""

GUILD_READY_TIMEOUT = 0.5
"""Seconds discord.py waits after a shard's last server arrived before it is ready (2 s by
default): what waits for ready (the delivery of what games owe, the computer players, the
clock) starts 1.5 s sooner after a start (docs/PERFORMANCE.md, issue 44). The bot reads no
member lists, so a server arriving later changes nothing but the cache."""

GC_THRESHOLDS = (10_000, 10, 10)
"""The bot's garbage collector: a young pass after 10,000 new objects (Python: 700). A
young pass then takes ~9 ms; 50,000 saved as much CPU but its passes took ~60 ms, a stall
the latency goal cannot afford (docs/PERFORMANCE.md)."""


def extensions() -> tuple[str, ...]:
    """The discord.py extensions the bot loads: its own cogs and every game's Discord
    adapter (one per plugin in ``bot.plugins.PLUGINS``, a test's plugged in included)."""
    games = tuple(plugin.extension for plugin in PLUGINS)
    return (*EXTENSIONS[:2], *games, *EXTENSIONS[2:])


EXTENSIONS = (  # the bot's own; the games' come from their plugins (extensions())
    "cogs.info",
    "cogs.help",
    "cogs.tournament.commands",
    "cogs.table_hosts",
    "cogs.verification",
    "cogs.statistics",
    "cogs.ratings",
    "cogs.fairness",
    "cogs.computers",
    "cogs.web_pages",
    "cogs.own_data",
    "cogs.server_data",
)


def intents() -> discord.Intents:
    """What Croupier needs from the gateway: guilds (channels, threads, roles) and the
    interactions, which come without any intent. No message or typing events: every table
    edit would come back as a MESSAGE_UPDATE to parse, and no cog reads messages."""
    wanted = discord.Intents.default()
    wanted.guild_messages = wanted.dm_messages = False
    wanted.guild_typing = wanted.dm_typing = False
    wanted.guild_reactions = wanted.dm_reactions = False
    return wanted


class StartupError(Exception):
    """Why the bot cannot start, said in one line (what is wrong, how to fix it), and the
    exit status that tells a supervisor whether a restart may help (:mod:`bot.exit_codes`:
    a setting, :data:`~bot.exit_codes.CONFIG`, unless said otherwise)."""

    def __init__(self, message: str, status: int = exit_codes.CONFIG) -> None:
        super().__init__(message)
        self.status = status


REFUSED_BY_SETTING = ("does not exist", "authentication failed", "no pg_hba.conf entry",
                      "no password supplied", "unable to open database file")  # fmt: skip
"""What a database says when it refuses for a reason in ``DATABASE_URL`` (a role, a
database, a password, an SQLite path): a setting, not an outage."""


def unreachable_status(exc: BaseException) -> int:
    """The exit status for a database that could not be opened: a missing driver or a
    server refusing the URL's role, database or password is a setting; anything else
    (refused, timed out, starting up, too many connections) is an outage."""
    if isinstance(exc, ImportError):
        return exit_codes.CONFIG
    said = str(getattr(exc, "orig", None) or exc)
    if any(reason in said for reason in REFUSED_BY_SETTING):
        return exit_codes.CONFIG
    return exit_codes.UNAVAILABLE


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def open_store(url: str, bounds: Bounds = BOT) -> Store:
    """The database, migrated: opened before the bot logs in to Discord, so a wrong
    ``DATABASE_URL`` is said in one line instead of after the login, in tracebacks.
    ``bounds``: how long its calls may take (bot.store.timeouts; a tool's are longer)."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        raise StartupError(
            f"DATABASE_URL {url[:60]!r} is no database address; use e.g. "
            "sqlite:///croupier.sqlite3 or postgresql+psycopg://user:password@host/database"
        ) from None
    try:
        engine = make_engine(url, bounds)
        upgrade(engine)
    except (SQLAlchemyError, ImportError, OSError) as exc:
        raise StartupError(
            f"cannot open the database {shown}: {_first_line(exc)}. Check DATABASE_URL "
            "(in .env or the environment) and that the database server runs.",
            unreachable_status(exc),
        ) from None
    return Store(engine)


silence_voice_warnings()


class Croupier(TableBot):
    """The bot. Game state lives in :attr:`service`; cogs only translate interactions. The
    bot's parts are its typed attributes: the service and this process's :attr:`member`
    (made here), the cogs' parts (:class:`~cogs.table_bot.TableBot`: the router, the
    prompt book, the permission notices, the corrections awaiting confirmation), the
    settings, the operations (:attr:`ops`) and why it stops (:attr:`stopping`).

    With ``SHARD_COUNT`` set, ``Croupier(settings)`` builds a :class:`ShardedCroupier`, the
    same bot on discord.py's ``AutoShardedBot`` that runs the shards ``SHARD_IDS``."""

    member: Member
    """This process among the bot's processes (its servers, its singletons)."""
    stopping: str | None = None  # why the bot stops (a signal's name), once it does
    application_emojis: bool = False
    """Whether the start uploads the app's emojis (bot.emoji_sync) and the texts use them:
    :func:`run` turns it on; a bot built otherwise (tests, tools) writes plain texts."""
    emoji_task: asyncio.Task[emoji_sync.Report | None] | None = None
    _checkpoints: asyncio.Task[None] | None = None  # SQLite's WAL checkpoints, once set up
    _closing: asyncio.Future[None] | None = None  # the one close, once asked for
    web: WebServer | None = None
    """The web pages on the bot's loop (``WEB_PORT`` set), once started."""

    def __init__(
        self,
        settings: Settings,
        rng_factory: Callable[[bytes, int, str], AuditedRng] = AuditedRng,
        store: Store | None = None,
        *,
        emojis: bool | None = None,
    ) -> None:
        """``store``: the database opened already (:func:`open_store`); without one it is
        opened here (tests, the sandbox). ``emojis``: see :attr:`application_emojis`."""
        store = store or open_store(settings.database_url)
        shards = settings.shards
        sharding: dict[str, Any] = {}
        if shards.sharded:
            sharding = {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(
            Service(store, rng_factory=rng_factory),
            member=Member(shards, store.engine),
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=CroupierTree,
            allowed_mentions=PLAIN_PINGS,  # every message says whom it pings; cards nobody
            guild_ready_timeout=GUILD_READY_TIMEOUT,
            **sharding,
        )
        self.settings = settings
        self.public_url = settings.public_url
        self.server_data_days = settings.server_data_days
        if emojis is not None:
            self.application_emojis = emojis
        self.ops = Ops.of(settings)  # metrics; /health and /metrics at HEALTH_PORT
        trim_clicks(self)  # the bot reads a clicked message's id and flags only
        tell_identify_sent()
        self._hooks[AFTER_IDENTIFY] = self._identify_sent
        self._loaded: set[int] | None = None
        """The shards whose servers' tables are loaded (None: before the start loads)."""

    def __new__(cls, settings: Settings, *args: Any, **kwargs: Any) -> Croupier:
        sharded = cls is Croupier and settings.shards.sharded
        return super().__new__(ShardedCroupier if sharded else cls)

    async def setup_hook(self) -> None:
        STARTUP.mark("login")
        self.add_listener(self._connected_first, "on_connect")
        self.add_listener(self._ready_first, "on_ready")
        await self.ops.start(self)  # /health says "starting" until the bot is ready
        await self._serve_pages()
        wal = take_over(self.service.store.engine)
        if wal is not None:
            self._checkpoints = asyncio.create_task(run_checkpoints(wal), name="checkpoints")
        member = self.member
        painter.start()  # the pictures' worker process, ready before the first picture
        member.start(self._noticed, self._leased, self._linked, self._shard_leased,
                     self._shard_wanted)  # fmt: skip
        await member.join()  # the shards this process runs; ClusterRefusal if none may
        STARTUP.mark("leases")
        self._loaded = set(member.running)
        loaded = self.service.tables.load_open_games(member.owns)
        owed = self.service.outbox.load(member.owns)
        STARTUP.mark("tables")
        running = ",".join(map(str, sorted(member.running))) or "none yet"
        log.info("database ready (%s, running %s), %d open games loaded, %d owe announcements",
                 member.shards.describe(), running, loaded, owed)  # fmt: skip
        if self.application_emojis:  # alongside the cogs and the command sync
            self.emoji_task = asyncio.create_task(emoji_sync.run(self), name="emojis")
        for extension in extensions():
            await self.load_extension(extension)
        self.router.redelivery.start()  # what games owe, sent every few seconds
        await self.tree.set_translator(CommandTranslator())
        STARTUP.mark("extensions")
        if await member.claim(SYNC):  # one process syncs for all
            await self._sync_commands()
        else:
            log.info("the commands are synced by another process")
        STARTUP.mark("commands")
        if self.emoji_task is not None:  # a first start's uploads go on after it
            await emoji_sync.wait_briefly(self.emoji_task)
            STARTUP.mark("emojis")
        # Everything loaded so far lives as long as the bot: keep it out of the garbage
        # collector's full passes, which otherwise stall every click now and then.
        gc.freeze()
        # A click allocates thousands of objects that live until its REST calls return;
        # with Python's default (700, 10, 10) they survived young passes and were traced
        # again and again (12 % of the bot's CPU at saturation, docs/PERFORMANCE.md).
        gc.set_threshold(*GC_THRESHOLDS)

    async def _serve_pages(self) -> None:
        """The web pages in this process when ``WEB_PORT`` is set (the store is migrated
        by now); a port in use fails the start with a ConfigError, like ``HEALTH_PORT``."""
        port = self.settings.web_port
        if port is None or self.web is not None:
            return
        web = WebServer(self.service, self.settings.web_host, port)
        await web.start()
        self.web = web

    async def _connected_first(self) -> None:
        if not any(name == "gateway" for name, _ in STARTUP.phases):
            STARTUP.mark("gateway")

    async def _ready_first(self) -> None:
        STARTUP.ready("servers")

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No faster than Discord allows, across the bot's processes (bot.cluster.identify);
        one process alone waits as discord.py does."""
        gate = self.member.identify_gate
        if gate is None:
            await super().before_identify_hook(shard_id, initial=initial)
        else:
            await gate.wait(self, shard_id)

    def _noticed(self, notice: Notice) -> None:
        self.service.noticed(notice, self.member.owns)

    def _leased(self, role: str, held: bool) -> None:
        """A singleton came to this process or left it: cogs hear ``on_lease(role, held)``."""
        self.dispatch("lease", role, held)

    def _linked(self) -> None:
        """Connected to the other processes (again): what was missed is read anew (not at
        the first connection: the start loads everything after it)."""
        if self._loaded is not None:
            self.service.resync(self.member.owns)

    async def _identify_sent(self, shard_id: int | None) -> None:
        gate = self.member.identify_gate
        if gate is not None:
            gate.sent(shard_id)

    def _shard_leased(self, shard: int, held: bool) -> None:
        """A shard's lease came or went (bot.cluster.member): :class:`ShardedCroupier` starts
        or closes its session; a bot of one unsharded session goes on with it."""
        quiet = held or self.stopping is not None or self._closing is not None
        log.log(logging.INFO if quiet else logging.WARNING, "shard %d %s", shard,
                "is this process's now" if held else "is no longer this process's")  # fmt: skip

    def _shard_wanted(self, shard: int) -> None:
        """The owner of a shard this standby runs is back (only a sharded bot runs one)."""

    def load_shard(self, shard: int) -> None:
        """Load the tables of a shard's servers and what they owe (a shard taken over)."""
        if self._loaded is None or shard in self._loaded:
            return
        owns = self.member.shard_owns(shard)
        service = self.service
        loaded = service.tables.load_open_games(owns)
        owed = service.outbox.load(owns)
        self._loaded.add(shard)
        log.info("shard %d: %d open games loaded, %d owe announcements", shard, loaded, owed)

    def unload_shard(self, shard: int) -> None:
        """Forget a shard's servers' tables and what they owe (another process runs them:
        the marks of what was delivered are written first)."""
        if self._loaded is not None:
            self._loaded.discard(shard)
        owns = self.member.shard_owns(shard)
        service = self.service
        try:
            service.outbox.flush()
        except SQLAlchemyError as exc:
            log.warning("announcement marks not written: %s", _first_line(exc))
        dropped = service.tables.drop(owns)
        owed = [game_id for game_id, _, _, guild in service.store.unannounced() if owns(guild)]
        service.outbox.forget([*dropped, *owed])

    async def stop(self, reason: str) -> None:
        """Stop cleanly (a stop signal): take no new interaction, let the clicks being
        handled be answered (at most :data:`STOP_GRACE` s), then :meth:`close`. An action is
        one transaction and what it still owes is recorded with it, so nothing is cut in
        half and the deliverer of the next start sends what is left."""
        if self.stopping is not None:
            return
        self.stopping = reason
        # New interactions go unanswered (Discord tells the player it failed; nothing
        # happened, a click after the restart works).
        drop_interactions(self)
        busy = self.router.busy.count
        if busy:
            log.info("stopping (%s): finishing %d interactions", reason, busy)
            try:
                await self.router.settled(STOP_GRACE)
            except TimeoutError:
                log.warning(
                    "stopping (%s): %d interactions still unanswered after %g s",
                    reason,
                    self.router.busy.count,
                    STOP_GRACE,
                )
        await self.close()

    async def close(self) -> None:
        """Close the connection to Discord, then the database (once, however often called:
        a stop and the end of ``async with bot`` both close)."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        await self.ops.close()
        web, self.web = self.web, None
        if web is not None:  # no page is read from a store about to close
            await web.close()
        self.router.redelivery.stop()
        await emoji_sync.stop(self.emoji_task)
        if self.application_emojis:
            emojis.clear()  # the registry is the process's: plain texts after this bot
        await self.member.close()
        task = self._checkpoints
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await super().close()
        service = self.service
        try:
            service.outbox.flush()  # what was delivered is not delivered again
        except SQLAlchemyError as exc:
            log.warning("announcement marks not written: %s", _first_line(exc))
        service.store.close()
        service.store.engine.dispose()

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
            return
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands to server %s", len(synced), guild_id)


class ShardedCroupier(Croupier, commands.AutoShardedBot):
    """The bot on discord.py's ``AutoShardedBot``: the shards ``SHARD_IDS`` of
    ``SHARD_COUNT`` in this process (built by ``Croupier(settings)``).

    It runs the shards whose lease it holds (``member.running``, bot.cluster.member), not a
    fixed list: a shard whose lease comes later (its own, given back by a standby; a dead
    process's, for a standby) is loaded and started then; one whose lease goes, or that a
    standby gives back, is closed and forgotten. One task (:meth:`_keep_shards`) does both,
    one shard at a time."""

    _keeper: asyncio.Task[None] | None = None
    _changed: asyncio.Event | None = None
    _returning: set[int]
    _launched: set[int]

    def _shard_leased(self, shard: int, held: bool) -> None:
        super()._shard_leased(shard, held)
        self._wake()

    def _shard_wanted(self, shard: int) -> None:
        if shard not in self.__dict__.setdefault("_returning", set()):
            log.info("shard %d: its owner is back; giving it back", shard)
        self._returning.add(shard)
        self.member.running.discard(shard)  # its servers are no longer this process's
        self._wake()

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()

    async def launch_shards(self) -> None:
        """Start the shards this process holds (discord.py's start of every shard given)."""
        if self.is_closed():
            return
        self._connection.shard_count = self.shard_count
        self.__dict__.setdefault("_returning", set())
        self._launched = set()
        self._changed = asyncio.Event()
        first = sorted(self.member.running)
        self.shard_ids = self._connection.shard_ids = first
        for shard_id in first:
            await self._start_shard(shard_id, initial=shard_id == first[0])
        if not first:
            log.info("no shard to run yet (%s)", self.member.shards.describe())
            ready_without_shards(self)
        self._keeper = asyncio.create_task(self._keep_shards(), name="shards")

    async def _keep_shards(self) -> None:
        assert self._changed is not None
        while not self.is_closed():
            await self._changed.wait()
            self._changed.clear()
            try:
                await self._reconcile()
            except Exception:
                log.exception("starting or closing a shard failed; tried again")
                await asyncio.sleep(1.0)
                self._changed.set()

    async def _reconcile(self) -> None:
        running = self.member.running
        for shard_id in sorted(self._launched - running):
            await self._close_shard(shard_id)
        for shard_id in sorted(self._returning - self._launched):  # wanted before it started
            self._returning.discard(shard_id)
            self.unload_shard(shard_id)
            await self.member.give_back(shard_id)
            log.info("shard %d: given back to its owner", shard_id)
        for shard_id in sorted(running - self._launched):
            if not self.is_closed():
                await self._start_shard(shard_id)

    async def _start_shard(self, shard_id: int, *, initial: bool = False) -> None:
        self.load_shard(shard_id)  # (loaded at the start, or won since)
        self._launched.add(shard_id)
        self.shard_ids = sorted(self._launched)
        log.info("shard %d: starting its session", shard_id)
        await self.launch_shard(DiscordWebSocket.DEFAULT_GATEWAY, shard_id, initial=initial)

    async def _close_shard(self, shard_id: int) -> None:
        """Close a shard's session, let the clicks being handled be answered, forget its
        servers; a shard given back frees its lease last (its owner takes it then)."""
        self._launched.discard(shard_id)
        self.shard_ids = sorted(self._launched)
        info = self.get_shard(shard_id)
        if info is not None:
            await info.disconnect()
        drop_shard(self, shard_id)
        with contextlib.suppress(TimeoutError):
            await self.router.settled(STOP_GRACE)
        self.unload_shard(shard_id)
        if shard_id in self._returning:
            self._returning.discard(shard_id)
            await self.member.give_back(shard_id)
            log.info("shard %d: given back to its owner", shard_id)
        else:
            log.warning("shard %d: closed (its lease was lost)", shard_id)

    async def close(self) -> None:
        if self._keeper is not None:
            self._keeper.cancel()
        await super().close()


async def serve(bot: Croupier, token: str) -> None:
    """Run ``bot`` until it is closed; SIGTERM (systemd, containers) and SIGINT (Ctrl-C)
    stop it cleanly (:meth:`Croupier.stop`)."""
    loop = asyncio.get_running_loop()
    stops: set[asyncio.Task[None]] = set()

    def on_signal(sig: signal.Signals) -> None:
        task = loop.create_task(bot.stop(sig.name), name="stop")
        stops.add(task)
        task.add_done_callback(stops.discard)

    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C raises instead
            loop.add_signal_handler(sig, on_signal, sig)
    try:
        try:
            async with bot:
                await bot.start(token)
        except Exception:
            if bot.stopping is None:
                raise
            # Stopped while logging in: what the cut-off start raised is no failure.
            log.debug("the start was cut off by the stop", exc_info=True)
        for task in list(stops):
            await task
    finally:
        for sig in signals:
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
        if bot.stopping is not None:  # a SIGTERM repeated while the stopped bot exits is
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # no crash (it exited -15)


def run(settings: Settings) -> None:
    """Open the database, then start the bot and block until it stops (logging is set up
    by the caller). :class:`StartupError` for a database or token it cannot use."""
    assert settings.discord_token is not None
    try:
        with sole_process(settings.database_url, settings.shards):
            _run(settings, settings.discord_token)
    except SingleProcessError as exc:
        raise StartupError(str(exc)) from None


def _run(settings: Settings, token: str) -> None:
    store = open_store(settings.database_url)
    STARTUP.mark("database")
    bot = Croupier(settings, store=store, emojis=True)
    STARTUP.mark("bot")
    try:
        try:
            event_loop.run(serve(bot, token), uvloop=settings.uvloop)
        finally:
            painter.end()
    except KeyboardInterrupt as exc:  # a signal the loop did not handle (yet, or at all)
        bot.stopping = bot.stopping or str(exc) or "SIGINT"
    except discord.LoginFailure:
        raise StartupError(
            "Discord refused the bot's token (DISCORD_TOKEN): in the Developer Portal, "
            "Bot -> Reset Token, and put the new token in .env"
        ) from None
    except (aiohttp.ClientConnectionError, OSError) as exc:
        raise StartupError(
            f"cannot reach Discord ({_first_line(exc)}): check this machine's network",
            exit_codes.UNAVAILABLE,
        ) from None
    log.info("stopped (%s)", bot.stopping or "closed")
