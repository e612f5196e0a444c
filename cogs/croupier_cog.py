"""What every Croupier cog shares: the service, the acting player, the table's channel and
link, editing a card the bot posted, who hosts, and opening a lobby."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.service import Outcome, Service
from cogs.pipeline.replies import answer_locale

log = logging.getLogger(__name__)


def client_service(client: discord.Client) -> Service:
    service: Service = client.service  # type: ignore[attr-defined]
    return service


async def channel_by_id(client: discord.Client, channel_id: int | None) -> Any:
    """A channel or thread by id: from the cache, else asked of Discord (None: no id)."""
    if channel_id is None:
        return None
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


def table_link(guild_id: int, outcome: Outcome) -> str:
    """A jump link to the table's message (to its channel while it has none)."""
    link = f"https://discord.com/channels/{guild_id}/{outcome.channel_id}"
    return link if outcome.message_id is None else f"{link}/{outcome.message_id}"


def service_of(interaction: discord.Interaction[Any]) -> Service:
    return client_service(interaction.client)


def actor_of(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.user.id)


def is_host(interaction: discord.Interaction[Any], croupier_role: int | None) -> bool:
    """Host tools: Manage Server, or the server's configured croupier role."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return croupier_role is not None and any(role.id == croupier_role for role in roles)


def hosts(interaction: discord.Interaction[Any]) -> bool:
    """May this member use the host tools here (:func:`is_host` with the server's role)?"""
    guild = interaction.guild_id
    role = (
        None if guild is None else client_service(interaction.client).directory.croupier_role(guild)
    )
    return is_host(interaction, role)


class CroupierCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        service: Service = self.bot.service  # type: ignore[attr-defined]
        return service

    def runs(self, role: str) -> bool:
        """Whether this process runs the singleton ``role`` now (bot.cluster.member: one
        process of several does); a bot without a member (some tests') runs them all."""
        member = getattr(self.bot, "member", None)
        return member is None or bool(member.holds(role))

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process plays ``guild_id``'s tables (bot.cluster.member: each of
        several owns its shards' servers); a bot without a member owns them all."""
        member = getattr(self.bot, "member", None)
        return member is None or bool(member.owns(guild_id))

    def host(self, interaction: discord.Interaction[Any]) -> bool:
        """May this member use the host tools here?"""
        return hosts(interaction)

    def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The server's language (German unless its admins chose another): what the
        channel reads."""
        return self.service.directory.guild_locale(interaction.guild_id)

    def private_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of an answer only the one who asked reads (see reader_locale)."""
        return answer_locale(interaction)
