"""Builds the discord.py bot: database, service, cogs, command sync."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Callable

import aiohttp
import discord
from discord.ext import commands
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bot.config import Settings
from bot.engine import AuditedRng
from bot.service import Service
from bot.store import Store, make_engine, upgrade
from bot.store.checkpoints import run_checkpoints, take_over
from cogs.errors import CroupierTree
from cogs.router import Router
from cogs.translator import CommandTranslator

log = logging.getLogger(__name__)

GC_THRESHOLDS = (10_000, 10, 10)
"""The bot's garbage collector: a young pass after 10,000 new objects (Python: 700). A
young pass then takes ~9 ms; 50,000 saved as much CPU but its passes took ~60 ms, a stall
the latency goal cannot afford (docs/PERFORMANCE.md)."""

EXTENSIONS = (
    "cogs.info",
    "cogs.help",
    "cogs.verflixte6",
    "cogs.tournament",
    "cogs.teufel",
    "cogs.flaschenteufel",
    "cogs.dicedevils",
    "cogs.tables",
    "cogs.deliverer",
    "cogs.verify",
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


# Croupier plays no voice: discord.py need not warn at every start that it cannot.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


class Croupier(commands.Bot):
    """The bot. Game state lives in :attr:`service`; cogs only translate interactions."""

    service: Service

    def __init__(
        self,
        settings: Settings,
        rng_factory: Callable[[bytes, int, str], AuditedRng] = AuditedRng,
        store: Store | None = None,
    ) -> None:
        """``store``: the database opened already (:func:`open_store`); without one it is
        opened when the bot sets up (tests, the sandbox)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=CroupierTree,
        )
        self.settings = settings
        self.rng_factory = rng_factory
        self._store = store
        # Clicks and forms go to the games through one router the bot owns; each game's
        # cog adds its route when it loads (cogs.router).
        self.router = Router()
        self.add_listener(self.router.on_interaction, "on_interaction")

    async def setup_hook(self) -> None:
        store = self._store or open_store(self.settings.database_url)
        wal = take_over(store.engine)
        if wal is not None:
            self._checkpoints = asyncio.create_task(run_checkpoints(wal), name="checkpoints")
        self.service = Service(store, rng_factory=self.rng_factory)
        loaded = self.service.tables.load_open_games()
        owed = self.service.outbox.load()
        log.info("database ready, %d open games loaded, %d owe announcements", loaded, owed)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CommandTranslator())
        await self._sync_commands()
        # Everything loaded so far lives as long as the bot: keep it out of the garbage
        # collector's full passes, which otherwise stall every click now and then.
        gc.freeze()
        # A click allocates thousands of objects that live until its REST calls return;
        # with Python's default (700, 10, 10) they survived young passes and were traced
        # again and again (12 % of the bot's CPU at saturation, docs/PERFORMANCE.md).
        gc.set_threshold(*GC_THRESHOLDS)

    async def close(self) -> None:
        task = getattr(self, "_checkpoints", None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await super().close()
        service = getattr(self, "service", None)
        if service is not None:
            service.store.close()

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


def run(settings: Settings) -> None:
    """Open the database, then start the bot and block until it stops (logging is set up
    by the caller). :class:`StartupError` for a database or token it cannot use."""
    assert settings.discord_token is not None
    store = open_store(settings.database_url)
    try:
        Croupier(settings, store=store).run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:
        raise StartupError(
            "Discord refused the bot's token (DISCORD_TOKEN): in the Developer Portal, "
            "Bot -> Reset Token, and put the new token in .env"
        ) from None
    except (aiohttp.ClientConnectionError, OSError) as exc:
        raise StartupError(
            f"cannot reach Discord ({_first_line(exc)}): check this machine's network"
        ) from None
