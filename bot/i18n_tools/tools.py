"""``croupier i18n``: the catalogues' upkeep, with Babel as ``pybabel`` would do it.

- ``check``: every id the code uses is in German and English, none is left over, and every
  language's placeholders match English (what the test suite runs too);
- ``update``: writes the template ``croupier.pot`` from the English catalogue (the base a
  translator reads, as each entry's comment) and merges it into every catalogue, like
  ``pybabel update``: new ids empty, removed ones obsolete, and a text whose English changed
  marked fuzzy in a partial language (it reads English until a translator looks again);
- ``add LANG``: a new catalogue from the template, like ``pybabel init``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import write_po

from bot.i18n import COMPLETE, FALLBACK, LANGUAGES
from bot.i18n.catalogue import DOMAIN, TEMPLATE, catalogue_path, installed, read_catalogue
from bot.i18n_tools.usage import unused, usage

ENGLISH_NOTE = "English: "


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def problems() -> list[str]:
    """Everything wrong with the catalogues, one line each (empty when all is well)."""
    found: list[str] = []
    needed = usage()
    for code in COMPLETE:
        language = LANGUAGES[code]
        found += [
            f"{code}: no text for {key}" for key in sorted(needed.keys) if not language.has(key)
        ]
        ids = language.ids()
        for family in sorted(needed.families):
            if not any(re.fullmatch(family, key) for key in ids):
                found.append(f"{code}: no text matches {family}")
        for prefix in sorted(needed.event_prefixes()):
            if not any(k.startswith(prefix) for k in ids):
                found.append(f"{code}: no text for the event {prefix}")
    base_ids = LANGUAGES[FALLBACK].ids()
    found += [f"{FALLBACK}: {key} is used nowhere" for key in unused(base_ids)]
    for code, language in LANGUAGES.items():
        found += _against_base(code, language.every_text(), base_ids)
    found += _template_problems(base_ids)
    return found


def _against_base(code: str, texts: Iterable[tuple[str, str]], base_ids: set[str]) -> list[str]:
    found = []
    for key, text in texts:
        if key not in base_ids:
            found.append(f"{code}: {key} is not in English (stale?)")
            continue
        expected = base_placeholders(key)
        if not placeholders(text) <= expected:
            found.append(f"{code}: {key} has {sorted(placeholders(text) - expected)}")
        elif key in LANGUAGES[FALLBACK].texts and placeholders(text) != expected:
            found.append(f"{code}: {key} lacks {sorted(expected - placeholders(text))}")
    return found


def base_placeholders(key: str) -> set[str]:
    return set().union(*(placeholders(f) for f in LANGUAGES[FALLBACK].forms(key)))


def _template_problems(base_ids: set[str]) -> list[str]:
    if not TEMPLATE.exists():
        return [f"{TEMPLATE.name} is missing: run `./dev i18n update`"]
    template = read_catalogue(TEMPLATE)
    messages = [m for m in template if m.id]
    if {_key(m) for m in messages} != base_ids or any(
        _words(m.auto_comments) != _words(_note(LANGUAGES[FALLBACK].forms(_key(m))))
        for m in messages
    ):
        return [f"{TEMPLATE.name} is out of date: run `./dev i18n update`"]
    return []


def _note(forms: Iterable[str]) -> list[str]:
    """The English text as a translator's comment (one line; a catalogue wraps it)."""
    return [ENGLISH_NOTE + " | ".join(forms).replace("\n", "\\n ")]


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def _words(comments: list[str]) -> list[str]:
    """A comment as words: writing a catalogue wraps its comments."""
    return " ".join(comments).split()


def template() -> Catalog:
    """The template: every English id, with no texts and the English as a comment."""
    english = read_catalogue(catalogue_path(FALLBACK), FALLBACK)
    pot = Catalog(domain=DOMAIN, project="Croupier", version="1", fuzzy=False)
    for message in english:
        if message.id:
            empty: str | tuple[str, ...] = (
                ("",) * len(message.string or ()) if isinstance(message.id, tuple) else ""
            )
            forms = (
                message.string if isinstance(message.string, (tuple, list)) else [message.string]
            )
            pot.add(message.id, empty, auto_comments=_note(str(f) for f in forms))
    return pot


def _write(catalogue: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalogue, sort_output=False, ignore_obsolete=False)


def update() -> list[Path]:
    """``pybabel update``: the template anew, then merged into every catalogue."""
    pot = template()
    _write(pot, TEMPLATE)
    written = [TEMPLATE]
    for code in installed():
        path = catalogue_path(code)
        catalogue = read_catalogue(path, code)
        before = {_key(m): m.auto_comments for m in catalogue}
        catalogue.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        for message in catalogue:
            if not isinstance(message, Message) or not message.id:
                continue
            key = _key(message)
            message.auto_comments = list(pot[key].auto_comments)
            changed = _words(before.get(key, [])) != _words(message.auto_comments)
            if changed and before.get(key) and code not in COMPLETE and message.string:
                message.flags.add("fuzzy")  # the English changed: to be looked at again
        _write(catalogue, path)
        written.append(path)
    return written


def add(code: str) -> Path:
    """``pybabel init``: a new, empty catalogue for ``code`` (a CLDR locale, e.g. ``nl``)."""
    try:
        locale = Locale.parse(code)
    except (ValueError, UnknownLocaleError) as exc:
        raise ValueError(f"{code} is not a language Babel knows") from exc
    path = catalogue_path(str(locale))
    if path.exists():
        raise ValueError(f"{path} exists already")
    catalogue = Catalog(locale=locale, domain=DOMAIN, project="Croupier", version="1", fuzzy=False)
    catalogue.update(template(), no_fuzzy_matching=True)
    _write(catalogue, path)
    return path


def main(argv: list[str]) -> int:
    verb = argv[0] if argv else "check"
    if verb == "check":
        found = problems()
        print("\n".join(found) if found else f"catalogues complete: {', '.join(LANGUAGES)}")
        return 1 if found else 0
    if verb == "update":
        for path in update():
            print(f"wrote {path}")
        return 0
    if verb == "add" and len(argv) == 2:
        try:
            print(f"wrote {add(argv[1])}: translate it, then `./dev i18n check`")
        except ValueError as exc:
            print(exc)
            return 2
        return 0
    print("usage: croupier i18n [check | update | add LANG]")
    return 2
