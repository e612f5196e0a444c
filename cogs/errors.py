"""Every slash command is answered, even when its handler fails.

:class:`CroupierTree` is the bot's command tree. Before a command runs it checks every
option against what the command declared (``cogs.options``); when anything raises, its
``on_error`` answers privately in the server's language: a refusal (``IllegalAction``, a
value out of bounds, a failed check) with its text, anything else with the apology
(``ui.error``) and a log line with the traceback, a database away or too slow with
"try again in a moment" (``ui.store_unavailable``) and a warning. Answered or not yet,
either way.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import discord
from discord import app_commands

from bot.engine import IllegalAction
from bot.i18n import has_text, normalize_locale, t
from bot.ops.answers import arrived, error_kind, failed, unavailable
from bot.ops.log_fields import interaction_fields
from bot.play.directory import Directory
from cogs.options import OptionRefused, check_interaction
from cogs.pipeline.replies import failure_locale, private, refusal_text, say_refusal
from cogs.table_bot import table_bot

log = logging.getLogger(__name__)


def command_name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    if command is not None:
        return command.qualified_name
    data: Any = interaction.data or {}
    return str(data.get("name", "?"))


REFUSALS: tuple[tuple[type[Exception] | tuple[type[Exception], ...], str], ...] = (
    (app_commands.NoPrivateMessage, "ui.guild_only"),
    (app_commands.BotMissingPermissions, "ui.bot_missing"),
    (app_commands.CommandOnCooldown, "ui.cooldown"),
    (app_commands.CheckFailure, "ui.not_allowed"),
    ((app_commands.CommandNotFound, app_commands.CommandSignatureMismatch), "ui.command_outdated"),
    (app_commands.TransformerError, "ui.option.unusable"),
)
"""The refusals of discord.py's errors by their text key, in :func:`explain`'s order."""


def refusal_key(error: Exception) -> str:
    """The text key a refused command is answered with (its ``reason`` in the metrics)."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, IllegalAction | OptionRefused):
        return original.key
    return next((key for kind, key in REFUSALS if isinstance(original, kind)), "ui.error")


def explain(error: Exception, locale: str) -> tuple[str, BaseException | None]:
    """The text a player reads for ``error``, and the exception to log with its traceback
    (None: a refusal, nothing went wrong)."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, IllegalAction):
        return refusal_text(original, locale), None
    if isinstance(original, OptionRefused):
        params = dict(original.params)
        option = f"cmd.option.{params.get('option')}"
        if has_text(option, normalize_locale(locale)):  # as the reader's Discord names it
            params["option"] = t(option, locale)
        return t(original.key, locale, **params), None
    if isinstance(original, app_commands.NoPrivateMessage):
        return t("ui.guild_only", locale), None
    if isinstance(original, app_commands.BotMissingPermissions):
        permissions = ", ".join(original.missing_permissions)
        return t("ui.bot_missing", locale, permissions=permissions), None
    if isinstance(original, app_commands.CommandOnCooldown):
        return t("ui.cooldown", locale, seconds=math.ceil(original.retry_after)), None
    if isinstance(original, app_commands.CheckFailure):
        return t("ui.not_allowed", locale), None
    if isinstance(original, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return t("ui.command_outdated", locale), None
    if isinstance(original, app_commands.TransformerError):
        return t("ui.option.unusable", locale), None
    return t("ui.error", locale), original


async def answer_error(
    interaction: discord.Interaction[Any], error: Exception, readers: Directory
) -> None:
    """Answer a failed command privately (in the player's language, else the server's as
    ``readers`` know it): a new response, or a follow-up when the command had answered
    already. Never raises (Discord may have given up on the interaction)."""
    name = command_name(interaction)
    locale = failure_locale(interaction, readers)
    text, failure = explain(error, locale)
    try:
        if failure is None:
            log.info("/%s by %s refused: %s", name, interaction.user.id, error)
            await say_refusal(interaction, refusal_key(error), text)
        elif unavailable(interaction, failure, f"/{name} by {interaction.user.id}"):
            await private(interaction, t("ui.store_unavailable", locale))  # no bug: db away
        else:
            log.error("/%s by %s failed", name, interaction.user.id, exc_info=failure)
            failed(interaction, error_kind(failure))
            await private(interaction, text)
    except discord.HTTPException:
        log.warning("/%s: the error could not be answered", name, exc_info=True)


class CroupierTree(app_commands.CommandTree[Any]):
    """The command tree: options checked before, every failure answered after."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.type is discord.InteractionType.application_command:
            check_interaction(interaction)  # raises OptionRefused, answered by on_error
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        await answer_error(interaction, error, table_bot(self.client).service.directory)

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        """A command, its answer included (also an error's), counts as an interaction being
        handled (``router.busy``): a stopping bot lets it finish (``bot.app``)."""
        router = table_bot(self.client).router
        if router.metrics is not None:
            arrived(interaction, router.metrics)
        with interaction_fields(interaction):  # on every line it logs (bot.ops.log_fields)
            async with router.busy:
                try:
                    await super()._call(interaction)
                except app_commands.AppCommandError as error:
                    await self._dispatch_error(interaction, error)
