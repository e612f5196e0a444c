"""What the player who clicked or typed reads in private: a refusal in his language, the
answer to a control of an ended game, an apology when something failed, and the answer to
a control no game knows. Nothing here changes a table.

Every refusal the bot says goes through :func:`say_refusal`, which counts it by its text
key (``croupier_refusals_total``, bot.ops) before it answers; :func:`refuse` (an
``IllegalAction``) and :func:`refuse_key` (a text key) are its usual forms."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.engine import IllegalAction
from bot.i18n import DEFAULT_LOCALE, FALLBACK, has_text, language_of, listed, private_locale, t
from bot.ops.answers import error_kind, refused, unavailable
from bot.ops.answers import failed as count_failure
from bot.play.directory import Directory
from bot.render.lobby_card import mention
from cogs.pipeline import payload as ui
from cogs.pipeline import wire
from cogs.pipeline.wire import edit_clicked

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

NAMED: dict[str, Callable[[object], str]] = {
    "joker": lambda joker: f"v6.joker.{joker}",
    "colour": lambda colour: f"game.colour.{colour}",
    "item": lambda item: f"dd.item.{item}",
    "action": lambda verb: f"dd.action.{verb}",
}
"""Refusal parameters that hold an engine's id, and the text that names it for players
(``fumo`` is "Fumo", ``rot`` is "red"); an id without such a text is shown as sent."""


def _shown(key: str, value: Any, locale: str) -> Any:
    """Player ids in refusal texts become mentions (a list of them: listed, "@A und @B"),
    and an engine's ids their names (:data:`NAMED`)."""
    if isinstance(value, list):
        return listed((mention(str(player)) for player in value), locale)
    if key in NAMED and has_text(NAMED[key](value), FALLBACK):
        return t(NAMED[key](value), locale)
    return mention(value) if isinstance(value, str) and value.isdigit() else value


def refusal_text(exc: IllegalAction, locale: str) -> str:
    """What a player reads when ``exc`` refused his action."""
    return t(exc.key, locale, **{k: _shown(k, v, locale) for k, v in exc.params.items()})


def reader_locale(interaction: Interaction, fallback: str) -> str:
    """The language of an answer only the player who acted reads: his Discord's where a
    catalogue speaks it, else ``fallback`` (the table's or the server's)."""
    return private_locale(interaction.locale, fallback)


def answer_locale(interaction: Interaction, readers: Directory) -> str:
    """The language of a private answer outside any table: the player's, else the server's
    (as ``readers``, the service's directory, know it)."""
    return private_locale(interaction.locale, readers.guild_locale(interaction.guild_id))


async def respond(interaction: Interaction, **kwargs: Any) -> None:
    """The interaction's answer (``send_message``'s keywords), or its follow-up once it was
    answered or deferred (a table session that waited for its lock defers)."""
    if interaction.response.is_done():
        await wire.follow_up(interaction, **kwargs)
    else:
        await wire.answer(interaction, **kwargs)


async def send_private(interaction: Interaction, **kwargs: Any) -> int | None:
    """A private message answering ``interaction`` (``send_message``'s keywords): the
    answer, or a follow-up once the click was deferred (its table was busy past Discord's
    window, ``cogs.pipeline.window``). The message's id (None: Discord did not name it)."""
    if interaction.response.is_done():
        return await wire.follow_up(interaction, ephemeral=True, **kwargs)
    return await wire.answer(interaction, ephemeral=True, with_id=True, **kwargs)


async def edit_answered(interaction: Interaction, **kwargs: Any) -> None:
    """The clicked message (a private prompt) edited into ``kwargs`` by the click's answer,
    or after it was deferred."""
    if interaction.response.is_done():
        await wire.edit_follow_up(interaction.followup, wire.ORIGINAL, **kwargs)
    else:
        await wire.edit_clicked(interaction, **kwargs)


Answer = Callable[[Interaction, str], Awaitable[None]]
"""How a refusal's text is said when not as a private message (closing a prompt)."""


async def private(interaction: Interaction, text: str) -> None:
    """``text`` to the player alone: the interaction's answer, or a follow-up once it was
    answered or deferred."""
    if interaction.response.is_done():
        await wire.follow_up(interaction, text, ephemeral=True)
    else:
        await wire.answer(interaction, text, ephemeral=True)


