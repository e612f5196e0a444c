"""The bot as its cogs know it: :class:`TableBot`, every part a cog reads a typed attribute.

``bot.app.Croupier`` is a ``TableBot``; so is the bot a test builds to load cogs on. The
parts the cogs share are made here, with the bot: the router (its sessions and its
redelivery), the prompt book, the permission notices given, the tournament corrections
awaiting their host's confirmation. The service and this process's member come from
whoever builds the bot. Whatever has only a ``discord.Client`` (an extension's ``setup``,
an interaction's ``client``, a delivery's) gets the bot from :func:`table_bot`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

import discord
from discord.ext import commands

from bot.cluster.member import Member
from bot.permissions import Told
from bot.service import Service
from bot.web.links import WebLinks
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.prompts import PromptBook
from cogs.pipeline.router import Router


class Correction(NamedTuple):
    """A tournament's correction put to its host, until he confirms it
    (``cogs.tournament.correction_prompt``)."""

    game_id: int
    host: str
    args: dict[str, Any]


class TableBot(commands.Bot):
    """A discord.py bot with the parts of Croupier's cogs. ``member``: this process among
    the bot's processes; None (a test's bot) runs every singleton and owns every server."""

    def __init__(self, service: Service, *, member: Member | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.service = service
        self.member = member
        self.prompt_book = PromptBook()
        """The private prompts open now (``cogs.pipeline.prompts``)."""
        self.router = Router(self, service, self.prompt_book)
        """Every click and form to its game (``cogs.pipeline.router``); each game's
        extension adds its clicks when it loads."""
        self.add_listener(self.router.on_interaction, "on_interaction")
        self.told = Told()
        """The permission notices given since the start (``cogs.permission_notices``)."""
        self.corrections: dict[str, Correction] = {}
        """Tournament corrections awaiting confirmation, by their button's token."""
        self.server_data_days = 30
        """Days after the bot's removal from a server until its data is erased
        (``SERVER_DATA_DAYS``, set by the bot; ``cogs.server_data``)."""

    @property
    def links(self) -> WebLinks:
        """The links of the bot's messages to the servers' pages (``PUBLIC_URL`` and each
        server's web key, kept by the directory): its table sessions' too."""
        return self.router.sessions.links

    @property
    def public_url(self) -> str | None:
        """Where visitors reach the web pages (``PUBLIC_URL``; None: not set)."""
        return self.links.public_url

    @public_url.setter
    def public_url(self, url: str | None) -> None:
        self.links.public_url = url


def table_bot(client: discord.Client) -> TableBot:
    """``client`` as the :class:`TableBot` it is; a bot without the cogs' parts cannot run
    them, which is said here, at once."""
    if not isinstance(client, TableBot):
        raise TypeError(f"Croupier's cogs run on a TableBot, not on {type(client).__name__}")
    return client


Extension = Callable[[commands.Bot], Awaitable[None]]


def game_extension(
    clicks: GameClicks, cog: Callable[[TableBot], commands.Cog]
) -> tuple[Extension, Extension]:
    """A game's extension as discord.py loads it (``setup, teardown = game_extension(...)``
    in the game's module): loading routes its clicks to it and adds its commands;
    unloading takes its clicks away (they are answered as unknown, the others' work)."""

    async def setup(bot: commands.Bot) -> None:
        table = table_bot(bot)
        table.router.add(clicks)
        await table.add_cog(cog(table))

    async def teardown(bot: commands.Bot) -> None:
        table_bot(bot).router.remove(clicks.kind)

    return setup, teardown
