"""Opening a table where a command was typed (``/<game> tisch``): the lobby is the
command's answer, so nothing is owed for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.render.cards import Card
from cogs.croupier_cog import CroupierCog
from cogs.permission_notices import tell_host
from cogs.pipeline.payload import accent_of, send_kwargs


async def open_lobby_here(
    cog: CroupierCog,
    interaction: discord.Interaction[Any],
    kind: str,
    options: dict[str, Any],
    lobby_card: Callable[[Any, str], Card],
) -> None:
    """``/<game> tisch``: a lobby in this channel, its message remembered for later edits;
    the opener is told privately (once) if the bot lacks a permission a table needs here."""
    locale = cog.locale(interaction)
    actor = str(interaction.user.id)
    cog.service.directory.remember_name(actor, interaction.user.display_name)
    outcome = await cog.bot.router.sessions.open_lobby(
        kind, actor, options, guild_id=interaction.guild_id,
        channel_id=interaction.channel_id, locale=locale,
    )  # fmt: skip
    card = lobby_card(outcome, locale)
    callback = await interaction.response.send_message(**send_kwargs(card, accent_of(kind)))
    cog.service.tables.set_message(outcome.game_id, callback.message_id)
    await tell_host(interaction, "table", locale)