async def say_refusal(
    interaction: Interaction, key: str, text: str, answer: Answer = private
) -> None:
    """The one place a refusal is said: counted by its text ``key``, then ``text`` answered
    (privately, unless ``answer`` says it otherwise); nothing was changed."""
    refused(interaction, key)
    await answer(interaction, text)


async def refuse(interaction: Interaction, exc: IllegalAction, locale: str) -> None:
    """A refusal: ephemeral, in the player's language (else the table's, ``locale``);
    nothing was changed."""
    text = refusal_text(exc, reader_locale(interaction, locale))
    await say_refusal(interaction, exc.key, text)


async def refuse_key(interaction: Interaction, key: str, locale: str, **params: Any) -> None:
    """A refusal by its text ``key``, in ``locale`` (the caller's choice of the reader's)."""
    await say_refusal(interaction, key, t(key, locale, **params))


async def game_over(interaction: Interaction, locale: str) -> None:
    """A control of a game that has ended answers that the game is over; a leftover
    private prompt closes with that text, a leftover public message loses its controls
    (a card is read as it stands first: a click comes without the clicked message's
    components, ``cogs.pipeline.wire``)."""
    text = t("game.over", private_locale(interaction.locale, locale))
    with contextlib.suppress(discord.HTTPException):
        await say_refusal(interaction, "game.over", text, _over)


def failure_locale(interaction: Interaction, readers: Directory) -> str:
    """:func:`answer_locale` for an answer to a failure: the player's language, else the
    server's if it is known without the database (which may be what failed)."""
    try:
        return answer_locale(interaction, readers)
    except Exception:
        return language_of(interaction.locale) or DEFAULT_LOCALE


async def _over(interaction: Interaction, text: str) -> None:
    """How :func:`game_over` says it (see there)."""
    message = interaction.message
    if interaction.type is not discord.InteractionType.component or message is None:
        await interaction.response.send_message(text, ephemeral=True)
    elif message.flags.ephemeral:
        await interaction.response.edit_message(**ui.note_kwargs(text))
    elif message.flags.components_v2:  # read as it stands (the click came without it)
        raw = await interaction.client.http.get_message(message.channel.id, message.id)
        kept = ui.without_controls(raw.get("components") or [])
        await edit_clicked(interaction, view=ui.Components(kept), allowed_mentions=ui.NO_PINGS)
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(text, ephemeral=True)


async def apologise(interaction: Interaction, readers: Directory, error: BaseException) -> None:
    """Something failed while handling an interaction (``error``, counted by its kind):
    the player learns so instead of waiting for an answer (the action's transaction
    committed or left no trace)."""
    count_failure(interaction, error_kind(error))
    text = t("ui.error", failure_locale(interaction, readers))
    with contextlib.suppress(discord.HTTPException):
        await private(interaction, text)


async def failed(interaction: Interaction, readers: Directory, exc: BaseException,
                 what: str) -> None:  # fmt: skip
    """Handling ``interaction`` (``what``, for the log) raised ``exc``. A database that is
    away or too slow (:func:`bot.ops.answers.unavailable` logs and counts it) is answered
    "try again in a moment": the action's transaction was rolled back, nothing of it was
    kept. Anything else is logged with its traceback and answered with the apology."""
    if unavailable(interaction, exc, what):
        text = t("ui.store_unavailable", failure_locale(interaction, readers))
        with contextlib.suppress(discord.HTTPException):
            await private(interaction, text)
    else:
        log.error("%s failed", what, exc_info=exc)
        await apologise(interaction, readers, exc)


async def unknown_control(interaction: Interaction, custom_id: str, readers: Directory) -> None:
    """A control no game knows (an id from an older version of the bot, or a forged one):
    logged, and answered privately instead of leaving the player waiting."""
    log.warning("unknown custom id %r from user %s", custom_id, interaction.user.id)
    with contextlib.suppress(discord.HTTPException):
        text = t("game.stale", answer_locale(interaction, readers))
        await say_refusal(interaction, "game.stale", text)
