"""The bot's Prometheus instruments, on a registry of its own (one per bot: tests and
several bots in one process do not collide).

What the click path counts (a counter's ``inc`` and a histogram's ``observe``, about a
microsecond each, no await): interactions answered and how long their first answer took
(:mod:`bot.ops.answers` times them), and refusals by their catalogue key (counted for the
interaction that was refused, :func:`bot.ops.answers.refused`). What the bot's
state holds (outbox, open games, gateway) is read when Prometheus scrapes
(:mod:`bot.ops.scraped`), never on the click path.
"""

from __future__ import annotations

import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

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


class Metrics:
    """The instruments of one bot on its own :attr:`registry`."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
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

    def answered(self, kind: discord.InteractionType, seconds: float) -> None:
        """An interaction of ``kind`` got its first response ``seconds`` after it arrived."""
        instruments = self._answers.get(kind)
        if instruments is not None:
            instruments[0].inc()
            instruments[1].observe(seconds)

    def refused(self, key: str) -> None:
        """A refusal was said, by its catalogue key (a bounded set of label values)."""
        self.refusals.labels(key).inc()

    def lagged(self, seconds: float) -> None:
        """The event loop woke a task ``seconds`` late."""
        self.loop_lag.set(seconds)
        self.loop_lags.observe(seconds)
