"""Discord's window for a first answer: an interaction unanswered 3 s after Discord made it
is dead ("The application did not respond"), whatever the bot does later.

The budget is counted from the interaction's creation (its id's timestamp), not from
when the bot got to it: a click that reached a busy or just restarted bot late has less
time left. Whatever may take long before a click's first answer (its table's lock, what
the table still owes from before, a picture the answer shows) waits :func:`patiently`:
once :data:`DEFER_AFTER` seconds of the window are gone, the click is deferred
(:func:`defer`) and answered when the work is done.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0
"""Seconds after an interaction's creation by which it is deferred unless answered
(Discord's window is 3 s; the deferral's own round trip needs the rest)."""

T = TypeVar("T")
Interaction = discord.Interaction[Any]


def left(interaction: Interaction | None) -> float:
    """Seconds until ``interaction`` must be deferred (:data:`DEFER_AFTER` for none). A
    clock behind Discord's counts as no delay; one ahead only defers sooner."""
    if interaction is None:
        return DEFER_AFTER
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(DEFER_AFTER, max(0.0, DEFER_AFTER - age))


async def defer(interaction: Interaction | None, *, private: bool = True) -> None:
    """Defer ``interaction`` unless it was answered: a command shows "thinking" (only to
    its caller when ``private``), a click or form keeps its message as it is until it is
    edited."""
    if interaction is None or interaction.response.is_done():
        return
    log.info("deferring %s: its answer takes longer than Discord's window", interaction.id)
    try:
        if interaction.type is discord.InteractionType.application_command:
            await interaction.response.defer(ephemeral=private, thinking=True)
        else:
            await interaction.response.defer()
    except discord.HTTPException:
        log.warning("deferring %s failed", interaction.id)


async def patiently(work: Awaitable[T], patience: float, slow: Callable[[], Awaitable[None]]) -> T:
    """``work``'s result; should it take longer than ``patience`` seconds, ``slow`` is
    awaited (a deferral) while it goes on. Cancelled, ``work`` is cancelled too."""
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=patience)
        if not done:
            await slow()
        return await task
    except asyncio.CancelledError:
        task.cancel()
        raise
