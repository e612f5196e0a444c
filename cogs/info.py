"""``/croupier`` (what this bot is), ``/sprache`` and ``/zeitzone`` (the server's language
and the time zone of its tournament evenings, for admins), and ``/benachrichtigung`` (how
a player is told that it is his turn)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import IllegalAction
from bot.i18n import LANGUAGES, t
from bot.plugins import GAMES
from bot.tournament.evening_time import zone_choices, zone_named
from cogs.croupier_cog import CroupierCog
from cogs.options import Notify, ZoneName
from cogs.pipeline.replies import refuse, refuse_key
from cogs.table_bot import table_bot
from cogs.translator import cmd

LANGUAGE_CHOICES = [
    app_commands.Choice(name=language.name[:1].upper() + language.name[1:], value=code)
    for code, language in LANGUAGES.items()
]
"""Every language with a catalogue, named in itself (Deutsch, English, Français)."""


class Info(CroupierCog):
    @app_commands.command(name="croupier", description=cmd("croupier.desc"))
    async def croupier(self, interaction: discord.Interaction[Any]) -> None:
        locale = self.private_locale(interaction)
        games = ", ".join(t(f"game.name.{kind}", locale) for kind in sorted(GAMES))
        await interaction.response.send_message(
            t("info.about", locale, games=games), ephemeral=True
        )

    @app_commands.command(name=cmd("sprache"), description=cmd("sprache.desc"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.choices(sprache=LANGUAGE_CHOICES)
    async def sprache(self, interaction: discord.Interaction[Any], sprache: str) -> None:
        """Admins only: Discord hides it from others, and the check below refuses them."""
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            locale = self.private_locale(interaction)
            await refuse_key(interaction, "ui.host_only", locale)
            return
        self.service.directory.set_guild_locale(interaction.guild_id, sprache)
        await interaction.response.send_message(t("ui.language.set", sprache), ephemeral=True)

    @app_commands.command(name=cmd("benachrichtigung"), description=cmd("benachrichtigung.desc"))
    @app_commands.describe(art=cmd("art.desc"))
    async def benachrichtigung(self, interaction: discord.Interaction[Any], art: Notify) -> None:
        """Anyone, for himself: how he is told that he must act (bot.play.turn_notice)."""
        person = str(interaction.user.id)
        self.service.directory.remember_name(person, interaction.user.display_name)
        self.service.directory.set_notify(person, art)
        locale = self.private_locale(interaction)
        await interaction.response.send_message(t(f"ui.notify.{art}", locale), ephemeral=True)

    @app_commands.command(name=cmd("zeitzone"), description=cmd("zeitzone.desc"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(zeitzone=cmd("zone.desc"))
    async def zeitzone(self, interaction: discord.Interaction[Any], zeitzone: ZoneName) -> None:
        """Admins only: the zone ``/turnier termin`` reads date and time in when none is
        given (unset: Europe/Berlin). Players see every time in their own zone anyway."""
        locale = self.private_locale(interaction)
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await refuse_key(interaction, "ui.host_only", locale)
            return
        try:
            zone = zone_named(zeitzone)
        except IllegalAction as exc:
            await refuse(interaction, exc, locale)
            return
        self.service.directory.set_guild_time_zone(interaction.guild_id, zone.key)
        await interaction.response.send_message(
            t("ui.timezone.set", locale, zone=zone.key), ephemeral=True
        )

    @zeitzone.autocomplete("zeitzone")
    async def _zones(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in zone_choices(typed)]

    @app_commands.command(name=cmd("croupierrolle"), description=cmd("croupierrolle.desc"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(rolle=cmd("rolle.desc"))
    async def croupierrolle(
        self, interaction: discord.Interaction[Any], rolle: discord.Role | None = None
    ) -> None:
        """Admins only: members with this role may use the host tools (none: only admins)."""
        locale = self.private_locale(interaction)
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await refuse_key(interaction, "ui.host_only", locale)
            return
        self.service.directory.set_croupier_role(
            interaction.guild_id, None if rolle is None else rolle.id
        )
        text = (
            t("ui.role.set", locale, role=rolle.mention) if rolle else t("ui.role.cleared", locale)
        )
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(table_bot(bot)))
