"""What the bot's state holds, read when Prometheus scrapes (never on the click path):
what the outbox owes, the open games per kind, the gateway per shard, and what runs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from importlib import metadata

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric

from bot.ops.gateway_health import shard_states
from bot.ops.watched import Watched


@cache
def version() -> str:
    """The installed package's version (read once: the metadata is a file)."""
    try:
        return metadata.version("croupier")
    except metadata.PackageNotFoundError:
        return "unknown"


def shards_label(bot: Watched) -> str:
    """The shards a process runs as the ``shards`` label: ``0,1/4``, ``standby/4`` or
    ``all``."""
    shards = bot.settings.shards
    if shards.count is None:
        return "all"
    if shards.standby:
        return f"standby/{shards.count}"
    return ",".join(str(i) for i in shards.ids) + f"/{shards.count}"


class BotState:
    """A collector for one bot's registry (:class:`prometheus_client.registry.Collector`)."""

    def __init__(self, bot: Watched) -> None:
        self.bot = bot

    def describe(self) -> Iterable[Metric]:
        return list(self._families())

    def collect(self) -> Iterable[Metric]:
        families = self._families()
        info, owed, versions, games, latency, connected = families
        info.add_metric([version(), shards_label(self.bot)], 1)
        for shard in shard_states(self.bot):
            connected.add_metric([str(shard.id)], 1 if shard.connected else 0)
            if shard.latency is not None:
                latency.add_metric([str(shard.id)], shard.latency)
        service = self.bot.service
        pending = service.outbox.pending()
        owed.add_metric([], len(pending))
        versions.add_metric([], sum(version - done for done, version in pending.values()))
        live = Counter(table.row.kind for table in service.tables.loaded() if table.live)
        for kind in sorted(service.tables.games):
            games.add_metric([kind], live.get(kind, 0))
        return families

    def _families(self) -> list[GaugeMetricFamily]:
        return [
            GaugeMetricFamily(
                "croupier_info", "The running Croupier: its version and shards",
                labels=["version", "shards"],
            ),
            GaugeMetricFamily(
                "croupier_outbox_owed", "Games whose committed actions still owe announcements"
            ),
            GaugeMetricFamily(
                "croupier_outbox_owed_versions", "Committed actions whose announcements are owed"
            ),
            GaugeMetricFamily(
                "croupier_open_games", "Lobbies and running games loaded, by kind",
                labels=["kind"],
            ),
            GaugeMetricFamily(
                "croupier_gateway_latency_seconds",
                "Seconds between a heartbeat and its acknowledgement, by shard",
                labels=["shard"],
            ),
            GaugeMetricFamily(
                "croupier_gateway_connected", "1 while a shard's gateway connection is open",
                labels=["shard"],
            ),
        ]  # fmt: skip
