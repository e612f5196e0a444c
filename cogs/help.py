"""``/hilfe [spiel]`` (how Croupier works, the rules of a game) and ``/tische`` (the open
tables of this server). The games' ``/<spiel> regeln`` answer with :func:`send_help` too.
Both answers are ephemeral: they are for the one who asks, and a table list goes stale.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.help_pages import GENERAL, TOPICS, page_text, pages
from bot.i18n import t
from bot.render.cards import Card
from bot.service import Outcome, Service
from cogs.croupier_cog import CroupierCog
from cogs.options import game_choices
from cogs.pipeline.payload import accent_of, send_kwargs
from cogs.pipeline.table_places import table_link
from cogs.table_bot import table_bot
from cogs.translator import cmd

GAME_TOPICS = [topic for topic in TOPICS if topic != GENERAL]
MAX_LISTED = 20  # table lines in one answer (each well under 200 characters)


def help_cards(topic: str, locale: str) -> list[Card]:
    """The messages of a help topic, each a card of sections under their headings."""
    return [Card(description=page_text(page)) for page in pages(topic, locale)]


async def send_help(interaction: discord.Interaction[Any], topic: str, locale: str) -> None:
    """Answer with a help topic, privately; more than one message if it does not fit."""
    accent = accent_of(topic)
    first, *rest = help_cards(topic, locale)
    await interaction.response.send_message(ephemeral=True, **send_kwargs(first, accent))
    for card in rest:
        await interaction.followup.send(ephemeral=True, **send_kwargs(card, accent))


def table_state(service: Service, outcome: Outcome, locale: str) -> str:
    """Lobby, paused, or whose turn it is (display names: several act at once in some games)."""
    if outcome.status == "lobby":
        return t("tische.lobby", locale)
    if outcome.status == "paused":
        return t("tische.paused", locale)
    if not outcome.to_act:
        return t("tische.running", locale)
    names = ", ".join(service.directory.display_name(p) for p in outcome.to_act)
    return t("tische.turn", locale, players=names)


def tables_text(service: Service, tables: list[Outcome], guild_id: int, locale: str) -> str:
    """One paragraph per open table: game, channel, players, state, link."""
    lines = [
        t(
            "tische.line",
            locale,
            game=t(f"game.name.{outcome.kind}", locale),
            channel=f"<#{outcome.channel_id}>",
            players=", ".join(service.directory.display_name(p) for p in outcome.players),
            state=table_state(service, outcome, locale),
            link=table_link(guild_id, outcome),
        )
        for outcome in tables[:MAX_LISTED]
    ]
    if len(tables) > MAX_LISTED:
        lines.append(t("tische.more", locale, count=len(tables) - MAX_LISTED))
    return "\n\n".join(lines)


class Help(CroupierCog):
    @app_commands.command(name=cmd("hilfe"), description=cmd("hilfe.desc"))
    @app_commands.describe(spiel=cmd("spiel.desc"))
    @app_commands.choices(spiel=game_choices(GAME_TOPICS))
    async def hilfe(self, interaction: discord.Interaction[Any], spiel: str = GENERAL) -> None:
        await send_help(interaction, spiel, self.private_locale(interaction))

    @app_commands.command(name=cmd("tische"), description=cmd("tische.desc"))
    @app_commands.guild_only()
    async def tische(self, interaction: discord.Interaction[Any]) -> None:
        locale = self.private_locale(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None  # guild_only
        tables = self.service.tables.live_tables(guild_id)
        if not tables:
            await interaction.response.send_message(t("tische.empty", locale), ephemeral=True)
            return
        card = Card(
            title=t("tische.title", locale, count=len(tables)),
            description=tables_text(self.service, tables, guild_id, locale),
        )
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(table_bot(bot)))
