"""The bot as its operations read it (:class:`Watched`): what ``/health`` and the scrape
read, and where the click path finds the metrics to count in. ``bot.app``'s ``Croupier``
has all of it; this package names no cogs, so it says what it reads here, and the type
checker holds the bot against it where the bot hands itself to :class:`bot.ops.Ops`."""

from __future__ import annotations

from typing import Protocol

from discord.http import HTTPClient

from bot.cluster.member import Member
from bot.config import Settings
from bot.ops.gateway_health import Gateway
from bot.ops.metrics import Metrics
from bot.service import Service


class Counting(Protocol):
    """The bot's router: it stamps every click and command with these metrics as it
    arrives (``bot.ops.answers``); None while the operations have not started."""

    metrics: Metrics | None


class Watched(Gateway, Protocol):
    """A running bot, as its operations read it."""

    @property
    def settings(self) -> Settings: ...

    @property
    def service(self) -> Service:
        """What the outbox owes and the open games, read at scrape time."""
        ...

    @property
    def member(self) -> Member:
        """This process among the bot's processes: the singletons it runs."""
        ...

    @property
    def stopping(self) -> str | None:
        """Why the bot stops (a signal's name), once it does."""
        ...

    @property
    def router(self) -> Counting: ...

    @property
    def http(self) -> HTTPClient:
        """Its REST client: every answer of Discord's is counted by route."""
        ...

    def is_ready(self) -> bool: ...
