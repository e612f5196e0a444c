"""A server's data (bot.privacy.server_data).

- The bot removed from a server marks when (``left_at``), added back clears it; every few
  hours, and when the clocks come to this process, the process that runs the clocks (one
  of several) erases every server left more than ``SERVER_DATA_DAYS`` days ago.
- ``/server-daten export`` (``/server-data export``): an admin (Manage Server) gets,
  privately, a JSON file of everything the store keeps of the server, once per server
  every ten minutes.
- ``/server-daten löschen`` (``/server-data delete``): an admin erases it at once,
  confirmed twice: a danger button in a private message, then a form where he types the
  server's name or the word of his language (LÖSCHEN, DELETE, SUPPRIMER). The server's
  tables still running end first, each with a line in its channel saying why; the answer,
  private, counts what was erased. The pending confirmation lives in this process's
  memory for ten minutes (after a restart the admin enters the command again)."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import time
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.cluster.member import CLOCK
from bot.engine import IllegalAction
from bot.i18n import listed, t
from bot.ops.failures import log_failure
from bot.privacy.server_data import (
    ServerErased,
    collect_server,
    due,
    erase_server,
    mark_back,
    mark_left,
    note_erasure,
)
from bot.render.cards import Button, Card, Form, custom_id
from bot.service import Outcome, Service
from cogs.croupier_cog import CroupierCog
from cogs.own_data import Exports
from cogs.pipeline import payload as ui
from cogs.pipeline.incoming import Click, actor_of
from cogs.pipeline.replies import refuse_key, respond
from cogs.table_bot import table_bot
from cogs.translator import cmd

log = logging.getLogger(__name__)

SWEEP_HOURS = 6.0
"""Hours between two sweeps (a server is erased at most this much after its day)."""
BUTTON, FORM = "srvb", "srvm"
"""The prefixes of the erasure's confirmation button and form (controls of no table)."""
PENDING_SECONDS = 600.0
"""How long a confirmation stays open."""
COUNTED = ("games", "game_events", "game_results", "ratings", "seasons")
"""The tables the answer counts by name; the others' rows are summed."""
Interaction = discord.Interaction[Any]


@dataclass(frozen=True)
class Pending:
    """An erasure an admin asked for and has not confirmed yet."""

    guild_id: int
    user_id: int
    since: float


def admin(interaction: Interaction) -> bool:
    """Manage Server: a server's data is its admins' (the croupier role does not do)."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def confirmed(typed: str, server: str, locale: str) -> bool:
    """The form's text: the server's name, or the word of the admin's language."""
    typed = typed.strip()
    word = t("privacy.server.word", locale)
    return bool(typed) and (typed == server.strip() or typed.casefold() == word.casefold())


def erased_text(erased: ServerErased, ended: int, locale: str) -> str:
    counted = [
        t(f"privacy.server.count.{table}", locale, count=erased.rows[table])
        for table in COUNTED
        if erased.rows.get(table)
    ]
    rest = erased.total - sum(erased.rows.get(table, 0) for table in COUNTED)
    if rest:
        counted.append(t("privacy.server.count.other", locale, count=rest))
    lines = [
        t("privacy.server.erased", locale, counts=listed(counted, locale))
        if counted
        else t("privacy.server.erased_nothing", locale)
    ]
    if ended:
        lines.append(t("privacy.server.ended_count", locale, count=ended))
    return "\n".join(lines)


async def _end(service: Service, *, game_id: int, host: str) -> Outcome:
    return await service.host.end_table(game_id, host)


