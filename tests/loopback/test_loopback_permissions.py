"""The bot's permissions on the loopback Discord, as Discord computes and enforces them: what
a channel denies the bot's role is missing from ``app_permissions`` and from discord.py's
own computation alike, and the REST calls that need it are refused with 50013."""

from __future__ import annotations

import discord
import pytest

from loopback.entities import (
    CREATE_EVENTS,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)
from tests.helpers.loopback_demo import DemoBot, World


def text_channel(demo: DemoBot, world: World) -> discord.TextChannel:
    channel = demo.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_app_permissions_and_the_cache_agree_on_what_a_channel_denies(
    world: World, demo: DemoBot
) -> None:
    fake = world.fake
    seen: list[int] = []

    async def record(interaction: discord.Interaction) -> None:
        seen.append(interaction.app_permissions.value)

    demo.add_listener(record, "on_interaction")
    await fake.slash(world.alice, world.channel, "demo hello")
    assert seen[-1] == fake.bot_permissions_in(world.channel)
    assert seen[-1] & CREATE_PUBLIC_THREADS
    fake.deny_bot(world.channel, CREATE_PUBLIC_THREADS)
    await fake.slash(world.alice, world.channel, "demo hello")
    assert seen[-1] == fake.bot_permissions_in(world.channel)
    assert not seen[-1] & CREATE_PUBLIC_THREADS
    channel = text_channel(demo, world)
    await fake.wait_until(
        lambda: not channel.permissions_for(channel.guild.me).create_public_threads
    )
    assert channel.permissions_for(channel.guild.me).value == seen[-1]


async def test_no_thread_without_create_public_threads(world: World, demo: DemoBot) -> None:
    channel = text_channel(demo, world)
    starter = await channel.send("Gruppe 1")
    world.fake.deny_bot(world.channel, CREATE_PUBLIC_THREADS)
    with pytest.raises(discord.Forbidden) as refused:
        await starter.create_thread(name="Gruppe 1")
    assert refused.value.code == 50013
    assert world.fake.threads(world.channel) == []


async def test_no_message_without_send_messages(world: World, demo: DemoBot) -> None:
    channel = text_channel(demo, world)
    world.fake.deny_bot(world.channel, SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("Hallo")
    assert refused.value.code == 50013


async def test_waking_a_thread_takes_sending_there_and_a_locked_one_manage_threads(
    world: World, demo: DemoBot
) -> None:
    fake = world.fake
    starter = await text_channel(demo, world).send("Gruppe 1")
    thread = await starter.create_thread(name="Gruppe 1")
    (fake_thread,) = fake.threads(world.channel)
    world.guild.bot_permissions &= ~MANAGE_THREADS
    fake.archive(fake_thread)
    await thread.edit(archived=False)  # idle-archived: Send Messages in Threads suffices
    assert not fake_thread.archived
    fake_thread.locked = True
    fake.archive(fake_thread)
    with pytest.raises(discord.Forbidden) as refused:
        await thread.edit(archived=False)
    assert refused.value.code == 50013 and fake_thread.archived
    with pytest.raises(discord.Forbidden):
        await thread.send("Ergebnis")  # nor may it post in a locked thread
    world.guild.bot_permissions |= MANAGE_THREADS
    await thread.edit(archived=False)
    assert not fake_thread.archived
    fake_thread.locked = False
    fake.deny_bot(world.channel, SEND_MESSAGES_IN_THREADS)
    fake.archive(fake_thread)
    await thread.edit(archived=False)  # Manage Threads reopens any thread
    world.guild.bot_permissions &= ~MANAGE_THREADS
    fake.archive(fake_thread)
    with pytest.raises(discord.Forbidden):
        await thread.edit(archived=False)


async def test_the_bots_scheduled_event_is_edited_and_deleted_with_create_events(
    world: World, demo: DemoBot
) -> None:
    """PATCH and DELETE of a guild scheduled event: the bot's own with Create Events, an
    unknown one 10070, nothing without Create Events or Manage Events."""
    fake, http, gid = world.fake, demo.http, world.guild.id
    start = "2099-11-28T18:30:00+00:00"
    created = await http.create_guild_scheduled_event(
        gid, name="Gruppe 1", scheduled_start_time=start, entity_type=3, privacy_level=2,
        scheduled_end_time="2099-11-28T21:30:00+00:00", entity_metadata={"location": "#x"},
    )  # fmt: skip
    later = "2099-11-29T18:30:00+00:00"
    await http.edit_scheduled_event(gid, created["id"], scheduled_start_time=later)
    assert [e["scheduled_start_time"] for e in fake.scheduled_events] == [later]
    with pytest.raises(discord.NotFound) as unknown:
        await http.delete_scheduled_event(gid, 1)
    assert unknown.value.code == 10070
    world.guild.bot_permissions &= ~CREATE_EVENTS
    with pytest.raises(discord.Forbidden):
        await http.delete_scheduled_event(gid, created["id"])
    world.guild.bot_permissions |= CREATE_EVENTS
    await http.delete_scheduled_event(gid, created["id"])
    assert fake.scheduled_events == []
