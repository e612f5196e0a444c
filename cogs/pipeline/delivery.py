"""Delivering what a committed action owes the players (the outbox, ``bot.play.outbox``).

A :class:`Delivery` is handed to a game's ``show``: through it the table message gets its
new state, new messages are posted and private states go out by DM. With the click's
interaction at hand, the clicked message is edited by the click's one answer (the type-7
callback); without one (a redelivery after a crash or a failed call, a clock, a host) the
same parts go through Discord's REST API. Parts that only make sense as an answer (a
private prompt) are the game's to skip when ``interaction`` is None.

Each new message and DM carries a nonce made of the game, the version that logged the
event it announces (its ``cause``) and the part; discord.py sends it with
``enforce_nonce``, so when a redelivery repeats a post that Discord had accepted just
before a crash, Discord hands back that message instead of posting it twice. The cause's
version, not the delivery's range, makes the nonce: a redelivery may cover more versions
than the delivery it repeats (a later click went through while the first one's DMs were
still going out). A delivery's versions are marked delivered with the next action's
transaction or the redelivery's next batch (``bot.play.outbox``); the nonces cover a post
repeated before then, and the table's new message id is written at once.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.engine import JSON
from bot.i18n import private_locale, t
from bot.play.outcome import FINISHED, FollowUp
from bot.play.turn_notice import Telling
from bot.render.cards import Card
from bot.render.drawn import is_ready, ready, showing, shows
from bot.service import Outcome, Service
from bot.web.links import Page, WebLinks, game_page, linked_card
from cogs.pipeline import onlookers, wire
from cogs.pipeline import payload as ui
from cogs.pipeline.dms import closed_notice, dm_players
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.prompts import PromptBook
from cogs.pipeline.table_places import channel_by_id
from cogs.pipeline.window import defer, left, patiently
from cogs.pipeline.wire import edit_clicked

log = logging.getLogger(__name__)

Event = Mapping[str, JSON]
"""One of an outcome's events, as it was given (the nonce finds its version by identity)."""

PERMANENT = (discord.Forbidden, discord.NotFound)
"""Refusals that a retry would not change: logged, worked around, never retried."""


class Shown(Protocol):
    """What a delivery needs of a loaded game (its ``cogs.pipeline.clicks.GameClicks``):
    how it shows an outcome, a player's private state as text, and the prefixes of its
    controls and which of them make a move (a table card is dressed for onlookers, and
    shows no move while a computer is to act)."""

    @property
    def show(self) -> Callable[[Delivery, str | None], Awaitable[None]]: ...

    @property
    def private_text(self) -> Callable[[Outcome, str], str] | None: ...

    @property
    def prefixes(self) -> tuple[str, ...]: ...

    def moves(self, custom_id: str) -> bool: ...


class Reach(Protocol):
    """What a delivery reaches through the table sessions it runs in (the bot's
    ``cogs.pipeline.session.Sessions``): Discord, the service, the loaded games by kind,
    the bot's open prompts (a game's show closes those its outcome moved past) and its
    links to the servers' pages."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def service(self) -> Service: ...

    @property
    def games(self) -> Mapping[str, Shown]: ...

    @property
    def prompts(self) -> PromptBook: ...

    @property
    def links(self) -> WebLinks: ...


def nonce_of(game_id: int, version: int, part: str) -> str:
    """Discord's message nonce (at most 25 characters) for one part of one delivery."""
    return hashlib.blake2b(f"{game_id}:{version}:{part}".encode(), digest_size=12).hexdigest()


