"""Player-facing texts: German by default, English per server setting.

German game terms (weiter, stopp, Joker names, Zombie, Prinzessin …) stay German in
both languages. A text that is missing (or misses a parameter) is a bug: ``t`` logs it
and, under ``STRICT`` (the tests, ``CROUPIER_STRICT_TEXTS=1``), raises :class:`MissingText`
and records it in ``MISSING``, so no test passes while a player would read a raw key.
In production the player reads the other language's text, or at worst the bare key
(never a Python repr of its parameters).
"""

from __future__ import annotations

import logging
import os

from bot.i18n import de, en

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "de"
TEXTS: dict[str, dict[str, str]] = {"de": de.TEXTS, "en": en.TEXTS}
STRICT = os.environ.get("CROUPIER_STRICT_TEXTS") == "1"
MISSING: list[str] = []
"""Every missing text or parameter met so far (``language:key``), for the tests."""


class MissingText(LookupError):
    """A text (or one of its parameters) the code asked for does not exist."""


def normalize_locale(locale: str | None) -> str:
    """Map Discord locales such as ``en-US`` or ``de`` to a supported language."""
    if locale is not None and locale in TEXTS:  # the usual case: a table's stored language
        return locale
    if not locale:
        return DEFAULT_LOCALE
    language = locale.split("-")[0].lower()
    return language if language in TEXTS else DEFAULT_LOCALE


def plural(key: str, count: int) -> str:
    """A counted text has two forms, ``key.one`` (for 1 and −1) and ``key.other`` (for every
    other number; German and English need no more). ``t(key, locale, count=n)`` picks the
    form, so "1 Auge" and "2 Augen" come from one key: a text with several counts takes the
    counted nouns as parameters (``t("n.eyes", locale, count=n)``)."""
    return f"{key}.one" if abs(count) == 1 else f"{key}.other"


def has_text(key: str, language: str) -> bool:
    """Whether ``key`` has a text in ``language``: itself, or both forms of a counted text."""
    texts = TEXTS[language]
    return key in texts or (f"{key}.one" in texts and f"{key}.other" in texts)


def t(key: str, locale: str | None = DEFAULT_LOCALE, **params: object) -> str:
    language = normalize_locale(locale)
    count = params.get("count")
    if type(count) is int and f"{key}.other" in TEXTS[language]:
        key = plural(key, count)
    template = TEXTS[language].get(key)
    if template is None:
        _missing(f"{language}:{key}", "no text")
        template = TEXTS[DEFAULT_LOCALE if language != DEFAULT_LOCALE else "en"].get(key)
        if template is None:
            return key
    if not params and "{" not in template:  # most button labels: nothing to fill in
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError) as exc:
        _missing(f"{language}:{key}", f"no parameter {exc}")
        return template


def _missing(what: str, why: str) -> None:
    log.error("text %s: %s", what, why)
    if STRICT:
        MISSING.append(what)
        raise MissingText(f"{what}: {why}")
