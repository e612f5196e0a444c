"""One live prompt per decision.

A private prompt (a joker choice, a robbery's victim, a decision) is an ephemeral message;
the bot can change it only through the token of the interaction that sent it, for 15
minutes. Per game and player the newest prompt is remembered with that token: opening the
decision again closes the older prompt, and once the game has moved on (the decision was
made, a clock or a host played, the table ended) the prompt is closed too – edited to a
line that says so, without controls. A prompt clicked after a restart (when nothing
remembers it) closes itself on that click instead (:func:`close_clicked`).

Kept in memory only, in the bot's :class:`PromptBook` (``bot.prompt_book``, which the
table sessions and each delivery hand on): storing every prompt's token would add a write
per prompt (one per turn at least) for the few prompts a restart leaves open, and those
close when clicked.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import discord

from bot.i18n import t
from bot.play.directory import Directory
from cogs.pipeline import payload as ui
from cogs.pipeline import wire

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60 - 30  # seconds a prompt can still be edited (Discord: 15 min)
ANSWERED_KEPT = 1000  # prompts answered in place, remembered to tell repeated clicks


@dataclass(frozen=True)
class Prompt:
    """An open prompt: the game version its controls carry, and how to edit it."""

    version: int
    message_id: int
    webhook: discord.Webhook  # the sending interaction's follow-up webhook (its token)
    locale: str
    opened: float  # time.monotonic() when it was sent
    state: str = "act"  # a live prompt's: what it shows (see :func:`refresh`)


class Shown(NamedTuple):
    """What a live prompt is to show its player now: the message (``message_kwargs``), a
    name for it (``act``: his choice; ``wait``; ``over``) and whether its controls carry
    the game's version (they are outdated once it moves on)."""

    kwargs: dict[str, Any]
    state: str
    versioned: bool


@dataclass
class PromptBook:
    """One bot's prompts (a restarted bot knows none), kept by the bot itself."""

    open: dict[int, dict[str, Prompt]] = field(default_factory=dict)
    """game id -> player -> his newest prompt."""
    answered: deque[int] = field(default_factory=lambda: deque(maxlen=ANSWERED_KEPT))
    """Messages of the prompts last answered in place (their own click closed them)."""
    drafts: dict[tuple[int, str], Any] = field(default_factory=dict)
    """(game id, player) -> the part of a decision he has made in a prompt but not yet
    sent (Flaschenteufel's card for the left before the right one): a prompt he opens
    again shows it (:func:`drafted`)."""


def draft(book: PromptBook, game_id: int, player: str, made: Any) -> None:
    """``player`` has made ``made``, a part of his decision in ``game_id``, in a prompt."""
    book.drafts[game_id, player] = made


def drafted(book: PromptBook, game_id: int, player: str) -> Any:
    """What ``player`` has made so far of his decision (None: nothing); the game decides
    whether it still holds."""
    return book.drafts.get((game_id, player))


async def opened(
    book: PromptBook,
    interaction: discord.Interaction[Any],
    game_id: int,
    player: str,
    *,
    version: int,
    message_id: int | None,
    locale: str,
) -> None:
    """``interaction`` has just sent ``player`` a prompt (message ``message_id``) with
    controls of ``version``: the prompt it replaces is closed."""
    if message_id is None:
        return
    prompt = Prompt(version, message_id, interaction.followup, locale, time.monotonic())
    players = book.open.setdefault(game_id, {})
    older = players.get(player)
    players[player] = prompt
    if older is not None and older.message_id != message_id:
        await _close(older, "ui.prompt.replaced", locale)  # in his language of now