class Delivery:
    """What ``outcome`` owes: for the versions ``first``..``last`` of its game (by default
    those of the outcome's events), through ``interaction`` if the click is being
    answered. The outcome's views are the game as it stands, which may be newer.
    ``click``: the control the interaction came from, as the pipeline read it. A delivery
    runs inside a table session (``cogs.pipeline.session``), which holds the table's
    lock from its first read to the end of the delivery, DMs included. ``sessions``: the
    bot's table sessions, through which it reaches Discord, the service, the loaded games
    and the open prompts (:class:`Reach`)."""

    def __init__(
        self,
        sessions: Reach,
        outcome: Outcome,
        interaction: discord.Interaction[Any] | None = None,
        *,
        first: int | None = None,
        last: int | None = None,
        click: Click | None = None,
    ) -> None:
        self.sessions = sessions
        self.click = click
        self.outcome = outcome
        self.interaction = interaction
        self.first = first or outcome.first or outcome.version
        self.last = last or outcome.version
        self.told: Telling | None = None
        """Whom a new table message (a new turn, round or hand) told, its ping inside: the
        DMs are left for after the delivery (cogs.pipeline.turn_notices)."""
        self.later: list[FollowUp] = []
        """Writes the outcome causes on other tables, for the session to run after it."""
        self._parts: Counter[tuple[int, str]] = Counter()
        self._channel: Any = None
        self._edited: set[int] = set()  # messages this delivery edited through the API
        self._deferred = False  # the click deferred here, its pictures taking too long

    @property
    def private_locale(self) -> str:
        """The language of what only the clicker reads (a prompt, an answer): his own."""
        if self.interaction is None:
            return self.outcome.locale
        return private_locale(self.interaction.locale, self.outcome.locale)

    def reader(self, player: str) -> str:
        """The language of a DM to ``player``: his own (as last seen), else the table's."""
        return self.service.directory.reader_locale(player, self.outcome.locale)

    @property
    def client(self) -> discord.Client:
        return self.sessions.client

    @property
    def service(self) -> Service:
        return self.sessions.service

    @property
    def prompts(self) -> PromptBook:
        """The bot's open prompts (``cogs.pipeline.prompts``)."""
        return self.sessions.prompts

    def nonce(self, part: str, cause: Event | None = None) -> str:
        """The nonce of the next ``part`` announcing ``cause`` (one of the outcome's events;
        None: the delivery as a whole, keyed by its last version)."""
        version = self.last if cause is None else self.version_of(cause)
        self._parts[version, part] += 1
        count = self._parts[version, part]
        return nonce_of(self.outcome.game_id, version, f"{part}#{count}")

    def version_of(self, event: Event) -> int:
        """The version that logged ``event`` (one of the outcome's events, as given)."""
        events = self.outcome.events
        at = next((i for i, e in enumerate(events) if e is event), None)
        if at is None:
            raise ValueError(f"not an event of this outcome: {event}")
        return self.outcome.event_versions[at]

    async def channel(self) -> Any:
        """The table's channel (the interaction's, if it came from there: a host's
        command typed in a group's thread is not the tournament's), awake: a group's
        thread archived while its evening was days away is unarchived first, since
        Discord refuses edits in an archived thread."""
        if self._channel is None:
            here = None if self.interaction is None else self.interaction.channel
            if here is not None and self.outcome.channel_id in (None, here.id):
                channel = here
            else:
                channel = await channel_by_id(self.client, self.outcome.channel_id)
            await wake(channel)
            self._channel = channel
        return self._channel

    async def post(
        self,
        part: str,
        card: Card | None = None,
        *,
        cause: Event | None = None,
        at: Any = None,
        ping: ui.Ping | None = None,
        **kwargs: Any,
    ) -> int:
        """A new message announcing ``cause`` in the table's channel, or in ``at`` (a
        group's thread, woken); ``card`` (with a line that pings: ``ping``) and/or plain
        ``send`` keywords. Its id."""
        channel = await self.channel() if at is None else at
        if at is not None:
            await wake(at)
        if card is not None:
            kwargs = {**send_kwargs(await ready(card), self.accent, ping), **kwargs}
        message = await wire.post(channel, nonce=self.nonce(part, cause), **kwargs)
        message_id = int(message["id"])
        if card is not None:
            # a redelivery's post may get back the message posted before a crash, which
            # may show other pictures by now: only what it holds is remembered
            held = {a["filename"] for a in message.get("attachments", ())}
            shows(message_id, card if held == {p.filename for p in card.pictures} else None)
        return message_id

    @property
    def accent(self) -> int:
        """The accent colour of the game's cards."""
        return ui.accent_of(self.outcome.kind)

    async def table(self, card: Card, *, what: str = "table") -> None:
        """The table message shows ``card``: edited by the click's answer if the click was
        on it, else edited through the API (a click on a private prompt has that prompt
        answered "done" first, before the table's pictures are drawn). A table message
        that is gone gets a new one. A game's table (``what``) is dressed for onlookers
        (:func:`cogs.pipeline.onlookers.dress`); so is its ``"closing"`` card, whose ended
        table's end follows in a new message (no "Nochmal" on it)."""
        interaction = self.interaction
        if what in ("table", "closing"):
            card = self.dressed(card, last=what == "table")
        clicked = None if interaction is None else interaction.message
        if clicked is not None and self._shows_table(clicked, interaction):
            self._remember(clicked.id)  # the table's newer message (or its id lost to a crash)
        elsewhere = clicked is not None and clicked.id != self.outcome.message_id
        if elsewhere:
            await self._answer_done(interaction)
        await self.drawn(card)
        on_table = None if elsewhere else interaction  # the click on the table, unanswered
        if on_table is not None and clicked is not None and not on_table.response.is_done():
            kwargs = ui.message_kwargs(card, self.accent, shown=showing(clicked.id))
            await edit_clicked(on_table, **kwargs)
            shows(clicked.id, card)
            return
        outcome = self.outcome
        if outcome.message_id is not None:
            channel = await self.channel()
            try:
                await edit_awake(channel, outcome.message_id, card, self.accent)
                self._edited.add(outcome.message_id)
                return
            except discord.NotFound:
                log.warning("%s of game %s is gone (message %s): posting it anew", what,
                            outcome.game_id, outcome.message_id)  # fmt: skip
            except discord.Forbidden:
                log.warning("%s of game %s may not be edited (message %s)", what,
                            outcome.game_id, outcome.message_id)  # fmt: skip
                return
        await self._new_table(card)

    def _shows_table(self, message: Any, interaction: Any) -> bool:
        """Whether the clicked public ``message`` is the table's message this process did
        not know of: newer than the one it knows (another process posted the table's new
        turn, the click was quicker than its notice), or none known (lost to a crash). A
        table's messages follow each other in time, so a newer one is never an old one."""
        if message.flags.ephemeral or interaction.channel_id != self.outcome.channel_id:
            return False
        known = self.outcome.message_id
        return known is None or message.id > known

    async def _answer_done(self, interaction: Any) -> None:
        """The click was on another message than the table's (a private prompt, an older
        message): that message says "done", edited by the click's one answer (type 7,
        sent before anything is drawn: no deferral, and no live controls left standing
        that a deferred type-6 answer would leave), or after a deferral. The table is
        edited through the API: one request each."""
        done = ui.note_kwargs(t("ui.done", self.private_locale), self.accent)
        if not interaction.response.is_done():
            await edit_clicked(interaction, **done)
        elif self._deferred:  # (answered otherwise, it was answered in place: kept)
            with contextlib.suppress(discord.HTTPException):
                await wire.edit_follow_up(interaction.followup, wire.ORIGINAL, **done)

    async def drawn(self, card: Card) -> Card:
        """``card`` with its pictures drawn. A click still unanswered is deferred should
        that outlast its window (a cold picture worker after a restart, a loaded machine):
        its message is then edited through the API."""
        interaction = self.interaction
        if is_ready(card):  # most clicks: nothing to draw, no task to watch the window
            return card
        if interaction is None or interaction.response.is_done():
            return await ready(card)

        async def slow() -> None:
            self._deferred = True
            await defer(interaction)

        return await patiently(ready(card), left(interaction), slow)

    def dressed(self, card: Card, *, last: bool = True) -> Card:
        """A game's table card with what it offers those who do not play now (``last``:
        :func:`cogs.pipeline.onlookers.dress`); the last card of a game played to its end
        links its page (``PUBLIC_URL`` set and the server's pages on)."""
        clicks = self.sessions.games.get(self.outcome.kind)
        outcome = self.outcome
        card = onlookers.dress(self.service, clicks, outcome, card, last=last)
        if last and outcome.status == FINISHED and onlookers.is_table(self.service, outcome.kind):
            card = linked_card(card, self.web_line(game_page(outcome.game_id)))
        return card

    def web_line(self, page: Page) -> str | None:
        """The line that links the table's server's ``page``, in the table's language
        (None: no ``PUBLIC_URL``, or the server's pages are off). From memory: the
        server's web key is the directory's."""
        links = self.sessions.links
        if links.public_url is None:
            return None
        guild_id = self.service.tables.guild_of(self.outcome.game_id)
        return links.line(guild_id, page, self.outcome.locale)

    async def new_table(
        self, card: Card, cause: Event | None = None, ping: ui.Ping | None = None
    ) -> int:
        """Post the table's new message (a new turn, hand or round, opened by ``cause``),
        with ``ping`` below the card (cogs.pipeline.turn_notices.new_table), and remember
        it. A redelivery gets the message posted before the crash back, and that one may
        just have been edited as the closing table: it shows ``card`` again (its ping, a
        mention in an edit, would notify nobody: left out)."""
        return await self._new_table(self.dressed(card), cause, ping)

    async def _new_table(
        self, card: Card, cause: Event | None = None, ping: ui.Ping | None = None
    ) -> int:
        message_id = await self.post("table", card, cause=cause, ping=ping)
        if message_id in self._edited:
            await edit_awake(await self.channel(), message_id, card, self.accent)
        self._remember(message_id)
        return message_id

    def _remember(self, message_id: int) -> None:
        """The table's new message, written at once: a restart must find the message that
        shows the table (the redelivery of a new turn closes it as the old one, then gets
        the new one back by its nonce). The table keeps the newest of its messages
        (``Tables.set_message``)."""
        kept = self.service.tables.set_message(self.outcome.game_id, message_id)
        self.outcome = replace(self.outcome, message_id=kept or message_id)

    async def dms(
        self,
        messages: Mapping[str, Card],
        closed_notice: Callable[[list[str]], str],
        *,
        part: str = "dm",
        channel: Any = None,
        cause: Event | None = None,
    ) -> list[str]:
        """Private cards announcing ``cause`` by DM, each once (a nonce per player);
        closed DMs get one public pointer (never the secret) in the table's channel, or
        in ``channel``."""
        channel = channel or await self.channel()
        return await dm_players(
            self.client, channel, messages, closed_notice,
            nonce=lambda player: self.nonce(f"{part}:{player}", cause), accent=self.accent,
        )  # fmt: skip

    def delivered(self) -> None:
        """Discord accepted everything: the versions are announced."""
        outbox = self.service.outbox
        for version in range(self.first, self.last + 1):
            outbox.delivered(self.outcome.game_id, version)


