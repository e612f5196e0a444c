"""Telling the host what the bot lacks in a channel (``bot.permissions`` lists what it needs).

When a table is opened or a tournament created, the interaction's ``app_permissions`` (what
Discord computed for the bot in exactly this channel) is checked; whoever ran the command is
told privately, once, which permissions are missing and what breaks without each. At start
the admin's log gets one warning per channel with live games where something is missing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import private_locale
from bot.permissions import Scope, missing, notice
from bot.service import Service
from cogs.table_bot import table_bot

log = logging.getLogger(__name__)


async def tell_host(interaction: discord.Interaction[Any], scope: Scope, locale: str) -> bool:
    """After the command's answer: if the bot lacks anything ``scope`` needs in this channel,
    one private follow-up to whoever ran the command, unless this server and channel had
    the same notice already (since the bot started). Whether a notice went out."""
    if interaction.guild_id is None:
        return False
    lacking = missing(
        interaction.app_permissions.value,
        scope,
        in_thread=isinstance(interaction.channel, discord.Thread),
    )
    if not lacking:
        return False
    told = table_bot(interaction.client).told  # the bot's notices given (bot.permissions)
    if not told.first(interaction.guild_id, interaction.channel_id, lacking):
        return False
    mine = private_locale(interaction.locale, locale)  # only he reads it
    await interaction.followup.send(notice(lacking, mine), ephemeral=True)
    return True


def log_missing(client: discord.Client, service: Service) -> int:
    """At start: one warning per channel with a live table or tournament where the bot
    lacks a permission it needs there (the host is told at his next command there). A
    channel the bot cannot see at all is not in its cache and is skipped. How many warned."""
    scopes: dict[int, Scope] = {}
    for table in service.tables.loaded():
        channel_id = table.row.channel_id
        if not table.live or channel_id is None:
            continue
        # A game with open seats is a tournament (anyone may register), not a table.
        tournament = service.tables.games[table.row.kind].info.open_seats
        if tournament or scopes.get(channel_id) != "tournament":
            scopes[channel_id] = "tournament" if tournament else "table"
    warned = 0
    for channel_id, scope in sorted(scopes.items()):
        channel = client.get_channel(channel_id)
        if not isinstance(channel, (discord.TextChannel, discord.Thread)):
            continue
        try:
            granted = channel.permissions_for(channel.guild.me).value
        except discord.ClientException:  # a thread whose parent is not cached
            continue
        lacking = missing(granted, scope, in_thread=isinstance(channel, discord.Thread))
        if lacking:
            warned += 1
            log.warning(
                "missing permissions in #%s (%d) on %s (%d): %s",
                channel.name,
                channel.id,
                channel.guild.name,
                channel.guild.id,
                ", ".join(need.name for need in lacking),
            )
    return warned
