"""When an interaction got its first response, timed from its arrival.

Discord's 3 s deadline ends with an interaction's first response, whichever way the bot
gives it (a message, an edit of the clicked message, a form, a deferral). discord.py
notes every one of them in the same place, ``InteractionResponse._response_type``, set
after Discord accepted the response (``cogs.pipeline.wire.edit_clicked`` sets it too). So
that one attribute is the hook: :func:`install` puts a descriptor in its slot's place that
stores as before and, on the first response, hands the time since :func:`arrived` to the
bot's metrics. An interaction not stamped (its bot's operations did not start) is not
timed; everything else behaves as without it.
"""

from __future__ import annotations

import time
from typing import Any

import discord
from discord.interactions import InteractionResponse

from bot.ops.metrics import Metrics

ARRIVED = "croupier.arrived"
"""The key in ``interaction.extras`` (discord.py's dict for such notes): (metrics, when)."""

_clock = time.perf_counter


def arrived(interaction: discord.Interaction[Any], metrics: Metrics) -> None:
    """``interaction`` just arrived: its first response will be timed from now."""
    interaction.extras[ARRIVED] = (metrics, _clock())


class _Timed:
    """``InteractionResponse._response_type`` that times the first response it notes."""

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, response: Any, owner: Any = None) -> Any:
        if response is None:
            return self
        return self.slot.__get__(response, owner)

    def __set__(self, response: Any, value: Any) -> None:
        self.slot.__set__(response, value)
        if value is not None:
            interaction = response._parent
            stamp = interaction.extras.pop(ARRIVED, None)
            if stamp is not None:
                stamp[0].answered(interaction.type, _clock() - stamp[1])


def install() -> None:
    """Time first responses from now on (once per process; later calls change nothing)."""
    slot = InteractionResponse.__dict__["_response_type"]
    if not isinstance(slot, _Timed):
        setattr(InteractionResponse, "_response_type", _Timed(slot))  # noqa: B010
