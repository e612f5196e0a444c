"""``/verify``: anyone can check that the croupier played fair.

``/verify spiel [nummer]`` runs the offline verifier (bot.audit.verify, the same as
``croupier verify FILE``) on a stored game of this server and answers publicly;
``/verify export [nummer]`` hands out a finished game's export file; ``/verify datei``
checks an uploaded export file (privately). Without a number: the newest game in this channel.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.audit import export
from bot.audit.text import report_text
from bot.audit.verify import verify
from bot.i18n import t
from bot.play.outcome import FINISHED
from bot.play.records import GameRef
from bot.plugins import plugin_of
from bot.service import HOST_ONLY_VERBS, SETUP_VERBS
from bot.web.links import linked_text, verify_page
from cogs.croupier_cog import CroupierCog
from cogs.options import GameNumber
from cogs.pipeline import payload as ui
from cogs.pipeline.replies import refuse_key
from cogs.table_bot import table_bot
from cogs.translator import cmd

MAX_FILE_BYTES = 8 * 1024 * 1024


class Verify(CroupierCog):
    verify = app_commands.Group(name=cmd("verify"), description=cmd("verify.desc"))

    @verify.command(name=cmd("verify.spiel"), description=cmd("verify.spiel.desc"))
    @app_commands.describe(nummer=cmd("verify.nummer.desc"))
    async def spiel(
        self, interaction: discord.Interaction[Any], nummer: GameNumber | None = None
    ) -> None:
        game = await self._game(interaction, nummer, self.private_locale(interaction))
        if game is None:
            return
        locale = self.locale(interaction)  # the report is public
        report = self.service.records.verify(game.id)
        text = linked_text(report_text(report, locale), self._check_line(interaction, game, locale))
        await interaction.response.send_message(text)

    def _check_line(
        self, interaction: discord.Interaction[Any], game: GameRef, locale: str
    ) -> str | None:
        """A finished game's page, where anyone checks its dice in his own browser (None:
        no page, or no link: ``PUBLIC_URL`` unset or the server's pages off)."""
        if game.status != FINISHED or plugin_of(game.kind) is None:
            return None
        return self.bot.links.line(interaction.guild_id, verify_page(game.id), locale)

    @verify.command(name=cmd("verify.export"), description=cmd("verify.export.desc"))
    @app_commands.describe(nummer=cmd("verify.nummer.desc"))
    async def export_(
        self, interaction: discord.Interaction[Any], nummer: GameNumber | None = None
    ) -> None:
        locale = self.private_locale(interaction)
        game = await self._game(interaction, nummer, locale)
        if game is None:
            return
        if game.status not in export.OVER:
            await refuse_key(interaction, "verify.export_not_over", locale)
            return
        data = self.service.records.export_json(game.id).encode()
        file = ui.attachment(data, "game", locale, "json", game=game.id)
        await interaction.response.send_message(
            t("verify.export_ready", locale, game=game.id, file=file.filename),
            file=file,
            ephemeral=True,
        )

    @verify.command(name=cmd("verify.datei"), description=cmd("verify.datei.desc"))
    @app_commands.describe(datei=cmd("verify.datei.opt.desc"))
    async def datei(self, interaction: discord.Interaction[Any], datei: discord.Attachment) -> None:
        locale = self.private_locale(interaction)
        await interaction.response.send_message(
            await self.check_file(datei, locale), ephemeral=True
        )

    async def check_file(self, attachment: discord.Attachment, locale: str) -> str:
        """The verifier's answer on an uploaded export."""
        if attachment.size > MAX_FILE_BYTES:
            return t("verify.unreadable", locale, error=f"> {MAX_FILE_BYTES // 1024} KiB")
        return verify_upload(await attachment.read(), self.service.games, locale)

    async def _game(
        self, interaction: discord.Interaction[Any], number: int | None, locale: str
    ) -> GameRef | None:
        """Game ``number`` if it belongs to this server, else the newest in this channel;
        None (answered privately) when there is none."""
        channel = interaction.channel_id or 0
        game = self.service.records.game(number, interaction.guild_id, channel)
        if game is None:
            await refuse_key(interaction, "verify.no_game", locale)
        return game


def verify_upload(data: bytes, games: Any, locale: str) -> str:
    """Check the bytes of an export file: the verdict, or why it is no export."""
    try:
        document = export.read(data)
    except export.ExportError as exc:
        return t("verify.unreadable", locale, error=str(exc))
    report = verify(document, games, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)
    return report_text(report, locale)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Verify(table_bot(bot)))
