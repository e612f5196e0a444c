"""Several bot processes on one loopback Discord, each on a range of the shards
(loopback.cluster): each shard's servers are answered by its process, a killed process's
servers by none until it is restarted."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from bot.store import make_engine, upgrade
from loopback import FakeDiscord, Guild, Message, User, fake_discord
from loopback.cluster import Cluster, split
from loopback.process import start
from tests.helpers.click_ids import click_of

BUTTON = {"type": 2, "style": 1, "label": "go", "custom_id": "go"}


def servers(fake: FakeDiscord, count: int) -> tuple[User, list[Guild], list[Message]]:
    """A server per shard with a button message; a user in all of them."""
    user = fake.add_user("u")
    guilds, messages = [], []
    for shard in range(count):
        guild = fake.add_guild(f"g{shard}", shard=(shard, count))
        fake.add_member(guild, user)
        message = fake.new_message(fake.add_channel(guild, "c"), visibility="public")
        fake.apply(message, {"content": "-", "components": [{"type": 1, "components": [BUTTON]}]},
                   [], creating=True)  # fmt: skip
        guilds.append(guild)
        messages.append(message)
    return user, guilds, messages


def test_shards_are_split_in_contiguous_ranges() -> None:
    assert split(4, 2) == [(0, 1), (2, 3)]
    assert split(5, 2) == [(0, 1, 2), (3, 4)]
    assert split(3, 3) == [(0,), (1,), (2,)]
    with pytest.raises(ValueError):
        split(2, 3)


async def test_a_sharded_process_says_ready_once_all_its_shards_are(tmp_path: Path) -> None:
    async with fake_discord() as fake:
        servers(fake, 3)
        fake.max_concurrency = 3
        assert fake.port is not None
        bot = await start("bare", fake.port, shard_count=3, shard_ids="1-2",
                          log=tmp_path / "bare.log")  # fmt: skip
        try:
            await bot.wait_connected()
            assert sorted(fake.gateway.sessions) == [1, 2]
            for shard in (1, 2):  # READY and its server, as the ready line came after them
                session = fake.gateway.sessions[shard]
                assert session.shard == [shard, 3] and len(session.ready_guilds) == 1
        finally:
            assert await bot.stop() == 0


async def test_a_killed_process_answers_nothing_until_it_is_restarted(tmp_path: Path) -> None:
    async with fake_discord() as fake:
        user, guilds, messages = servers(fake, 4)
        fake.response_deadline = 0.5
        cluster = Cluster(fake, "bare", shard_count=4, processes=2, log_dir=tmp_path,
                          identify_window=0.5)  # fmt: skip
        async with cluster:
            assert fake.max_concurrency == 4
            assert [fake.gateway.sessions[s].shard for s in range(4)] == [[s, 4] for s in range(4)]
            pids = [cluster[0].pid, cluster[1].pid]
            for shard, message in enumerate(messages):
                click = await fake.click(user, message, "go")
                assert click.response_type == 7, shard
                # each process counts its own clicks: the first of each server's process
                assert message.content == f"#{shard % 2 + 1}"
                interactions = fake.gateway.sessions[shard].dispatched("INTERACTION_CREATE")
                assert [int(i["guild_id"]) for i in interactions] == [guilds[shard].id]

            cluster.kill(1)
            assert await cluster[1].wait(10) == -signal.SIGKILL
            await fake.wait_until(lambda: not fake.gateway.shard_live(2), timeout=5)
            assert fake.gateway.shard_live(0) and not fake.gateway.shard_live(3)
            lost = await fake.click(user, messages[2], "go")
            assert lost.dead and lost.response_type is None
            kept = await fake.click(user, messages[0], "go")
            assert kept.response_type == 7 and messages[0].content == "#3"

            restarted = await cluster.restart(1)
            assert restarted.pid not in pids
            click = await fake.click(user, messages[3], "go")
            assert click.response_type == 7 and messages[3].content == "#1"
        assert cluster[0].returncode == 0 and cluster[1].returncode == 0
        assert fake.identify_refusals == 0
        (violation,) = fake.violations
        assert "no initial response" in violation


@pytest.mark.postgres
async def test_sharded_croupier_processes_each_answer_their_servers(
    pg_url: str, tmp_path: Path
) -> None:
    engine = make_engine(pg_url)  # migrated once: two processes would both migrate it
    upgrade(engine)
    engine.dispose()
    async with fake_discord() as fake:
        user, guilds, _ = servers(fake, 2)
        other = fake.add_user("v")
        channels = []
        for guild in guilds:
            fake.add_member(guild, other)
            channels.append(fake.add_channel(guild, "tisch"))
        async with Cluster(fake, "croupier", pg_url, shard_count=2, processes=2,
                           log_dir=tmp_path):  # fmt: skip
            await fake.wait_until(lambda: bool(fake.commands()), timeout=30)
            for channel in channels:
                opened = await fake.slash(user, channel, "v6 tisch")
                lobby = opened.message
                assert opened.response_type == 4 and lobby is not None
                join = next(c for c in lobby.custom_ids() if click_of(c).verb == "join")
                click = await fake.click(other, lobby, join)
                assert click.response_type == 7 and str(other.id) in lobby.text()
            in_dm = await fake.slash(other, fake.dm_channel(other), "statistik")  # a DM
            assert in_dm.message is not None and in_dm.message.audience == other.id
            assert "Statistiken werden je Server geführt" in in_dm.message.text()
            for shard in range(2):
                received = fake.gateway.sessions[shard].dispatched("INTERACTION_CREATE")
                guilds_seen = {int(i["guild_id"]) if "guild_id" in i else None for i in received}
                assert guilds_seen == ({guilds[0].id, None} if shard == 0 else {guilds[1].id})
        assert fake.identify_refusals == 0
        assert fake.violations == []
