"""Lines written for Discord, shown as HTML: the app's emojis as their plain text, the
whole escaped (a player's name is text, whatever he typed), then Discord's bold as bold."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from bot.emoji_set import as_plain

BOLD = re.compile(r"\*\*(.+?)\*\*")


def shown(text: str) -> Markup:
    """``text`` (a game's line, with the display names in it) as safe HTML."""
    escaped = str(escape(as_plain(text) if "<" in text else text))
    return Markup(BOLD.sub(r"<strong>\1</strong>", escaped))


def plain(text: str) -> str:
    """``text`` without Discord's markup, for a title or a table cell (escaped by the
    template like any text)."""
    return (as_plain(text) if "<" in text else text).replace("**", "")


ITEM = "- "
"""Discord's mark of a list item (a line under the line before, as /statistik's jokers)."""


@dataclass(frozen=True)
class Line:
    """A line of a Discord text as HTML, and whether Discord shows it as a list item."""

    text: Markup
    item: bool = False


def lines(text: str) -> tuple[Line, ...]:
    """``text``'s lines, each :func:`shown`, a list item's mark taken off."""
    return tuple(
        Line(shown(line[len(ITEM) :]), True) if line.startswith(ITEM) else Line(shown(line))
        for line in text.split("\n")
    )
