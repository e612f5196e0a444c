"""Slash command names, descriptions, option names and choices from the same catalogues as
every other text: German is the base Discord shows by default, every other catalogue a
localization (``cmd.<key>`` for commands and descriptions, ``cmd.option.<name>`` for an
option, ``cmd.choice.<value>`` for a choice; a choice without one, such as a game's name,
reads the same everywhere). Discord sends the base names back whatever the client showed,
so the handlers never see a translated name."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT_LOCALE, FALLBACK, has_text, language_of, t


def catalogue_key(string: app_commands.locale_str, where: Where) -> str | None:
    """The catalogue id of a string discord.py asks to translate, if it has one."""
    if where is Where.parameter_name:
        return f"cmd.option.{string.message}"
    if where is Where.choice_name:
        return f"cmd.choice.{string.message}"
    key = string.extras.get("key")
    return None if key is None else f"cmd.{key}"


class CommandTranslator(app_commands.Translator):
    """The text in the client's language (a partial catalogue's missing ones in English)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale.value)
        key = catalogue_key(string, context.location)
        if key is None or language is None or language == DEFAULT_LOCALE:
            return None
        if not has_text(key, language) and not has_text(key, FALLBACK):
            return None  # a choice that reads the same everywhere (a game's name)
        return t(key, language)


def cmd(key: str) -> app_commands.locale_str:
    """A command name or description: German base text, the others by the translator."""
    return app_commands.locale_str(t(f"cmd.{key}", DEFAULT_LOCALE), key=key)
