"""Where a table is on Discord: its channel (or a group's thread) by id, and a jump link
to its message."""

from __future__ import annotations

from typing import Any

import discord

from bot.service import Outcome


async def channel_by_id(client: discord.Client, channel_id: int | None) -> Any:
    """A channel or thread by id: from the cache, else asked of Discord (None: no id)."""
    if channel_id is None:
        return None
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


def table_link(guild_id: int, outcome: Outcome) -> str:
    """A jump link to the table's message (to its channel while it has none)."""
    link = f"https://discord.com/channels/{guild_id}/{outcome.channel_id}"
    return link if outcome.message_id is None else f"{link}/{outcome.message_id}"
