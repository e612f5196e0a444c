"""``/hilfe`` and ``/<spiel> regeln``: the help of one topic in one language, cut into
messages that fit Discord (one card a message, each section under a heading).

``pages(topic, locale)`` is the one lookup; topics are ``hilfe`` and the game kinds.
"""

from __future__ import annotations

from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import t
from bot.render.cards import MAX_TEXT

GENERAL = "hilfe"
SECTIONS: dict[str, tuple[str, ...]] = {
    GENERAL: ("games", "table", "hosts", "ranks", "fairness"),
    "verflixte6": ("goal", "turn", "decisions"),
    "teufel": ("goal", "round", "decisions"),
    "flaschenteufel": ("goal", "hand", "decisions"),
    "dicedevils": ("goal", "round", "decisions"),
}
"""Each topic's sections, in order: the texts are ``help.<topic>.<section>.title``/``.body``."""
TOPICS = tuple(SECTIONS)

Section = tuple[str, str]
HEADING = "### "
"""A section's title as a heading of its card (Discord's Markdown)."""


def joker_overview(locale: str) -> Section:
    """All jokers of Die verflixte 6, one line each (the names stay German)."""
    lines = [
        f"**{t(f'v6.joker.{j}', locale)}** – {t(f'ui.rules.joker.{j}', locale)}" for j in JOKER_IDS
    ]
    return t("help.verflixte6.jokers.title", locale), "\n".join(lines)


def sections(topic: str, locale: str) -> list[Section]:
    """The sections of a topic (a game's rules end with its extras, e.g. the jokers)."""
    found = [
        (t(f"help.{topic}.{part}.title", locale), t(f"help.{topic}.{part}.body", locale))
        for part in SECTIONS[topic]
    ]
    if topic == "verflixte6":
        found.append(joker_overview(locale))
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
