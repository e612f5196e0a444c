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
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bot import emoji_sync
from bot.cluster.member import SYNC, Member
from bot.cluster.notices import Notice
from bot.cluster.single import SingleProcessError, sole_process
from bot.config import Settings
from bot.discord_internals import drop_interactions, silence_voice_warnings, trim_clicks
from bot.engine import AuditedRng
from bot.ops import Ops
from bot.plugins import PLUGINS
from bot.render import emojis
from bot.render.drawn import painter
from bot.service import Service
from bot.store import Store, make_engine, upgrade
from bot.store.checkpoints import run_checkpoints, take_over
from cogs.errors import CroupierTree
from cogs.pipeline.payload import PLAIN_PINGS
from cogs.table_bot import TableBot
from cogs.translator import CommandTranslator

log = logging.getLogger(__name__)

STOP_GRACE = 5.0
"""Seconds a stopping bot waits for the clicks it is handling to be answered."""

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
    """A setting the bot cannot start with, said in one line: what is wrong, how to fix it."""


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def open_store(url: str) -> Store:
    """The database, migrated: opened before the bot logs in to Discord, so a wrong
    ``DATABASE_URL`` is said in one line instead of after the login, in tracebacks."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        raise StartupError(
            f"DATABASE_URL {url[:60]!r} is no database address; use e.g. "
            "sqlite:///croupier.sqlite3 or postgresql+psycopg://user:password@host/database"
        ) from None
    try:
        engine = make_engine(url)
        upgrade(engine)
    except (SQLAlchemyError, ImportError, OSError) as exc:
        raise StartupError(
            f"cannot open the database {shown}: {_first_line(exc)}. Check DATABASE_URL "
            "(in .env or the environment) and that the database server runs."
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
            **sharding,
        )
        self.settings = settings
        if emojis is not None:
            self.application_emojis = emojis
        self.ops = Ops.of(settings)  # metrics; /health and /metrics at HEALTH_PORT
        trim_clicks(self)  # the bot reads a clicked message's id and flags only

    def __new__(cls, settings: Settings, *args: Any, **kwargs: Any) -> Croupier:
        sharded = cls is Croupier and settings.shards.sharded
        return super().__new__(ShardedCroupier if sharded else cls)

    async def setup_hook(self) -> None:
        await self.ops.start(self)  # /health says "starting" until the bot is ready
        wal = take_over(self.service.store.engine)
        if wal is not None:
            self._checkpoints = asyncio.create_task(run_checkpoints(wal), name="checkpoints")
        member = self.member
        painter.start()  # the pictures' worker process, ready before the first picture
        loaded = self.service.tables.load_open_games(member.owns)
        owed = self.service.outbox.load(member.owns)
        log.info("database ready (%s), %d open games loaded, %d owe announcements",
                 member.shards.describe(), loaded, owed)  # fmt: skip
        member.start(self._noticed, self._leased, self._linked)
        if self.application_emojis:  # alongside the cogs and the command sync
            self.emoji_task = asyncio.create_task(emoji_sync.run(self), name="emojis")
        for extension in extensions():
            await self.load_extension(extension)
        self.router.redelivery.start()  # what games owe, sent every few seconds
        await self.tree.set_translator(CommandTranslator())
        if await member.claim(SYNC):  # one process syncs for all
            await self._sync_commands()
        else:
            log.info("the commands are synced by another process")
        if self.emoji_task is not None:  # a first start's uploads go on after it
            await emoji_sync.wait_briefly(self.emoji_task)
        # Everything loaded so far lives as long as the bot: keep it out of the garbage
        # collector's full passes, which otherwise stall every click now and then.
        gc.freeze()
        # A click allocates thousands of objects that live until its REST calls return;
        # with Python's default (700, 10, 10) they survived young passes and were traced
        # again and again (12 % of the bot's CPU at saturation, docs/PERFORMANCE.md).
        gc.set_threshold(*GC_THRESHOLDS)

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
        """Connected to the other processes (again): what was missed is read anew."""
        self.service.resync(self.member.owns)

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
    ``SHARD_COUNT`` in this process (built by ``Croupier(settings)``)."""


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
    bot = Croupier(settings, store=store, emojis=True)
    try:
        asyncio.run(serve(bot, token))
    except KeyboardInterrupt as exc:  # a signal the loop did not handle (yet, or at all)
        bot.stopping = bot.stopping or str(exc) or "SIGINT"
    except discord.LoginFailure:
        raise StartupError(
            "Discord refused the bot's token (DISCORD_TOKEN): in the Developer Portal, "
            "Bot -> Reset Token, and put the new token in .env"
        ) from None
    except (aiohttp.ClientConnectionError, OSError) as exc:
        raise StartupError(
            f"cannot reach Discord ({_first_line(exc)}): check this machine's network"
        ) from None
    log.info("stopped (%s)", bot.stopping or "closed")
