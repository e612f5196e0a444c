"""A server's data (bot.privacy.server_data): the bot removed from a server marks when
(``left_at``), added back clears it; once a day, and when the clocks come to this process,
the process that runs the clocks (one of several) erases every server left more than
``SERVER_DATA_DAYS`` days ago."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands, tasks

from bot.cluster.member import CLOCK
from bot.ops.failures import log_failure
from bot.privacy.server_data import ServerErased, due, erase_server, mark_back, mark_left
from cogs.croupier_cog import CroupierCog
from cogs.table_bot import table_bot

log = logging.getLogger(__name__)

SWEEP_HOURS = 6.0
"""Hours between two sweeps (a server is erased at most this much after its day)."""


class ServerData(CroupierCog):
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
        self.sweeper.start()

    async def cog_unload(self) -> None:
        self.sweeper.cancel()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerData(table_bot(bot)))
