"""Computer players at the tables: a task that plays what computer seats (and computers
standing in for absent players) owe, a second or two after their turn came, through the
same sequence as a click (the table's turn, what was owed first, the action, the
delivery). What is owed is read from the tables each time (``bot.play.computer_seats``), so a
restart or another process's move loses nothing; each process plays its own servers'."""

from __future__ import annotations

import asyncio
import logging
import os
import time

from discord.ext import commands, tasks

from bot.computer_warmup import warm_up
from bot.engine import IllegalAction
from bot.ops.failures import log_failure
from bot.play.computer_seats import DELAY, ComputerSeats, Turn
from cogs.croupier_cog import CroupierCog
from cogs.table_bot import TableBot, table_bot

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
WARM_UP = "CROUPIER_WARM_UP"
"""Set to 0, the bot does not warm the computer players up at start (bot.computer_warmup)."""


class ComputersCog(CroupierCog):
    def __init__(self, bot: TableBot) -> None:
        super().__init__(bot)
        self._seen: dict[Turn, float] = {}
        """Each owed decision, with when this process first saw it owed."""
        self._playing: dict[int, asyncio.Task[None]] = {}
        """The decision being played per table (one at a time: each moves the table on)."""
        self.delay = DELAY
        """Seconds before a computer acts (tests shorten it)."""
        self._warming: asyncio.Task[None] | None = None
        """Warming the policies up off the event loop at start (bot.computer_warmup)."""

    async def cog_load(self) -> None:
        self.play_task.start()
        if os.environ.get(WARM_UP, "1") != "0":  # the test suite's hundreds of bots skip it
            self._warming = asyncio.create_task(asyncio.to_thread(warm_up))

    async def cog_unload(self) -> None:
        self.play_task.cancel()
        if self._warming is not None:
            self._warming.cancel()
        for task in self._playing.values():
            task.cancel()

    @tasks.loop(seconds=POLL_SECONDS)
    async def play_task(self) -> None:
        try:
            self.start_due(time.monotonic())
        except Exception:
            log_failure(log, "the computer players' task failed; it tries again")

    @play_task.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    def start_due(self, now: float) -> None:
        """Start playing each decision owed for ``delay`` seconds."""
        owed = self.service.computers.due(self.owns)
        self._seen = {turn: self._seen.get(turn, now) for turn in owed}
        for turn, since in self._seen.items():
            if now - since >= self.delay and turn.game_id not in self._playing:
                self._playing[turn.game_id] = asyncio.create_task(self._play(turn))

    async def _play(self, turn: Turn) -> None:
        try:
            await self.play(turn)
        finally:
            self._playing.pop(turn.game_id, None)

    async def play(self, turn: Turn) -> None:
        """Decide ``turn`` off the event loop, then act and deliver as a click does."""
        computers = self.service.computers
        try:
            question = computers.question(turn)
            if question is None:
                return
            try:
                action = await asyncio.to_thread(ComputerSeats.decide, question)
            except Exception:
                log.exception("computer %s at game %s failed; the absence rule plays",
                              turn.player, turn.game_id)  # fmt: skip
                fallback = computers.fallback(turn)
                if fallback is None:
                    return
                action = fallback
            # a stand-in's moves post nothing of their own: its start was told, and the
            # table's row of the seat it plays for marks it (cogs.pipeline.onlookers)
            async with self.bot.router.sessions(turn.game_id) as session:
                try:
                    outcome = await session.run(lambda s: s.computers.play(turn, action))
                except IllegalAction as exc:  # the table moved on meanwhile: asked again
                    log.info("computer %s at game %s: %s", turn.player, turn.game_id, exc)
                    return
                await session.deliver(outcome)
        except Exception:
            log_failure(log, "computer %s at game %s", turn.player, turn.game_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ComputersCog(table_bot(bot)))
