"""When an interaction got its first response, timed from its arrival.

Discord's 3 s deadline ends with an interaction's first response, whichever way the bot
gives it (a message, an edit of the clicked message, a form, a deferral). discord.py
notes every one of them in the same place, ``InteractionResponse._response_type``, set
after Discord accepted the response (``cogs.pipeline.wire.edit_clicked`` sets it too). So
that one attribute is the hook (``bot.discord_internals.time_first_responses``, where every
change to discord.py's internals is kept): on the first response, :func:`install`'s hook
hands the time since :func:`arrived` to the bot's metrics. The stamp also names the metrics
that count the interaction's refusals (:func:`refused`) and failures (:func:`failed`), so
whatever answers it counts there without reaching for the bot. An interaction not stamped
(its bot's operations did not start) is neither timed nor counted; everything else behaves
as without it. A failure outside any interaction (a task's) is counted on the bot.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

import discord
from sqlalchemy import exc as db

from bot.discord_internals import time_first_responses
from bot.ops.metrics import (
    DATABASE,
    DATABASE_UNAVAILABLE,
    DISCORD_HTTP,
    TIMEOUT,
    UNEXPECTED,
    Metrics,
)
from bot.ops.watched import Counting
from bot.store.outage import describe, is_outage

log = logging.getLogger(__name__)

COUNTED = "croupier.counted"
"""The key in ``interaction.extras`` (discord.py's dict for such notes): the metrics that
count the interaction (kept while it is handled)."""
ARRIVED = "croupier.arrived"
"""The key in ``interaction.extras``: when it arrived (taken once its first response is
timed)."""

_clock = time.perf_counter


def arrived(interaction: discord.Interaction[Any], metrics: Metrics) -> None:
    """``interaction`` just arrived: counted in ``metrics``, its first response timed from
    now."""
    interaction.extras[COUNTED] = metrics
    interaction.extras[ARRIVED] = _clock()


def counted_in(interaction: discord.Interaction[Any]) -> Metrics | None:
    """The metrics ``interaction`` was stamped with on arrival (None: not stamped)."""
    metrics = interaction.extras.get(COUNTED)
    return metrics if isinstance(metrics, Metrics) else None


def refused(interaction: discord.Interaction[Any], key: str) -> None:
    """Count a refusal said to ``interaction``, by its catalogue key (nothing when it was not
    stamped)."""
    metrics = counted_in(interaction)
    if metrics is not None:
        metrics.refused(key)


def unavailable(interaction: discord.Interaction[Any], exc: BaseException, what: str) -> bool:
    """Whether ``exc``, which ended the handling of ``interaction`` (``what``: the click or
    command, for the log), is a database outage (:func:`bot.store.outage.is_outage`). If
    it is, it is logged here as a warning, without a traceback (the database is away or
    slow, the bot is not broken; the caller answers ``ui.store_unavailable``). Every
    interaction answered so passes here: the place to count them."""
    if not is_outage(exc):
        return False
    failed(interaction, DATABASE_UNAVAILABLE)
    log.warning("%s: the database is unavailable (%s); asked to try again in a moment",
                what, describe(exc))  # fmt: skip
    return True


class Routed(Protocol):
    """A bot, as :func:`failed` reads it: its router holds its metrics once they run."""

    @property
    def router(self) -> Counting: ...


def failed(where: discord.Interaction[Any] | Routed, kind: str) -> None:
    """Count a failure of ``kind`` (:data:`bot.ops.metrics.ERROR_KINDS`, e.g.
    :data:`~bot.ops.metrics.DATABASE_UNAVAILABLE`; :func:`error_kind` names an
    exception's) in ``croupier_errors_total``: for an interaction (counted where it was
    stamped), or a bot (a task's failure). Nothing when neither is counted."""
    metrics = _metrics_of(where)
    if metrics is not None:
        metrics.failed(kind)


def _metrics_of(where: discord.Interaction[Any] | Routed) -> Metrics | None:
    router = getattr(where, "router", None)  # a bot (an interaction has none)
    if router is None:
        return counted_in(where)  # type: ignore[arg-type]
    metrics = router.metrics
    return metrics if isinstance(metrics, Metrics) else None


_UNAVAILABLE = (db.OperationalError, db.InterfaceError, db.DisconnectionError, db.TimeoutError)
"""The database's errors that say it cannot be reached or did not answer in time (a
statement or lock timeout, a connection refused or broken, the pool exhausted)."""


def error_kind(error: BaseException) -> str:
    """The ``kind`` a failure is counted as (:func:`failed`)."""
    if isinstance(error, _UNAVAILABLE) or (
        isinstance(error, db.DBAPIError) and error.connection_invalidated
    ):
        return DATABASE_UNAVAILABLE
    if isinstance(error, db.SQLAlchemyError):
        return DATABASE
    if isinstance(error, discord.HTTPException):
        return DISCORD_HTTP
    if isinstance(error, TimeoutError | asyncio.TimeoutError):
        return TIMEOUT
    return UNEXPECTED


def _answered(interaction: discord.Interaction[Any]) -> None:
    """An interaction's first response was noted: timed, if it was stamped."""
    since = interaction.extras.pop(ARRIVED, None)
    metrics = counted_in(interaction)
    if since is not None and metrics is not None:
        metrics.answered(interaction.type, _clock() - since)


def install() -> None:
    """Time first responses from now on (once per process; later calls change nothing)."""
    time_first_responses(_answered)
