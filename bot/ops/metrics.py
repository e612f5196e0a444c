"""The bot's Prometheus instruments, on a registry of its own (one per bot: tests and
several bots in one process do not collide).

What the click path counts (a counter's ``inc`` and a histogram's ``observe``, about a
microsecond each, no await; every labelled child looked up once): interactions answered
and how long their first answer took (:mod:`bot.ops.answers` times them), refusals by
their catalogue key and errors by their kind (counted for the interaction,
:func:`bot.ops.answers.refused` and :func:`~bot.ops.answers.failed`), Discord's REST
answers by route (:mod:`bot.ops.rest`) and the database's transactions
(:mod:`bot.ops.transactions`). What the bot's state holds (outbox, open games, gateway,
leases) is read when Prometheus scrapes (:mod:`bot.ops.scraped`), never on the click path;
so are the process's own numbers (CPU, memory, file descriptors, the garbage collector).
"""

from __future__ import annotations

import re

import discord
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)

ANSWER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
"""Seconds: Discord gives an interaction 3 s for its first answer, so the buckets are fine
below it and end just past it."""

LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 3.0)

TYPES = {
    discord.InteractionType.component: "click",
    discord.InteractionType.modal_submit: "modal",
    discord.InteractionType.application_command: "command",
    discord.InteractionType.autocomplete: "autocomplete",
}
"""The ``type`` label of an answered interaction (a bounded set)."""

UNEXPECTED = "unexpected"
"""An error the bot has no name for (a bug): the player read the apology."""
DATABASE_UNAVAILABLE = "database_unavailable"
"""The database could not be reached or did not answer in time (the player may try again)."""
DATABASE = "database"
"""The database refused a statement for another reason (a bug, or a schema out of date)."""
DISCORD_HTTP = "discord_http"
"""Discord's REST API answered an error the bot did not expect."""
TIMEOUT = "timeout"
"""Something the bot waited for did not come in time."""
ERROR_KINDS = (UNEXPECTED, DATABASE_UNAVAILABLE, DATABASE, DISCORD_HTTP, TIMEOUT)
"""The ``kind`` label of ``croupier_errors_total`` (a bounded set; another kind is counted
as :data:`UNEXPECTED`)."""

DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a click's write takes about a millisecond; past a second it holds the loop."""
TRANSACTION_ENDS = ("commit", "rollback")
"""The ``end`` label of a transaction's time: committed, or rolled back (a read's session
ends so, as does a failed write)."""

_NOT_A_TEMPLATE = re.compile(r"/(?!\{)[^/]*\d[^/]*")
"""A path segment with a digit that is not a ``{placeholder}``: an id or a token written
into a route's path (a label must never hold one)."""


def route_label(method: str, path: str) -> str:
    """The ``route`` label of a REST call: its method and discord.py's path template
    (``POST /interactions/{webhook_id}/{webhook_token}/callback``); a segment that holds
    an id or a token instead of a placeholder becomes ``{}``."""
    return f"{method} {_NOT_A_TEMPLATE.sub('/{}', path)}"


def status_class(status: int | None) -> str:
    """The ``status`` label of a REST answer: ``2xx`` … ``5xx``, ``429`` on its own (Discord
    rate-limited the call), ``error`` when no answer came (the connection failed)."""
    if status is None:
        return "error"
    return "429" if status == 429 else f"{status // 100}xx"


def standard_collectors(registry: CollectorRegistry) -> None:
    """The process's CPU, memory and file descriptors, Python's version and its garbage
    collector, as prometheus_client's default registry has them (``process_*``,
    ``python_info``, ``python_gc_*``), on ``registry``."""
    ProcessCollector(registry=registry)
    PlatformCollector(registry=registry)
    GCCollector(registry=registry)


class Metrics:
    """The instruments of one bot on its own :attr:`registry`."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        standard_collectors(registry)
        answered = Counter(
            "croupier_interactions_answered",
            "Interactions answered (a first response sent), by type",
            ["type"],
            registry=registry,
        )
        seconds = Histogram(
            "croupier_answer_seconds",
            "Seconds from an interaction's arrival to its first response, by type",
            ["type"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        # The labelled children looked up once: the click path only counts.
        self._answers = {
            kind: (answered.labels(label), seconds.labels(label)) for kind, label in TYPES.items()
        }
        self.refusals = Counter(
            "croupier_refusals",
            "Actions and commands refused, by the refusal's text key (e.g. game.stale)",
            ["reason"],
            registry=registry,
        )
        self._refusals: dict[str, Counter] = {}
        errors = Counter(
            "croupier_errors",
            "Failures while handling an interaction or a task, by kind "
            "(unexpected, database_unavailable, database, discord_http, timeout)",
            ["kind"],
            registry=registry,
        )
        self._errors = {kind: errors.labels(kind) for kind in ERROR_KINDS}
        self.requests = Counter(
            "croupier_discord_requests",
            "Answers of Discord's REST API, by route (method and path template) and status "
            "class (2xx, 4xx, 429: rate limited, 5xx, error: no answer)",
            ["route", "status"],
            registry=registry,
        )
        self._requests: dict[tuple[str, str, int | None], Counter] = {}
        transactions = Histogram(
            "croupier_db_transaction_seconds",
            "Seconds from a database transaction's begin to its commit or rollback, by end",
            ["end"],
            buckets=DB_BUCKETS,
            registry=registry,
        )
        self.committed, self.rolled_back = (transactions.labels(end) for end in TRANSACTION_ENDS)
        self.loop_lag = Gauge(
            "croupier_event_loop_lag_seconds",
            "How late the event loop last woke a sleeping task (the last measurement)",
            registry=registry,
        )
        self.loop_lags = Histogram(
            "croupier_event_loop_lag_observed_seconds",
            "How late the event loop woke a sleeping task, every measurement",
            buckets=LAG_BUCKETS,
            registry=registry,
        )

        self.event_loop = Gauge(
            "croupier_event_loop_info",
            "The event loop the bot runs on: 1 for the loop named (uvloop or asyncio)",
            ["loop"],
            registry=registry,
        )

    def running_on(self, loop: str) -> None:
        """The bot runs on the event loop ``loop`` (bot.event_loop.name)."""
        self.event_loop.labels(loop).set(1)

    def answered(self, kind: discord.InteractionType, seconds: float) -> None:
        """An interaction of ``kind`` got its first response ``seconds`` after it arrived."""
        instruments = self._answers.get(kind)
        if instruments is not None:
            instruments[0].inc()
            instruments[1].observe(seconds)

    def refused(self, key: str) -> None:
        """A refusal was said, by its catalogue key (a bounded set of label values)."""
        counter = self._refusals.get(key)
        if counter is None:
            counter = self._refusals[key] = self.refusals.labels(key)
        counter.inc()

    def failed(self, kind: str) -> None:
        """Something failed, of ``kind`` (one of :data:`ERROR_KINDS`)."""
        counter = self._errors.get(kind)
        (self._errors[UNEXPECTED] if counter is None else counter).inc()

    def responded(self, method: str, path: str, status: int | None) -> None:
        """Discord answered a REST call to the route ``method path`` (discord.py's template)
        with ``status`` (None: no answer came)."""
        key = (method, path, status)
        counter = self._requests.get(key)
        if counter is None:
            label = route_label(method, path)
            counter = self.requests.labels(label, status_class(status))
            if label == f"{method} {path}":  # a template: the same child every time
                self._requests[key] = counter
        counter.inc()

    def lagged(self, seconds: float) -> None:
        """The event loop woke a task ``seconds`` late."""
        self.loop_lag.set(seconds)
        self.loop_lags.observe(seconds)
