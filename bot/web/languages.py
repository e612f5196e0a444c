"""The page's language: ``?lang=`` when given (its links keep it), else the best of the
visitor's ``Accept-Language`` that a catalogue speaks, else German."""

from __future__ import annotations

from urllib.parse import quote

from bot.i18n import DEFAULT_LOCALE, LANGUAGES, language_of

QUERY = "lang"
"""The query parameter that picks a language."""
MAX_ASKED = 20
"""Languages of ``Accept-Language`` looked at, at most."""


def accepted(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header (by its weights) that a
    catalogue speaks."""
    if not header:
        return None
    asked: list[tuple[float, int, str]] = []
    for order, item in enumerate(header.split(",")[:MAX_ASKED]):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and weight > 0:
            asked.append((-weight, order, tag.strip()))
    for _, _, tag in sorted(asked):
        found = language_of(tag)
        if found is not None:
            return found
    return None


def chosen(query: str | None, header: str | None) -> tuple[str, bool]:
    """The page's language, and whether the query chose it (then its links keep it)."""
    if query in LANGUAGES:
        return query, True
    return accepted(header) or DEFAULT_LOCALE, False


def link(path: str, language: str | None, **params: object) -> str:
    """A link to ``path`` with ``params``, keeping a chosen ``language`` (None: none)."""
    query = [(name, str(value)) for name, value in params.items() if value is not None]
    if language is not None:
        query.append((QUERY, language))
    if not query:
        return path
    return path + "?" + "&".join(f"{name}={quote(value, safe='')}" for name, value in query)