class ServerData(CroupierCog):
    exports = Exports()
    pending: ClassVar[dict[str, Pending]] = {}
    """The erasures asked for and not confirmed yet, by their button's token."""

    server = app_commands.Group(
        name=cmd("server-daten"),
        description=cmd("server-daten.desc"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @server.command(name=cmd("server-daten.export"), description=cmd("server-daten.export.desc"))
    async def export(self, interaction: Interaction) -> None:
        locale = self.private_locale(interaction)
        guild_id = interaction.guild_id
        if guild_id is None or not admin(interaction):
            await refuse_key(interaction, "privacy.server.admin_only", locale)
            return
        wait = self.exports.wait(str(guild_id))
        if wait > 0:
            await refuse_key(interaction, "privacy.server.too_soon", locale,
                             count=math.ceil(wait / 60))  # fmt: skip
            return
        self.exports.give(str(guild_id))
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await asyncio.to_thread(collect_server, self.service.store, guild_id)
        text = json.dumps(data, ensure_ascii=False, indent=1).encode()
        file = ui.attachment(text, "server_data", locale, "json")
        said = t("privacy.server.file", locale, count=len(data["games"]), file=file.filename)
        await interaction.followup.send(said, file=file, ephemeral=True)

    @server.command(
        name=cmd("server-daten.loeschen"), description=cmd("server-daten.loeschen.desc")
    )
    async def loeschen(self, interaction: Interaction) -> None:
        locale = self.private_locale(interaction)
        guild = interaction.guild
        if guild is None or not admin(interaction):
            await refuse_key(interaction, "privacy.server.admin_only", locale)
            return
        token = secrets.token_hex(6)
        now = time.monotonic()
        for old in [k for k, p in self.pending.items() if now - p.since > PENDING_SECONDS]:
            del self.pending[old]  # expired unconfirmed: forgotten
        self.pending[token] = Pending(guild.id, interaction.user.id, now)
        text = t("privacy.server.confirm", locale, server=guild.name,
                 days=self.bot.server_data_days)  # fmt: skip
        button = Button(custom_id(BUTTON, 0, 0, "erase", token),
                        t("privacy.server.button", locale), "danger")  # fmt: skip
        card = Card(description=text, rows=[(button,)])
        await respond(interaction, ephemeral=True, **ui.send_kwargs(card))

    async def panel(self, interaction: Interaction, click: Click) -> None:
        """The confirmation's button (the form opens) and form (the erasure)."""
        locale = self.private_locale(interaction)
        pending = self.pending.get(click.arg)
        if (
            pending is None
            or pending.user_id != interaction.user.id
            or pending.guild_id != interaction.guild_id
            or time.monotonic() - pending.since > PENDING_SECONDS
        ):
            await refuse_key(interaction, "privacy.server.expired", locale)
            return
        guild = interaction.guild
        if guild is None or not admin(interaction):
            await refuse_key(interaction, "privacy.server.admin_only", locale)
            return
        if click.prefix == BUTTON:
            word = t("privacy.server.word", locale)
            form = Form(
                custom_id(FORM, 0, 0, "erase", click.arg),
                t("privacy.server.form_title", locale),
                t("privacy.server.form_label", locale, word=word),
                100,
                placeholder=guild.name,
            )
            await interaction.response.send_modal(ui.Modal(form))  # type: ignore[arg-type]
            return
        del self.pending[click.arg]
        typed = click.values[0] if click.values else ""
        if not confirmed(typed, guild.name, locale):
            await refuse_key(interaction, "privacy.server.wrong_word", locale)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        # noted first: a stop from here on leaves the erasure to the next start's sweep
        await asyncio.to_thread(note_erasure, self.service.store.engine, guild.id)
        ended = await self.end_tables(guild.id, actor_of(interaction))
        erased = await self.erase(guild.id)
        log.info("server %s erased by an admin: %s rows", guild.id, erased.total)
        await interaction.followup.send(erased_text(erased, ended, locale), ephemeral=True)

    async def end_tables(self, guild_id: int, host: str) -> int:
        """End the server's tables still running (a tournament's after its groups'), each
        with a line in its channel, delivered as a host's end is; how many. Read from the
        store, not from the tables in memory: a table this process has not read since it
        took the server's shard over is ended too."""
        live = await asyncio.to_thread(self.service.store.open_games, guild_id)
        live.sort(key=lambda row: (row.kind == "turnier", row.id or 0))
        ended = 0
        for row in live:
            game_id = row.id or 0
            async with self.bot.router.sessions(game_id) as session:
                try:
                    outcome = await session.run(partial(_end, game_id=game_id, host=host))
                except IllegalAction:
                    continue  # ended meanwhile (a tournament's group with its tournament)
                note = t("privacy.server.table_ended", outcome.locale)
                await session.deliver(outcome, answer=False, note=("note", note))
                ended += 1
        return ended

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its erasure is due ``SERVER_DATA_DAYS`` from now."""
        if not self.owns(guild.id):
            return
        await asyncio.to_thread(mark_left, self.service.store.engine, guild.id)
        log.info("removed from server %s: its data is erased in %s days", guild.id,
                 self.bot.server_data_days)  # fmt: skip

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added (back) to a server: nothing of it is to be erased."""
        if not self.owns(guild.id):
            return
        if await asyncio.to_thread(mark_back, self.service.store.engine, guild.id):
            log.info("back on server %s: its data is kept", guild.id)

    async def erase(self, guild_id: int) -> ServerErased:
        """Erase the server from the store and forget it in this process's caches."""
        erased = await asyncio.to_thread(erase_server, self.service.store.engine, guild_id)
        self.service.tables.drop(lambda guild: guild == guild_id)
        self.service.directory.forget_guild(guild_id)
        for player in erased.forgotten:
            self.service.directory.forget_player(player)
        return erased

    async def sweep(self) -> list[ServerErased]:
        """Erase every server past its grace period."""
        erased = []
        found = await asyncio.to_thread(due, self.service.store.engine, self.bot.server_data_days)
        for guild_id in found:
            done = await self.erase(guild_id)
            log.info("server %s erased (%s days after the bot left): %s rows", guild_id,
                     self.bot.server_data_days, done.total)  # fmt: skip
            erased.append(done)
        return erased

    @tasks.loop(hours=SWEEP_HOURS)
    async def sweeper(self) -> None:
        if self.runs(CLOCK):  # with the clocks: one process of several
            await self._sweep()

    async def _sweep(self) -> None:
        try:
            await self.sweep()
        except Exception:
            log_failure(log, "erasing the servers the bot left failed; it tries again")

    @commands.Cog.listener()
    async def on_lease(self, role: str, held: bool) -> None:
        """The clocks came to this process: sweep now."""
        if role == CLOCK and held:
            await self._sweep()

    async def cog_load(self) -> None:
        self.bot.router.add_tableless((BUTTON, FORM), self.panel)
        self.sweeper.start()

    async def cog_unload(self) -> None:
        self.bot.router.remove_tableless((BUTTON, FORM))
        self.sweeper.cancel()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerData(table_bot(bot)))
