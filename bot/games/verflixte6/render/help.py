"""Die verflixte 6's help beyond its sections: all jokers, one line each."""

from __future__ import annotations

from bot.games.plugin import Section
from bot.games.verflixte6.state import JOKER_IDS
from bot.i18n import t


def extras(locale: str) -> list[Section]:
    """All jokers of Die verflixte 6, one line each (the names stay German)."""
    lines = [
        f"**{t(f'v6.joker.{j}', locale)}** – {t(f'ui.rules.joker.{j}', locale)}" for j in JOKER_IDS
    ]
    return [(t("help.verflixte6.jokers.title", locale), "\n".join(lines))]