ARCHIVED = 50083  # "Thread is archived"
INVALID = 50035  # "Invalid Form Body"


async def wake(channel: Any) -> None:
    """Unarchive a thread the bot knows to be archived (it hears THREAD_UPDATE)."""
    if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
        await channel.edit(archived=False)


async def edit_awake(channel: Any, message_id: int, card: Card, accent: int) -> None:
    """Edit a message the bot posted into ``card`` (drawn: :func:`ready`); a thread that
    archived unnoticed is woken first."""
    kwargs = ui.message_kwargs(card, accent, shown=showing(message_id))
    try:
        await wire.edit(channel, message_id, **kwargs)
    except discord.HTTPException as exc:
        if exc.code == ARCHIVED and isinstance(channel, discord.Thread):
            await channel.edit(archived=False)
        elif exc.code != INVALID or "attachments" in kwargs:
            raise
        else:  # the pictures it was thought to keep are gone (changed elsewhere): anew
            log.warning("message %s lacks its pictures: sending them anew", message_id)
            shows(message_id, None)
        kwargs = ui.message_kwargs(card, accent, shown=showing(message_id))
        await wire.edit(channel, message_id, **kwargs)
    shows(message_id, card)


async def send_private(sessions: Reach, channel: Any, outcome: Outcome, players: list[str]) -> None:
    """Brief players who just sat down (a host seated them) with their private state by
    DM; closed DMs get one public pointer."""
    game = sessions.games.get(outcome.kind)
    private_text = None if game is None else game.private_text
    if private_text is None:
        return
    readers = sessions.service.directory
    messages = {
        p: ui.note(
            private_text(replace(outcome, locale=readers.reader_locale(p, outcome.locale)), p)
        )
        for p in players
    }
    notice = closed_notice("clock.dm_closed", outcome.locale)
    await dm_players(sessions.client, channel, messages, notice, accent=ui.accent_of(outcome.kind))
