"""Fixtures: a fake Discord with a small world, and the demo bot running against it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from loopback import bot_running, fake_discord, tasks_left_behind
from tests.helpers.loopback_demo import DemoBot, World


@pytest.fixture
async def world() -> AsyncIterator[World]:
    async with fake_discord() as fake:
        guild = fake.add_guild("Spieletreff")
        channel = fake.add_channel(guild, "tisch-1")
        alice = fake.add_user("alice", guild=guild)
        bob = fake.add_user("bob", guild=guild, dms_open=False, locale="en-US")
        yield World(fake, guild, channel, alice, bob)
    left = await tasks_left_behind()
    assert left == [], f"tasks left behind: {left}"


@pytest.fixture
async def demo(world: World) -> AsyncIterator[DemoBot]:
    bot = DemoBot()
    async with bot_running(world.fake, bot):
        yield bot
