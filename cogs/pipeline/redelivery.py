"""Redelivery: what committed actions still owe the players, sent at least once, after a
restart too (``bot.play.outbox`` keeps the record, ``cogs.pipeline.delivery`` the
idempotent sending).

Owned by the router (``router.redelivery``). A table session on a game has what that
game still owes delivered first (:meth:`Redelivery.catch_up`, step 2 of every session).
Its own task, started by the bot, writes the delivery marks made since every
``POLL_SECONDS``, reads the stored marks of the games another process moved (what it
delivered counts here, so that this process's marks go on) and delivers the versions that
nobody delivered within the grace time:
those of a crash (loaded at start), of a click whose follow-ups failed (Discord's 5xx after
its own retries), of a table whose extension was not loaded. A refusal for good (403,
404) is logged and counts as done; a passing failure is tried again, backing off, and
given up after ``ATTEMPTS``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import tasks

from bot.ops.failures import log_failure
from bot.service import Service
from cogs.pipeline.delivery import PERMANENT, Delivery
from cogs.pipeline.session import Sessions
from cogs.pipeline.window import patiently

log = logging.getLogger(__name__)

POLL_SECONDS = 2
ATTEMPTS = 6


class Redelivery:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        """The bot's table sessions (``router.sessions``): opening one on a game delivers
        what it owes (its second step, :meth:`catch_up`), and through them the deliveries
        reach Discord, the service and the loaded games."""

    @property
    def service(self) -> Service:
        return self.sessions.service

    def start(self) -> None:
        """Start the task that delivers what is owed (the bot does, once it is set up)."""
        if not self.task.is_running():
            self.task.start()

    def stop(self) -> None:
        self.task.cancel()

    async def catch_up(
        self, game_id: int, patience: float, slow: Callable[[], Awaitable[None]]
    ) -> None:
        """At the start of a table session (its lock taken): what the game still owes
        from before (a crash, a failed call) is delivered first, so the session's write
        never overtakes it (the owed version's messages come before its own). Should that
        take longer than ``patience`` seconds, ``slow`` is awaited (the session defers its
        click) while it goes on."""
        versions = self._owed_now(game_id)
        if versions:  # cancelled with the session: its lock must not outlive it
            await patiently(self._deliver(game_id, versions), patience, slow)

    def _owed_now(self, game_id: int) -> list[int]:
        """A game's versions due now. Another process's (it committed them: a DM's click on
        shard 0, the clock) are due here only if the database still shows them undelivered
        after its grace (it may have died)."""
        outbox = self.service.outbox
        versions = outbox.due_for(game_id)
        if versions and outbox.foreign(game_id):
            outbox.flush()  # this process's own marks first: the stored one is not behind them
            outbox.stored_mark(game_id, self.service.store.announced(game_id))
            versions = outbox.due_for(game_id)
        return versions

    @tasks.loop(seconds=POLL_SECONDS)
    async def task(self) -> None:
        try:
            await self.deliver_due()
        except Exception:
            log_failure(log, "the redelivery failed; it tries again")

    @task.before_loop
    async def _ready(self) -> None:
        await self.sessions.client.wait_until_ready()

    async def deliver_due(self) -> int:
        """Deliver what is owed and due (also called by tests); returns how many games."""
        outbox, store = self.service.outbox, self.service.store
        outbox.flush()
        for game_id in outbox.foreign_games():  # what the other process delivered meanwhile:
            outbox.stored_mark(game_id, store.announced(game_id))  # this one's marks go on
        due = outbox.due()
        for game_id, _ in due:
            async with self.sessions(game_id):  # its step 2 delivers what is still owed
                pass
        outbox.flush()
        return len(due)

    async def _deliver(self, game_id: int, versions: list[int]) -> None:
        """Deliver ``versions`` of a game (its table's lock held by the caller)."""
        outbox = self.service.outbox
        try:
            outcome = self.service.tables.owed(game_id, versions)
            game = self.sessions.games.get(outcome.kind)
            if game is None:
                return  # its game is not loaded: it stays owed
            d = Delivery(self.sessions, outcome, first=versions[0], last=versions[-1])
            await game.show(d, None)
            d.delivered()
        except PERMANENT as exc:
            log.warning("game %s: Discord refused versions %s for good (%s %s); moving on",
                        game_id, versions, exc.status, exc.code)  # fmt: skip
            for version in versions:
                outbox.gave_up(game_id, version)
            return
        except Exception as exc:
            attempts = outbox.failed(game_id)
            if attempts < ATTEMPTS:
                passing = isinstance(exc, discord.HTTPException)
                log.log(logging.INFO if passing else logging.ERROR,
                        "game %s: delivering versions %s failed (%s), attempt %d",
                        game_id, versions, exc, attempts, exc_info=not passing)  # fmt: skip
                return
            log.error("game %s: versions %s could not be delivered in %d attempts; given up",
                      game_id, versions, attempts)  # fmt: skip
            for version in versions:
                outbox.gave_up(game_id, version)
            return
        log.info("game %s: versions %s delivered after the fact", game_id, versions)
