"""Player-facing texts from the gettext catalogues in ``bot/i18n/locales`` (catalogue.py).

German is the default, English the base for translators and the fallback of a partial
catalogue (a third language may translate only some texts). German game terms (weiter,
stopp, Joker names, Zombie, Prinzessin …) stay German in every language.

``t(key, locale, **params)`` is the one lookup. It picks a counted text's form by its
``count`` (1 Auge, 2 Augen) and writes the numbers among ``params`` as the reader does
(1.600, 1,600), except identifiers such as a game's number (``IDENTIFIERS``). A text that is
missing from German or English (or misses a parameter) is a bug: ``t`` logs it and, under
``STRICT`` (the tests, ``CROUPIER_STRICT_TEXTS=1``), raises :class:`MissingText` and records it
in ``MISSING``, so no test passes while a player would read a raw key. In production the
player reads the other language's text, or at worst the bare key.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal

from babel.lists import format_list
from babel.numbers import format_decimal

from bot.i18n.catalogue import MINUS, Language, installed, load

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "de"
FALLBACK = "en"
COMPLETE = (DEFAULT_LOCALE, FALLBACK)
"""The languages that must have every text; any other may be partial."""
LANGUAGES: dict[str, Language] = {code: load(code) for code in installed()}
IDENTIFIERS = frozenset({"game", "seq", "table", "seed", "channel", "thread", "version"})
"""Parameters that are numbers but not amounts: written as plain digits (Spiel 1234)."""
SIGNED = frozenset({"change", "bonus"})
"""Parameters that are changes: written with their sign (+5, −5, ±0)."""
STRICT = os.environ.get("CROUPIER_STRICT_TEXTS") == "1"
MISSING: list[str] = []
"""Every missing text or parameter met so far (``language:key``), for the tests."""


class MissingText(LookupError):
    """A text (or one of its parameters) the code asked for does not exist."""


def add_texts(texts: Mapping[str, Mapping[str, str]]) -> None:
    """Texts a game brings with it (a test's game: the real games' are in the catalogues),
    by language; a text the catalogue has already stays as it is."""
    for code, entries in texts.items():
        language = LANGUAGES[normalize_locale(code)]
        for key, text in entries.items():
            if key not in language.texts:
                language.texts[key] = text
                _ADDED.add((normalize_locale(code), key))


_ADDED: set[tuple[str, str]] = set()
"""The texts :func:`add_texts` put in, by language and key: :func:`drop_texts` takes only those."""


def drop_texts(texts: Mapping[str, Mapping[str, str]]) -> None:
    """The texts of a game taken out again (:func:`add_texts`'s, not the catalogue's)."""
    for code, entries in texts.items():
        language = LANGUAGES[normalize_locale(code)]
        for key in entries:
            if (normalize_locale(code), key) in _ADDED:
                _ADDED.discard((normalize_locale(code), key))
                language.texts.pop(key, None)


def language_of(locale: object) -> str | None:
    """The catalogue for a Discord locale (``en-US`` → ``en``), or None if there is none."""
    if not locale:
        return None
    code = str(locale).replace("_", "-")
    if code in LANGUAGES:
        return code
    base = code.split("-")[0].lower()
    return base if base in LANGUAGES else None


def normalize_locale(locale: object) -> str:
    """A supported language for a Discord locale or a stored setting (German otherwise)."""
    if isinstance(locale, str) and locale in LANGUAGES:  # the usual case: a stored language
        return locale
    return language_of(locale) or DEFAULT_LOCALE


def private_locale(reader: object, fallback: str) -> str:
    """The language of what only one player reads (a refusal, a prompt, his hand): his own
    Discord language (``reader``, e.g. an interaction's locale) where a catalogue speaks
    it, else ``fallback`` (the table's or the server's language)."""
    return language_of(reader) or fallback


def has_text(key: str, language: str) -> bool:
    """Whether ``key`` has a text in ``language`` (a plain or a counted one)."""
    return LANGUAGES[language].has(key)


def template(key: str, language: str, count: int = 2) -> str | None:
    """The raw text of ``key`` (its form for ``count`` if counted), for tests and tools."""
    return LANGUAGES[language].text(key, count)


def number(value: int | float, locale: object) -> str:
    """A number as the reader of ``locale`` writes it, for numbers outside ``t``."""
    return LANGUAGES[normalize_locale(locale)].number(value)


def signed(value: int | float, locale: object) -> str:
    """A change as the reader of ``locale`` writes it, with its sign (+5, −5, ±0)."""
    return LANGUAGES[normalize_locale(locale)].signed(value)


def tenths(value: float) -> Decimal:
    """``value`` rounded to one decimal as people round: a half away from zero (2,25 is
    2,3 and −2,25 is −2,3), not to the even digit as Python's ``round`` does; read from
    its shortest decimal form, so 0,15 is 0,2 although the float lies just below it."""
    rounded = Decimal(repr(float(value))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return rounded + 0  # no −0,0


def decimal(value: float, locale: object) -> str:
    """An average as the reader of ``locale`` writes it, with one decimal (12,3; −0,4;
    0,0; a half rounded up, :func:`tenths`): pass it to ``t`` as a string."""
    written = str(format_decimal(tenths(value), format="#,##0.0", locale=normalize_locale(locale)))
    return written.replace("-", MINUS)


def reasoned(key: str, reason: str | None) -> str:
    """The id of ``key``'s text with the reason a host gave (``<key>_reason``), or of the
    text without one when he gave none (no "Grund: –")."""
    return f"{key}_reason" if reason and reason.strip() else key


def listed(items: Iterable[str], locale: object) -> str:
    """Names in a sentence as the reader lists them ("@A, @B und @C", "@A, @B and @C")."""
    found = list(items)
    return format_list(found, locale=normalize_locale(locale)) if found else ""


def t(key: str, locale: str | None = DEFAULT_LOCALE, **params: object) -> str:
    language = LANGUAGES.get(locale) if locale else None
    if language is None:
        language = LANGUAGES[normalize_locale(locale)]
    count = params.get("count")
    forms = language.plurals.get(key) if type(count) is int else None
    if forms is not None:
        text: str | None = forms[language.plural_index(abs(count))]  # type: ignore[arg-type]
    else:
        text = language.texts.get(key)
    if text is None:
        text = _fallback(key, language, count)
        if text is None:
            return key
    if not params and "{" not in text:  # most button labels: nothing to fill in
        return text
    written = params
    if language.plain_small:  # names and small numbers (most parameters) stay as they are
        for name, value in params.items():
            kind = type(value)
            if kind is float or (kind is int and not 0 <= value < 1000) or name in SIGNED:  # type: ignore[operator]
                written = _numbers(params, language)
                break
    else:
        written = _numbers(params, language)
    starters = language.starters.get(text)
    if starters is not None:
        written = _capitalised(written, starters)
    try:
        return text.format(**written)
    except (KeyError, IndexError) as exc:
        _missing(f"{language.code}:{key}", f"no parameter {exc}")
        return text


def _numbers(params: dict[str, object], language: Language) -> dict[str, object]:
    """``params`` with the numbers written for the reader (identifiers as they are,
    changes with their sign)."""
    return {name: _written(name, value, language) for name, value in params.items()}


def _written(name: str, value: object, language: Language) -> object:
    if type(value) not in (int, float) or name in IDENTIFIERS:
        return value
    if name in SIGNED:
        return language.signed(value)  # type: ignore[arg-type]
    return language.number(value)  # type: ignore[arg-type]


def _capitalised(params: dict[str, object], starters: frozenset[str]) -> dict[str, object]:
    """``params`` with the names that start a sentence written with a capital ("die Bank"
    there reads "Die Bank"); only a word is: a mention, a link or a code is left as it is."""
    found = dict(params)
    for name in starters:
        value = found.get(name)
        if isinstance(value, str) and value[:1].islower() and value.split(" ", 1)[0].isalpha():
            found[name] = value[:1].upper() + value[1:]
    return found


def _fallback(key: str, language: Language, count: object) -> str | None:
    """A text the language lacks: from English for a partial catalogue (expected, not an
    error), otherwise a bug, answered from the other complete language."""
    if language.code in COMPLETE:
        _missing(f"{language.code}:{key}", "no text")
        other = LANGUAGES[FALLBACK if language.code != FALLBACK else DEFAULT_LOCALE]
    else:
        other = LANGUAGES[FALLBACK]
        if not other.has(key):
            _missing(f"{language.code}:{key}", "no text")
    return other.text(key, count)


def _missing(what: str, why: str) -> None:
    log.error("text %s: %s", what, why)
    if STRICT:
        MISSING.append(what)
        raise MissingText(f"{what}: {why}")
