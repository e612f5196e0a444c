"""Shards on the loopback Discord, with real discord.py AutoShardedClients: each server's
events reach the session of its shard only, DMs shard 0's; READY lists a shard's servers;
GET /gateway/bot; the session start limit (op 9) and a client recovering from it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from bot.cluster.shards import shard_of
from loopback import Channel, FakeDiscord, Guild, Message, User, bot_running, fake_discord
from loopback.entities import JSON
from loopback.gateway_shards import IdentifyLimit
from loopback.schema import check_reply

BUTTON = {"type": 2, "style": 1, "label": "Los", "custom_id": "los"}


class ShardedClient(discord.AutoShardedClient):
    """Answers every click with an update naming the client; keeps the clicks' servers."""

    def __init__(self, name: str, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **options)
        self.name = name
        self.clicks: list[int | None] = []  # each click's guild id (None: a DM)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.clicks.append(interaction.guild_id)
        await interaction.response.edit_message(content=self.name)


class PacedClient(ShardedClient):
    """Waits a little before each IDENTIFY but the first, where discord.py waits 5 s."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:
            await asyncio.sleep(0.02)


@dataclass
class Shop:
    """A server per shard (``guilds[i]`` on shard i of ``count``), a channel and a message
    with a button in each, and a user in all of them with a button in their DMs."""

    fake: FakeDiscord
    count: int
    guilds: list[Guild]
    messages: list[Message]
    user: User
    dm: Message


def button_message(fake: FakeDiscord, channel: Channel, audience: User | None = None) -> Message:
    message = fake.new_message(channel, visibility="public" if audience is None else "dm")
    message.audience = None if audience is None else audience.id
    fake.apply(message, {"content": "-", "components": [{"type": 1, "components": [BUTTON]}]},
               [], creating=True)  # fmt: skip
    return message


def build(fake: FakeDiscord, count: int) -> Shop:
    user = fake.add_user("ute")
    guilds, messages = [], []
    for shard in range(count):
        guild = fake.add_guild(f"server-{shard}", shard=(shard, count))
        fake.add_member(guild, user)
        guilds.append(guild)
        messages.append(button_message(fake, fake.add_channel(guild, "tisch")))
    dm = button_message(fake, fake.dm_channel(user), audience=user)
    return Shop(fake, count, guilds, messages, user, dm)


@pytest.fixture
async def shop() -> AsyncIterator[Shop]:
    async with fake_discord() as fake:
        fake.max_concurrency = 3  # the clients' shards start at once
        yield build(fake, 3)


async def test_ids_land_on_the_shard_asked_for(shop: Shop) -> None:
    assert [shard_of(g.id, 3) for g in shop.guilds] == [0, 1, 2]
    assert [(g.id >> 22) % 3 for g in shop.guilds] == [0, 1, 2]


async def test_each_server_reaches_only_its_shard_and_dms_shard_0(shop: Shop) -> None:
    fake = shop.fake
    even = ShardedClient("even", shard_count=3, shard_ids=[0, 2])
    odd = ShardedClient("odd", shard_count=3, shard_ids=[1])
    async with bot_running(fake, even), bot_running(fake, odd):
        await fake.wait_for_shards(3)
        assert sorted(fake.gateway.sessions) == [0, 1, 2]
        assert [fake.gateway.sessions[i].shard for i in range(3)] == [[i, 3] for i in range(3)]
        # READY and GUILD_CREATE: a shard's servers only, so each client caches its own.
        for shard, guild in enumerate(shop.guilds):
            session = fake.gateway.sessions[shard]
            assert session.ready_guilds == [guild.id]
            assert [int(g["id"]) for g in session.dispatched("GUILD_CREATE")] == [guild.id]
        assert sorted(g.id for g in even.guilds) == sorted([shop.guilds[0].id, shop.guilds[2].id])
        assert [g.id for g in odd.guilds] == [shop.guilds[1].id]

        answered_by = []
        for message in shop.messages:
            click = await fake.click(shop.user, message, "los")
            assert click.response_type == 7
            answered_by.append(message.content)
        assert answered_by == ["even", "odd", "even"]
        assert even.clicks == [shop.guilds[0].id, shop.guilds[2].id]
        assert odd.clicks == [shop.guilds[1].id]

        dm = await fake.click(shop.user, shop.dm, "los")
        assert dm.response_type == 7 and shop.dm.content == "even"
        assert even.clicks[-1] is None and len(odd.clicks) == 1
        assert len(fake.gateway.sessions[0].dispatched("INTERACTION_CREATE")) == 2
        assert len(fake.gateway.sessions[2].dispatched("INTERACTION_CREATE")) == 1

        late = fake.add_guild("late", shard=(1, 3))  # a server joined now: its shard hears
        await fake.wait_until(lambda: odd.get_guild(late.id) is not None)
        assert even.get_guild(late.id) is None
    assert fake.gateway.undelivered == 0
    assert fake.identify_refusals == 0
    assert fake.violations == []


async def test_a_shard_down_gets_no_events_and_no_other_shard_gets_them(shop: Shop) -> None:
    fake = shop.fake
    fake.response_deadline = 0.3
    even = ShardedClient("even", shard_count=3, shard_ids=[0, 2])
    async with bot_running(fake, even):
        odd = ShardedClient("odd", shard_count=3, shard_ids=[1])
        async with bot_running(fake, odd):
            assert fake.gateway.shard_live(1)
        assert not fake.gateway.shard_live(1) and fake.gateway.shard_live(0)
        assert not fake.gateway.live.is_set()  # not every session is live

        lost = await fake.click(shop.user, shop.messages[1], "los")
        assert lost.dead and lost.response_type is None
        assert odd.clicks == [] and even.clicks == []
        (violation,) = fake.violations
        assert "no initial response" in violation
        # Kept in shard 1's session, for a RESUME that does not come.
        assert len(fake.gateway.sessions[1].dispatched("INTERACTION_CREATE")) == 1

        kept = await fake.click(shop.user, shop.messages[2], "los")  # shard 2 still runs
        assert kept.response_type == 7 and even.clicks == [shop.guilds[2].id]


async def test_a_dropped_shard_resumes_and_gets_what_it_missed(shop: Shop) -> None:
    fake = shop.fake
    client = ShardedClient("all", shard_count=3)
    async with bot_running(fake, client):
        await fake.drop_gateway(shard=1)
        assert not fake.gateway.shard_live(1)
        assert fake.gateway.shard_live(0) and fake.gateway.shard_live(2)
        click = await fake.click(shop.user, shop.messages[1], "los")  # replayed on RESUME
        assert click.response_type == 7 and client.clicks == [shop.guilds[1].id]
        await fake.wait_for_shards(3)
        assert (fake.gateway.identifies, fake.gateway.resumes) == (3, 1)
    assert fake.violations == []


async def test_gateway_bot_names_the_shards_a_client_launches() -> None:
    async with fake_discord() as fake:
        fake.recommended_shards = 4
        fake.max_concurrency = 4
        shop = build(fake, 4)
        client = ShardedClient("auto")  # no shard_count: asks GET /gateway/bot
        async with bot_running(fake, client):
            assert client.shard_count == 4 and sorted(client.shards) == [0, 1, 2, 3]
            assert sorted(g.id for g in client.guilds) == sorted(g.id for g in shop.guilds)
            assert [c.path for c in fake.rest_log if "gateway" in c.path] == ["/gateway/bot"]
            reply = await _get(fake, "/gateway/bot")
        assert check_reply("/gateway/bot", "get", reply) == []
        assert reply["url"] == f"ws://127.0.0.1:{fake.port}/"
        assert reply["shards"] == 4
        limit = reply["session_start_limit"]
        assert (limit["total"], limit["remaining"], limit["max_concurrency"]) == (1000, 996, 4)
        assert 0 < limit["reset_after"] <= 24 * 3600 * 1000
        assert check_reply("/gateway/bot", "get", {**reply, "shards": "4"}) != []


async def test_identifying_faster_than_the_limit_is_refused_and_retried() -> None:
    async with fake_discord() as fake:
        fake.identify_window = 0.3
        shop = build(fake, 2)
        client = PacedClient("paced", shard_count=2)
        async with bot_running(fake, client, fast_identify=False):
            # Shard 1 shares shard 0's bucket: refused (op 9) until the window has passed.
            assert fake.identify_refusals > 0
            assert fake.gateway.identifies == 2
            assert fake.gateway.shard_live(0) and fake.gateway.shard_live(1)
            click = await fake.click(shop.user, shop.messages[1], "los")
            assert click.response_type == 7
        assert fake.violations == []


async def test_buckets_of_max_concurrency_identify_at_once() -> None:
    async with fake_discord() as fake:
        fake.identify_window = 60.0
        fake.max_concurrency = 2
        build(fake, 2)
        async with bot_running(fake, ShardedClient("both", shard_count=2)):
            assert fake.gateway.identifies == 2
        assert fake.identify_refusals == 0


def test_each_bucket_admits_one_identify_per_window() -> None:
    limit = IdentifyLimit()  # max_concurrency 2: buckets 0 (shards 0, 2) and 1 (1, 3)
    assert limit.admit(0, 0.0, 2, 5.0) and limit.admit(1, 0.0, 2, 5.0)
    assert not limit.admit(2, 1.0, 2, 5.0)
    assert not limit.admit(3, 4.0, 2, 5.0)
    assert limit.free_in(3, 4.0, 2, 5.0) == 1.0
    assert limit.admit(3, 5.0, 2, 5.0) and limit.admit(2, 5.0, 2, 5.0)
    assert not limit.admit(0, 9.0, 2, 5.0)
    assert limit.refusals == 3


async def test_an_unsharded_identify_is_shard_0_of_1_and_not_limited() -> None:
    async with fake_discord() as fake:
        fake.identify_window = 60.0
        guild = fake.add_guild("g")
        client = discord.Client(intents=discord.Intents.default())
        async with bot_running(fake, client):
            await fake.drop_gateway(resumable=False)  # identifies anew at once
            await fake.wait_for_bot()
            session = fake.gateway.sessions[0]
            assert session.shard is None and session.ready_guilds == [guild.id]
            assert "shard" not in session.dispatched("READY")[0]
        assert (fake.gateway.identifies, fake.identify_refusals) == (2, 0)


async def _get(fake: FakeDiscord, path: str) -> JSON:
    headers = {"Authorization": "Bot x"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{fake.url}/api/v10{path}", headers=headers) as response,
    ):
        assert response.status == 200
        body: JSON = await response.json()
        return body
