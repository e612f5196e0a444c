"""What the bot's state holds, read when Prometheus scrapes (never on the click path):
what the outbox owes, the open games per kind, the gateway per shard, the leases this
process holds (its singletons, its shards), and what runs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from importlib import metadata

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric

from bot.cluster.member import Member
from bot.ops.gateway_health import shard_states
from bot.ops.health import ROLES, health
from bot.ops.watched import Watched

SHARD_LEASE = "shard/"
"""The prefix of a shard's lease among a member's held leases (``shard/3``)."""


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


def owned_shards(member: Member, connected: Iterable[int] = ()) -> dict[int, bool]:
    """The shards this process runs or may run, and whether it holds each now: alone on
    SQLite every shard of its settings (an unsharded process's session is shard 0); on
    PostgreSQL those whose lease it holds (``shard/N``: its own while it lives, a dead
    process's while it stands in), and its own whose gateway is ``connected`` (a cluster
    whose shards take no leases)."""
    shards = member.shards
    home = shards.ids if shards.count is not None else (0,)
    leased = {
        int(role.removeprefix(SHARD_LEASE))
        for role in member.held
        if role.startswith(SHARD_LEASE) and role.removeprefix(SHARD_LEASE).isdigit()
    }
    running = set(connected) & set(home)
    return {
        shard: not member.linked or shard in leased or shard in running
        for shard in sorted({*home, *leased})
    }


class BotState:
    """A collector for one bot's registry (:class:`prometheus_client.registry.Collector`)."""

    def __init__(self, bot: Watched) -> None:
        self.bot = bot

    def describe(self) -> Iterable[Metric]:
        return list(self._families())

    def collect(self) -> Iterable[Metric]:
        families = self._families()
        info, owed, versions, games, latency, connected, lease, owned, ready = families
        info.add_metric([version(), shards_label(self.bot)], 1)
        ready.add_metric([], 1 if health(self.bot, None)[0] else 0)
        member = self.bot.member
        for role in ROLES:
            lease.add_metric([role], 1 if member.holds(role) else 0)
        states = shard_states(self.bot)
        running = [shard.id for shard in states if shard.connected]
        for shard_id, held in owned_shards(member, running).items():
            owned.add_metric([str(shard_id)], 1 if held else 0)
        for shard in states:
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
            GaugeMetricFamily(
                "croupier_lease", "1 while this process runs the singleton (clock, sync)",
                labels=["role"],
            ),
            GaugeMetricFamily(
                "croupier_shard_owned", "1 while this process holds the shard (its lease)",
                labels=["shard"],
            ),
            GaugeMetricFamily(
                "croupier_ready", "1 while /health says ready (200), 0 while it says 503"
            ),
        ]  # fmt: skip
