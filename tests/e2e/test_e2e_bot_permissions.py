"""The bot's own permissions: a host who opens a table or creates a tournament where the bot
lacks something is told privately, once, exactly what is missing; at start the log names
channels with live games where something is missing."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.i18n import t
from bot.permissions import NEEDS
from loopback import bot_running
from loopback.entities import (
    ATTACH_FILES,
    CREATE_EVENTS,
    CREATE_PUBLIC_THREADS,
    Channel,
    Message,
    User,
)
from tests.helpers.e2e_table import Table

MANAGE_GUILD = 1 << 5
NAMES = {need.flag: t(f"perm.{need.flag}", "de") for need in NEEDS}


async def run(
    table: Table, user: User, command: str, channel: Channel | None = None, **options: object
) -> Any:
    """``/command``, returned once the bot's handler is done with it, follow-ups included
    (discord.py says so with ``app_command_completion``): a follow-up not sent by then is
    never sent."""
    assert table.bot is not None
    done = asyncio.ensure_future(
        table.bot.wait_for(
            "app_command_completion", check=lambda i, _c: i.user.id == user.id, timeout=5
        )
    )
    await asyncio.sleep(0)  # listening before the command goes out
    interaction = await table.fake.slash(user, channel or table.channel, command, **options)
    await done
    return interaction


def named(message: Message) -> set[str]:
    """The permissions a notice names, by their German names in Discord."""
    return {flag for flag, name in NAMES.items() if f"**{name}**" in message.content}


async def test_a_tournament_without_threads_and_events_tells_the_host_once(table: Table) -> None:
    fake = table.fake
    table.anna.permissions |= MANAGE_GUILD
    table.guild.bot_permissions &= ~CREATE_EVENTS
    fake.deny_bot(table.channel, CREATE_PUBLIC_THREADS)
    created = await run(table, table.anna, "turnier erstellen", name="Advent")
    assert created.message.visibility == "public"  # the tournament is not refused
    (notice,) = created.followups
    assert notice.visibility == "ephemeral" and notice.audience == table.anna.id
    assert named(notice) == {"create_public_threads", "create_events"}
    assert "Thread" in notice.content and "Server-Event" in notice.content  # what breaks
    again = await run(table, table.anna, "turnier erstellen", name="Winter")
    assert again.message.visibility == "public" and again.followups == []  # told already
    opened = await run(table, table.ben, "v6 tisch")
    assert opened.message.visibility == "public" and opened.followups == []  # a table has all


async def test_a_table_tells_its_opener_once_per_channel(table: Table) -> None:
    fake = table.fake
    fake.deny_bot(table.channel, ATTACH_FILES)
    opened = await run(table, table.anna, "v6 tisch")
    (notice,) = opened.followups
    assert notice.visibility == "ephemeral" and notice.audience == table.anna.id
    assert named(notice) == {"attach_files"}
    table.anna.permissions |= MANAGE_GUILD
    ended = await run(table, table.anna, "tisch beenden", grund="neu")
    assert ended.message is not None
    reopened = await run(table, table.ben, "v6 tisch")
    assert reopened.message.visibility == "public" and reopened.followups == []
    other = fake.add_channel(table.guild, "tisch-2")
    fake.deny_bot(other, ATTACH_FILES)
    elsewhere = await run(table, table.cem, "v6 tisch", other)
    assert [named(m) for m in elsewhere.followups] == [{"attach_files"}]  # another channel


async def test_with_every_permission_nobody_is_told(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    created = await run(table, table.anna, "turnier erstellen", name="Advent")
    opened = await run(table, table.ben, "v6 tisch")
    assert created.message.visibility == "public" and opened.message.visibility == "public"
    assert created.followups == [] and opened.followups == []


async def test_the_notice_speaks_the_readers_language(table: Table) -> None:
    """Only the one who ran the command reads it: in his Discord's language (English on a
    German server), or the server's where no catalogue speaks his (Polish)."""
    table.anna.permissions |= MANAGE_GUILD
    table.anna.locale = "en-GB"
    table.fake.deny_bot(table.channel, CREATE_PUBLIC_THREADS)
    created = await run(table, table.anna, "turnier erstellen", name="Advent")
    (notice,) = created.followups
    assert "**Create Public Threads**" in notice.content
    assert "Öffentliche" not in notice.content
    assert "Turnier" in created.message.text()  # the registration is public: German


async def test_the_notice_falls_back_to_the_servers_language(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    await run(table, table.anna, "sprache", sprache="en")
    table.anna.locale = "pl"
    table.fake.deny_bot(table.channel, CREATE_PUBLIC_THREADS)
    created = await run(table, table.anna, "turnier erstellen", name="Advent")
    (notice,) = created.followups
    assert "**Create Public Threads**" in notice.content


async def test_at_start_the_log_names_channels_with_live_games_and_missing_permissions(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    fake = table.fake
    table.anna.permissions |= MANAGE_GUILD
    await table.slash(table.anna, "turnier erstellen", name="Advent")
    quiet = fake.add_channel(table.guild, "ruhig")  # no game here: nothing to say
    fake.deny_bot(quiet, CREATE_PUBLIC_THREADS)
    fake.deny_bot(table.channel, CREATE_PUBLIC_THREADS)
    assert table.bot is not None
    await table.bot.close()
    table.bot = table.new_bot()
    with caplog.at_level(logging.WARNING, "cogs.permission_notices"):
        async with bot_running(fake, table.bot):
            await fake.wait_until(lambda: bool(caplog.records))
            await table.bot.close()
    (record,) = [r for r in caplog.records if r.name == "cogs.permission_notices"]
    line = record.getMessage()
    assert f"#{table.channel.name} ({table.channel.id})" in line
    assert line.endswith(": Create Public Threads")
