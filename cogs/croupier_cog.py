"""What every Croupier cog shares: the bot's typed parts (:class:`~cogs.table_bot.TableBot`),
its service, a command's table session, the server's language, who hosts, and which
process runs what."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.service import Service
from cogs.pipeline.incoming import is_host
from cogs.pipeline.replies import answer_locale
from cogs.pipeline.session import TableSession
from cogs.table_bot import TableBot, table_bot

log = logging.getLogger(__name__)


def hosts(interaction: discord.Interaction[Any]) -> bool:
    """May this member use the host tools here (:func:`is_host` with the server's role)?"""
    guild = interaction.guild_id
    directory = table_bot(interaction.client).service.directory
    return is_host(interaction, None if guild is None else directory.croupier_role(guild))


class CroupierCog(commands.Cog):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        return self.bot.service

    def runs(self, role: str) -> bool:
        """Whether this process runs the singleton ``role`` now (bot.cluster.member: one
        process of several does); a bot without a member (some tests') runs them all."""
        member = self.bot.member
        return member is None or member.holds(role)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process plays ``guild_id``'s tables (bot.cluster.member: each of
        several owns its shards' servers); a bot without a member owns them all."""
        member = self.bot.member
        return member is None or member.owns(guild_id)

    def session(
        self, interaction: discord.Interaction[Any], game_id: int, *, private: bool = False
    ) -> TableSession:
        """A command's table session on ``game_id`` (``cogs.pipeline.session``), answered
        in public unless ``private``."""
        return self.bot.router.sessions(game_id, interaction, private=private)

    def host(self, interaction: discord.Interaction[Any]) -> bool:
        """May this member use the host tools here?"""
        return hosts(interaction)

    def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The server's language (German unless its admins chose another): what the
        channel reads."""
        return self.service.directory.guild_locale(interaction.guild_id)

    def private_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of an answer only the one who asked reads (see reader_locale)."""
        return answer_locale(interaction, self.service.directory)
