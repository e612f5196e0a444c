"""When an interaction got its first response, timed from its arrival.

Discord's 3 s deadline ends with an interaction's first response, whichever way the bot
gives it (a message, an edit of the clicked message, a form, a deferral). discord.py
notes every one of them in the same place, ``InteractionResponse._response_type``, set
after Discord accepted the response (``cogs.pipeline.wire.edit_clicked`` sets it too). So
that one attribute is the hook (``bot.discord_internals.time_first_responses``, where every
change to discord.py's internals is kept): on the first response, :func:`install`'s hook
hands the time since :func:`arrived` to the bot's metrics. An interaction not stamped (its
bot's operations did not start) is not timed; everything else behaves as without it.
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.discord_internals import time_first_responses
from bot.ops.metrics import Metrics

ARRIVED = "croupier.arrived"
"""The key in ``interaction.extras`` (discord.py's dict for such notes): (metrics, when)."""

_clock = time.perf_counter


def arrived(interaction: discord.Interaction[Any], metrics: Metrics) -> None:
    """``interaction`` just arrived: its first response will be timed from now."""
    interaction.extras[ARRIVED] = (metrics, _clock())


def _answered(interaction: discord.Interaction[Any]) -> None:
    """An interaction's first response was noted: timed, if it was stamped."""
    stamp = interaction.extras.pop(ARRIVED, None)
    if stamp is not None:
        stamp[0].answered(interaction.type, _clock() - stamp[1])


def install() -> None:
    """Time first responses from now on (once per process; later calls change nothing)."""
    time_first_responses(_answered)
