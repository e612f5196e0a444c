"""Player-facing texts: German by default, English per server setting.

German game terms (weiter, stopp, Joker names, Zombie, Prinzessin …) stay German in
both languages. ``t(key, locale, **params)`` never raises: an unknown key falls back to
English, then to the key itself, so a missing text is visible but harmless.
"""

from __future__ import annotations

from bot.i18n import de, en

DEFAULT_LOCALE = "de"
TEXTS: dict[str, dict[str, str]] = {"de": de.TEXTS, "en": en.TEXTS}


def normalize_locale(locale: str | None) -> str:
    """Map Discord locales such as ``en-US`` or ``de`` to a supported language."""
    if locale is not None and locale in TEXTS:  # the usual case: a table's stored language
        return locale
    if not locale:
        return DEFAULT_LOCALE
    language = locale.split("-")[0].lower()
    return language if language in TEXTS else DEFAULT_LOCALE


def t(key: str, locale: str | None = DEFAULT_LOCALE, **params: object) -> str:
    language = normalize_locale(locale)
    template = TEXTS[language].get(key) or TEXTS["en"].get(key)
    if template is None:
        return key if not params else f"{key} {params}"
    if not params and "{" not in template:  # most button labels: nothing to fill in
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template
