"""``/hilfe`` and ``/<spiel> regeln``: the help of one topic in one language, cut into
messages that fit Discord (one embed per section).

``pages(topic, locale)`` is the one lookup; topics are ``hilfe`` and the game kinds.
"""

from __future__ import annotations

from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import t

GENERAL = "hilfe"
SECTIONS: dict[str, tuple[str, ...]] = {
    GENERAL: ("games", "table", "hosts", "fairness"),
    "verflixte6": ("goal", "turn", "decisions"),
    "teufel": ("goal", "round", "decisions"),
    "flaschenteufel": ("goal", "hand", "decisions"),
    "dicedevils": ("goal", "round", "decisions"),
}
"""Each topic's sections, in order: the texts are ``help.<topic>.<section>.title``/``.body``."""
TOPICS = tuple(SECTIONS)

# Discord's limits for one message of embeds.
MAX_TITLE = 256
MAX_DESCRIPTION = 4096
MAX_EMBEDS = 10
MAX_TOTAL = 6000

Section = tuple[str, str]


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


def size(section: Section) -> int:
    return len(section[0]) + len(section[1])


def pages(topic: str, locale: str) -> list[list[Section]]:
    """The sections grouped into messages: each within the embed count and total size."""
    result: list[list[Section]] = []
    for section in sections(topic, locale):
        page = result[-1] if result else None
        if (
            page is None
            or len(page) >= MAX_EMBEDS
            or sum(map(size, page)) + size(section) > MAX_TOTAL
        ):
            result.append([section])
        else:
            page.append(section)
    return result
