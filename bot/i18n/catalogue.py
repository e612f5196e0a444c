"""The gettext catalogues under ``bot/i18n/locales/<language>/LC_MESSAGES/croupier.po``, read
once with Babel into plain dictionaries (the click path only looks texts up).

A message id is a stable key (``game.over``, ``n.eyes``); its ``msgstr`` is the text, with
Python ``{placeholders}``. A counted text is a plural entry: ``msgid_plural`` repeats the
key and the catalogue's own ``Plural-Forms`` (CLDR's rule, written by Babel) picks the form.
Untranslated and fuzzy entries count as missing, so a partial catalogue falls back per text.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALES_DIR = Path(__file__).with_name("locales")
DOMAIN = "croupier"
TEMPLATE = LOCALES_DIR / f"{DOMAIN}.pot"

Number = int | float


def catalogue_path(language: str) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


@dataclass(frozen=True)
class Language:
    """One catalogue, ready to look up: ``texts`` for plain ids, ``plurals`` for counted ones."""

    code: str
    texts: dict[str, str]
    plurals: dict[str, tuple[str, ...]]
    plural_index: Callable[[int], int]
    number: Callable[[Number], str] = field(repr=False)
    signed: Callable[[Number], str] = field(repr=False)
    """A change, always with its sign (+1.200, −40, ±0)."""
    starters: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    """text -> the parameters that start one of its sentences (a name such as "die Bank"
    put there is written with a capital: "Die Bank zahlt …")."""
    plain_small: bool = True
    """Whether whole numbers from 0 to 999 read as Python writes them (no other digits),
    so that ``t`` need not look them up (a negative one never does: :data:`MINUS`)."""

    def has(self, key: str) -> bool:
        return key in self.texts or key in self.plurals

    def ids(self) -> set[str]:
        return set(self.texts) | set(self.plurals)

    def forms(self, key: str) -> tuple[str, ...]:
        """Every form of ``key``: one for a plain text, each plural form of a counted one."""
        return self.plurals.get(key) or (self.texts[key],)

    def counted(self, key: str, count: int) -> str | None:
        """The form of ``key`` for ``count`` (the rule counts the magnitude: "−1 Punkt")."""
        forms = self.plurals.get(key)
        return None if forms is None else forms[self.plural_index(abs(count))]

    def text(self, key: str, count: object = None) -> str | None:
        """``key``'s text, its form for ``count`` if it is counted (``t`` does the same
        inline, on every click's path)."""
        if type(count) is int and key in self.plurals:
            return self.counted(key, count)
        return self.texts.get(key)

    def every_text(self) -> list[tuple[str, str]]:
        """Every text with its key, each form of a counted one included."""
        found = list(self.texts.items())
        found += [(key, form) for key, forms in self.plurals.items() for form in forms]
        return found

    @property
    def name(self) -> str:
        """The language's own name, as its speakers write it ("Deutsch", "français")."""
        locale = Locale.parse(self.code)
        return str(locale.get_display_name(self.code) or self.code)


def load(language: str) -> Language:
    catalogue = read_catalogue(catalogue_path(language), language)
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in catalogue:
        key, string = message.id, message.string
        if not key or message.fuzzy:
            continue
        if isinstance(key, (tuple, list)) and isinstance(string, (tuple, list)):
            forms = tuple(str(s) for s in string)
            if forms and all(forms):  # as many forms as the rule has indexes (t needs no check)
                plurals[str(key[0])] = (forms + forms[-1:] * catalogue.num_plurals)[
                    : catalogue.num_plurals
                ]
        elif isinstance(key, str) and string:
            texts[key] = str(string)
    number = number_format(language)
    every = [*texts.values(), *(form for forms in plurals.values() for form in forms)]
    starters = {text: names for text in every if (names := sentence_starters(text))}
    return Language(
        code=language,
        texts=texts,
        plurals=plurals,
        plural_index=lru_cache(maxsize=512)(gettext.c2py(catalogue.plural_expr)),
        number=number,
        signed=signed_format(number),
        starters=starters,
        plain_small=all(number(n) == str(n) for n in (0, 7, 999)),
    )


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n)[*_>#\s]*\{(\w+)[^}]*\}")
"""A parameter where a sentence starts: at the beginning, after a full stop, exclamation
or question mark and a space, or on a new line (after Markdown's emphasis or quote)."""


def sentence_starters(text: str) -> frozenset[str]:
    """The parameters of ``text`` that start a sentence."""
    return frozenset(_SENTENCE_START.findall(text))


MINUS = "\u2212"
"""The minus sign of every negative number players read ("−5 Augen"), as the texts write
it ("Ablehnen (−2)"); CLDR gives German, English and French a hyphen."""


def number_format(language: str) -> Callable[[Number], str]:
    """Numbers as the reader writes them (German 1.600, English 1,600, French 1 600; a
    negative one with :data:`MINUS`), cached: the same few numbers come up click after
    click."""

    @lru_cache(maxsize=2048)
    def number(value: Number) -> str:
        written = str(format_decimal(value, locale=language))
        return written.replace("-", MINUS) if value < 0 else written

    return number


def signed_format(number: Callable[[Number], str]) -> Callable[[Number], str]:
    """Changes as the reader writes them, always signed: +1.200, −40 (``number``'s minus),
    and ±0 for no change."""

    def signed(value: Number) -> str:
        if value == 0:
            return "±0"
        return "+" + number(value) if value > 0 else number(value)

    return signed


def installed() -> tuple[str, ...]:
    """Every language with a catalogue, in a stable order."""
    return tuple(
        sorted(p.parent.parent.name for p in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    )
