"""The database probe's answer (bot.store.probe) in ``/metrics``, read when Prometheus
scrapes: ``croupier_database_up`` (1: the last probe answered, 0: it did not, or none for
too long)."""

from __future__ import annotations

from collections.abc import Iterable

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric

from bot.store.probe import DatabaseProbe


class DatabaseState:
    """A collector for one bot's registry (:class:`prometheus_client.registry.Collector`)."""

    def __init__(self, probe: DatabaseProbe) -> None:
        self.probe = probe

    def collect(self) -> Iterable[Metric]:
        up = GaugeMetricFamily(
            "croupier_database_up",
            "Whether the database answered the last probe (a bounded SELECT 1 every second)",
        )
        up.add_metric([], 1.0 if self.probe.reach.ok else 0.0)
        yield up
