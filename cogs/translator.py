"""Slash command names and descriptions: German is the base, English a localization."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import TEXTS

ENGLISH = (Locale.american_english, Locale.british_english)


class CommandTranslator(app_commands.Translator):
    """``locale_str(text, key=...)`` → the English text ``cmd.<key>`` for English clients."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or locale not in ENGLISH:
            return None
        return TEXTS["en"].get(f"cmd.{key}")


def cmd(key: str) -> app_commands.locale_str:
    """A command name or description: German base text, English by the translator."""
    return app_commands.locale_str(TEXTS["de"][f"cmd.{key}"], key=key)