async def moved_on(
    book: PromptBook, readers: Directory, game_id: int, version: int, *,
    answered: int | None, over: bool,
) -> None:  # fmt: skip
    """The game is at ``version`` now: every prompt with older controls is closed, in its
    player's language of now (``readers``); the one on message ``answered`` was just
    answered in place and has closed itself."""
    if answered is not None:
        book.answered.append(answered)
    if over:  # nothing left to decide
        for key in [key for key in book.drafts if key[0] == game_id]:
            del book.drafts[key]
    games = book.open
    players = games.get(game_id)
    if not players:
        return
    for player, prompt in list(players.items()):
        if prompt.version < version:
            del players[player]
            if prompt.message_id != answered:
                locale = readers.reader_locale(player, prompt.locale)  # as last seen
                await _close(prompt, "game.over" if over else "ui.prompt.closed", locale)
    if not players:
        games.pop(game_id, None)


def answered_in_place(
    book: PromptBook, game_id: int, player: str, message_id: int, *, version: int,
    state: str,
) -> None:  # fmt: skip
    """A live prompt its player just answered in place (its own click) now shows
    ``state`` at ``version``; it keeps the token of the interaction that sent it."""
    players = book.open.get(game_id, {})
    prompt = players.get(player)
    if prompt is not None and prompt.message_id == message_id:
        players[player] = replace(prompt, version=version, state=state)


async def refresh(
    book: PromptBook, readers: Directory, game_id: int, version: int,
    render: Callable[[str, str], Shown],
) -> None:  # fmt: skip
    """Live prompts (a game whose players keep one each, Flaschenteufel): every open prompt
    shows what its player may do now, ``render(player, locale)`` in his language of now
    (``readers``).
    One is edited only when what it shows changes, or its controls carry an older version,
    so a player whose turn comes plays with one click in the prompt he has; while Discord
    still takes its token (15 minutes), after that he opens a new one from the table."""
    players = book.open.get(game_id)
    if not players:
        return
    for player, prompt in list(players.items()):
        if time.monotonic() - prompt.opened > TOKEN_LIFETIME:
            del players[player]
            continue
        shown = render(player, readers.reader_locale(player, prompt.locale))
        outdated = shown.versioned and prompt.version < version
        if shown.state == prompt.state and not outdated:
            continue
        try:
            await wire.edit_follow_up(prompt.webhook, prompt.message_id, **shown.kwargs)
        except discord.HTTPException as exc:  # dismissed by the player, or the token expired
            log.info("live prompt %s not refreshed: %s", prompt.message_id, exc)
            del players[player]
            continue
        players[player] = replace(prompt, version=version, state=shown.state)
    if not players:
        book.open.pop(game_id, None)


async def _close(prompt: Prompt, key: str, locale: str) -> None:
    """Edit a prompt to a closed state: one line, no controls (while its token lives), in
    ``locale``: its reader's language now, which he may have changed since it opened."""
    if time.monotonic() - prompt.opened > TOKEN_LIFETIME:
        return  # Discord no longer takes its token; a click on it closes it (close_clicked)
    text = t(key, locale)
    try:
        kwargs = ui.note_kwargs(text)
        await wire.edit_follow_up(prompt.webhook, prompt.message_id, **kwargs)
    except discord.HTTPException as exc:  # dismissed by the player, or the token expired
        log.info("prompt %s could not be closed: %s", prompt.message_id, exc)


async def close_clicked(
    book: PromptBook, interaction: discord.Interaction[Any], key: str, locale: str
) -> bool:
    """A click on a private prompt whose controls are outdated (refused with ``key``
    ``game.stale``) closes that prompt, as its answer: a prompt left open (across a
    restart) says it is closed instead of "outdated". False – answered as usual – for
    other refusals, clicks on public messages, and repeated clicks on a prompt that was
    just answered (it shows its answer, which is kept)."""
    message = interaction.message
    if (
        key != "game.stale"
        or message is None
        or not message.flags.ephemeral
        or interaction.response.is_done()
        or message.id in book.answered
    ):
        return False
    text = t("ui.prompt.closed", locale)
    with contextlib.suppress(discord.HTTPException):
        await wire.edit_clicked(interaction, **ui.note_kwargs(text))
    return True
