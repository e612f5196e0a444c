"""``/web an|aus``: a host turns the server's web pages on (a new link, answered to him
alone) or off (every link dead at once). The pages themselves are ``bot.web``."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.web.links import server_page
from cogs.croupier_cog import CroupierCog
from cogs.pipeline.replies import refuse_key
from cogs.table_bot import table_bot
from cogs.translator import cmd

Switch = Literal["an", "aus"]


def server_link(public_url: str | None, key: str) -> str:
    """The server's pages: under ``PUBLIC_URL``, or the path alone without it."""
    return f"{public_url or ''}{server_page().path(key)}"


class WebPages(CroupierCog):
    @app_commands.command(name=cmd("web"), description=cmd("web.desc"))
    @app_commands.guild_only()
    @app_commands.describe(zustand=cmd("zustand.desc"))
    async def web(self, interaction: discord.Interaction[Any], zustand: Switch) -> None:
        """Hosts only (Manage Server or the croupier role); the answer is private: the
        link is the host's to hand out."""
        locale = self.private_locale(interaction)
        if interaction.guild_id is None or not self.host(interaction):
            await refuse_key(interaction, "ui.host_only", locale)
            return
        key = self.service.directory.set_web(interaction.guild_id, zustand == "an")
        if key is None:
            text = t("web.turned_off", locale)
        elif self.bot.public_url is None:
            text = t("web.turned_on_path", locale, link=server_link(None, key))
        else:
            text = t("web.turned_on", locale, link=server_link(self.bot.public_url, key))
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WebPages(table_bot(bot)))
