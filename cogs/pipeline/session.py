"""The table session: every write the bot makes, and what it owes the players, in one
sequence (a click, a typed command, a host's tool, the clock, a computer's move, a practice
table, a tournament's command, a redelivery, a rematch)::

    async with sessions(game_id, interaction) as s:   # 1. lock, 2. catch up
        s.check(click.version)                         # 3. stale and over, once
        outcome = await s.act(actor, action)           # 4. the service's write path
        await s.deliver(outcome)                       # 5. delivered, 6. marked
                                                       # 7. released; then follow-ups

1. The table's lock (``bot.play.table_locks``), in the order asked. A click that cannot
   have it within its window (``cogs.pipeline.window``: :data:`DEFER_AFTER` seconds after
   Discord made it) is deferred and finished when the lock is free; nobody goes on
   without it.
2. What the table still owes from before (a crash, a failed call) is delivered first, so
   that nothing overtakes it.
3. :meth:`TableSession.check`: a control of an ended game, a click on an outdated message.
4. :meth:`TableSession.act`: the service's one write path (``Service.act``).
5. :meth:`TableSession.deliver`: the game's ``show`` through a
   :class:`~cogs.pipeline.delivery.Delivery`, every message with a nonce;
6. the versions it delivered marked in the outbox;
7. the lock released; then what the actions caused elsewhere (their follow-ups: a
   tournament's record, the history's fold) runs, each in a session of its own table.

Only this module (and the service's own parts) calls ``Service.act`` and ``create``; a test
keeps it so.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import JSON, Action, IllegalAction
from bot.ops.failures import log_failure
from bot.ops.log_fields import GAME
from bot.play.outcome import FollowUp, Outcome
from bot.play.tables import Table
from bot.plugins import plugin_of
from bot.web.links import WebLinks
from cogs.pipeline.delivery import Delivery, Shown
from cogs.pipeline.incoming import Click
from cogs.pipeline.turn_notices import tell_turn
from cogs.pipeline.window import defer, left

if TYPE_CHECKING:
    from bot.service import Service
    from cogs.pipeline.busy import Busy
    from cogs.pipeline.prompts import PromptBook

log = logging.getLogger(__name__)

CatchUp = Callable[[int, float, Callable[[], Awaitable[None]]], Awaitable[None]]
"""What the table still owes delivered (``catch_up(game_id, patience, slow)``): ``slow`` is
awaited if that takes longer than ``patience`` seconds (a restart's first click, which
delivers what the crash left owed, must still be answered within Discord's window)."""

Interaction = discord.Interaction[Any]
ROUTED = (discord.InteractionType.component, discord.InteractionType.modal_submit)
"""Interactions the router counts as being handled itself."""
Show = Callable[[Delivery, "str | None"], Awaitable[None]]
"""How a game shows an outcome through a delivery, for the player who acted (or None)."""


class GameOver(IllegalAction):
    """A control of a game that has ended (answered by closing the control)."""

    def __init__(self) -> None:
        super().__init__("game.over")


class Sessions:
    """The bot's table sessions (``router.sessions``): ``sessions(game_id, interaction)``.
    They hold what their deliveries reach (:class:`~cogs.pipeline.delivery.Reach`): the
    bot's Discord client, its service, the loaded games, its open prompts."""

    def __init__(
        self,
        client: discord.Client,
        service: Service,
        games: Mapping[str, Shown],
        busy: Busy,
        prompts: PromptBook,
    ) -> None:
        self.client = client
        self.service = service
        self.games = games
        """The loaded games' shows, by kind (the router's)."""
        self.busy = busy
        self.prompts = prompts
        self.links = WebLinks(None, service.directory.web_key)
        """The links of the bot's messages to the servers' pages (``PUBLIC_URL``, set by
        the bot: ``TableBot.public_url``)."""
        self.catch_up: CatchUp | None = None
        """Delivers what a table owes from before (the router's redelivery, which it sets:
        it owns both)."""

    def __call__(self, game_id: int, interaction: Interaction | None = None,
                 *, private: bool = True) -> TableSession:  # fmt: skip
        """A session on ``game_id``; ``interaction``: the click or command it answers
        (``private``: deferred, a command's answer is only its caller's)."""
        return TableSession(self, game_id, interaction, private)

    async def open_lobby(self, kind: str, host: str, options: Mapping[str, JSON],
                         **where: Any) -> Outcome:  # fmt: skip
        """A new table, as a lobby (``Service.open_lobby``; nobody knows its id yet, so
        it needs no lock); its message is the caller's to post."""
        return await self.service.open_lobby(kind, host, options, **where)

    async def create(self, kind: str, players: Sequence[str], options: Mapping[str, JSON],
                     **where: Any) -> Outcome:  # fmt: skip
        """A new table with its game started (``Service.create``)."""
        return await self.service.create(kind, players, options, **where)


class TableSession:
    __slots__ = ("_counted", "_follow_ups", "_lock", "_logged", "game_id", "interaction",
                 "private", "sessions")  # fmt: skip

    def __init__(
        self, sessions: Sessions, game_id: int, interaction: Interaction | None, private: bool
    ) -> None:
        self.sessions = sessions
        self.game_id = game_id
        self.interaction = interaction
        self.private = private
        self._lock = sessions.service.locks(game_id)
        self._follow_ups: list[FollowUp] = []
        self._counted = interaction is None or interaction.type not in ROUTED
        """Whether this session counts as work a stopping bot lets finish (the router
        counts the clicks and forms itself)."""

    @property
    def service(self) -> Service:
        return self.sessions.service

    async def __aenter__(self) -> TableSession:
        self._logged = GAME.set(self.game_id)  # the game on every log line of the session
        self.sessions.busy.count += self._counted
        nested = self._lock.held
        try:  # a click waits its window's rest (counted from Discord), then is deferred
            await self._lock.acquire(left(self.interaction), self._defer)  # step 1
        except BaseException:
            self.sessions.busy.count -= self._counted
            GAME.reset(self._logged)
            raise
        try:
            catch_up = self.sessions.catch_up
            if catch_up is not None and not nested:  # step 2, deferring the click if slow
                await catch_up(self.game_id, left(self.interaction), self._defer)
        except BaseException:
            self._leave()
            GAME.reset(self._logged)
            raise
        return self

    async def __aexit__(self, kind: object, exc: object, tb: object) -> None:
        self._leave()  # step 7
        try:
            if self._follow_ups and not isinstance(exc, asyncio.CancelledError):
                await self._run_follow_ups()  # a stopping bot leaves them to its next start
        finally:
            GAME.reset(self._logged)

    def _leave(self) -> None:
        self._lock.release()
        self.sessions.busy.count -= self._counted

    async def _defer(self) -> None:
        """The lock is not free within the window: the interaction is deferred, so that
        Discord keeps it open until it is answered."""
        await defer(self.interaction, private=self.private)

    # --- the steps -------------------------------------------------------------------

    def read(self, version: int) -> Table:
        """The table as of ``version``: read anew if another process moved it on."""
        return self.service.tables.at(self.game_id, version)

    @staticmethod
    def check(table: Table, version: int, *, versioned: bool = True,
              after_end: bool = False) -> None:  # fmt: skip
        """Step 3, once per write: :class:`GameOver` for a game that has ended (unless
        ``after_end``), ``game.stale`` for a control of an outdated version (when
        ``versioned``)."""
        if table.over and not after_end:
            raise GameOver
        if versioned and version != table.row.version:
            raise IllegalAction("game.stale")

    async def act(
        self,
        actor: str,
        action: Action,
        *,
        nonce: str = "",
        expected_version: int | None = None,
    ) -> Outcome:
        """Step 4: the action through the service's one write path; raises
        :class:`IllegalAction` and changes nothing when refused."""
        if nonce == "" and self.interaction is not None:
            nonce = str(self.interaction.id)
        outcome = await self.service.act(
            self.game_id, actor, action, nonce=nonce, expected_version=expected_version
        )
        self.follow(outcome)
        return outcome

    async def run(self, write: Callable[[Service], Awaitable[Outcome]]) -> Outcome:
        """Step 4 for one of the service's other writes (a host's tool, a tournament's
        step): ``write(service)``, on this session's table."""
        outcome = await write(self.service)
        self.follow(outcome)
        return outcome

    async def run_all(self, write: Callable[[Service], Awaitable[list[Outcome]]]) -> list[Outcome]:
        """:meth:`run` for a step that makes several outcomes (a tournament's)."""
        outcomes = await write(self.service)
        for outcome in outcomes:
            self.follow(outcome)
        return outcomes

    def follow(self, outcome: Outcome) -> None:
        """``outcome``'s follow-ups run when this session ends (each once). Another table's
        outcome (a tournament's step on a group) is followed by the session that delivers
        it, on that table."""
        if outcome.game_id != self.game_id:
            return
        for follow_up in outcome.follow_ups:
            if all(follow_up is not f for f in self._follow_ups):
                self._follow_ups.append(follow_up)

    async def deliver(
        self,
        outcome: Outcome,
        actor: str | None = None,
        *,
        first: int | None = None,
        last: int | None = None,
        click: Click | None = None,
        answer: bool = True,
        show: Show | None = None,
        note: tuple[str, str] = ("", ""),
    ) -> Delivery | None:
        """Steps 5 and 6: what ``outcome`` owes, shown by its game (or by ``show``;
        through the interaction when ``answer``), then marked delivered. None: its game
        is not loaded (it stays owed). ``note``: (part, text), a plain public line posted
        first (what a clock or a host did, "a computer plays for @Ben"), a message of the
        delivery with its nonce (a redelivery that repeats it gets Discord's first back)."""
        self.follow(outcome)
        if show is None:
            game = self.sessions.games.get(outcome.kind)
            if game is None:
                return None
            show = game.show
        interaction = self.interaction if answer else None
        d = Delivery(self.sessions, outcome, interaction, first=first, last=last, click=click)
        part, text = note
        if text:
            await d.post(part, content=text[:2000])
        await show(d, actor)
        if plugin_of(outcome.kind) is not None:  # a game's table, not a workflow's
            await tell_turn(d, actor)
        d.delivered()
        for follow_up in d.later:  # what its plan left for after it (a group's opening)
            self._follow_ups.append(follow_up)
        return d

    async def deliver_all(self, outcomes: Sequence[Outcome]) -> None:
        """Deliver a workflow's outcomes in their order: this table's here, another
        table's (a tournament's group) in a session of its own inside this one."""
        for outcome in outcomes:
            if outcome.game_id == self.game_id:
                await self.deliver(outcome, answer=False)
            else:
                async with self.sessions(outcome.game_id) as other:
                    await other.deliver(outcome)

    async def _run_follow_ups(self) -> None:
        """After the lock is released: each follow-up in a session of its own table, what
        it produced delivered there. A failure is logged: the bot's start catches up."""
        follow_ups, self._follow_ups = self._follow_ups, []
        for follow_up in follow_ups:
            try:
                async with self.sessions(follow_up.game_id) as session:
                    await session.deliver_all(await follow_up.run())
            except Exception:
                log_failure(
                    log,
                    "game %s: the follow-up %s of table %s failed",
                    follow_up.game_id,
                    follow_up.what,
                    self.game_id,
                )
