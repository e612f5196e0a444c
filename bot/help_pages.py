"""``/hilfe`` and ``/<spiel> regeln``: the help of one topic in one language, cut into
messages that fit Discord (one card a message, each section under a heading).

``pages(topic, locale)`` is the one lookup; topics are ``hilfe`` and the game kinds.
"""

from __future__ import annotations

from bot.games.plugin import Section
from bot.i18n import t
from bot.plugins import PLUGINS, plugin_of
from bot.render.cards import MAX_TEXT

GENERAL = "hilfe"
SECTIONS: dict[str, tuple[str, ...]] = {
    GENERAL: ("games", "table", "hosts", "ranks", "fairness"),
    **{plugin.kind: plugin.help_sections for plugin in PLUGINS if plugin.help_sections},
}
"""Each topic's sections, in order (a game's: its plugin's): the texts are
``help.<topic>.<section>.title``/``.body``."""
TOPICS = tuple(SECTIONS)

HEADING = "### "
"""A section's title as a heading of its card (Discord's Markdown)."""


def sections(topic: str, locale: str) -> list[Section]:
    """The sections of a topic (a game's rules end with its extras, e.g. the jokers)."""
    found = [
        (t(f"help.{topic}.{part}.title", locale), t(f"help.{topic}.{part}.body", locale))
        for part in SECTIONS[topic]
    ]
    plugin = plugin_of(topic)
    if plugin is not None and plugin.help_extras is not None:
        found += plugin.help_extras(locale)
    return found


def section_text(section: Section) -> str:
    """A section as its card shows it: the title as a heading above the body."""
    title, body = section
    return f"{HEADING}{title}\n{body}"


def page_text(page: list[Section]) -> str:
    """A message's sections, one after the other."""
    return "\n\n".join(map(section_text, page))


def size(section: Section) -> int:
    """The characters a section takes on a card, with the gap before the next one."""
    return len(section_text(section)) + 2


def pages(topic: str, locale: str) -> list[list[Section]]:
    """The sections grouped into messages: each within a card's text (Discord's 4,000
    characters of a Components V2 message)."""
    result: list[list[Section]] = []
    for section in sections(topic, locale):
        page = result[-1] if result else None
        if page is None or sum(map(size, page)) + size(section) > MAX_TEXT:
            result.append([section])
        else:
            page.append(section)
    return result
