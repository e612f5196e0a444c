"""What a table card offers those who do not play it now: "Zuschauen" and the count of
those watching on a running table, "Nochmal" on a casual table's last card, and the
spectator's private copy of the table (its public text, only an "Aktualisieren" button).

Every game's table card goes through here (``cogs.pipeline.delivery``), so the buttons
are the same at all four games; the game's own controls come first and keep their rows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.i18n import t
from bot.render.cards import MAX_BUTTONS_PER_ROW, MAX_ROWS, Button, Card, Row, custom_id

WATCH, REFRESH, REMATCH = "watch", "refresh", "rematch"
VERBS = frozenset({WATCH, REFRESH, REMATCH})
"""The verbs any game's button prefix carries for these buttons (the router's to route)."""


def _button(prefix: str, outcome: Any, verb: str, locale: str, style: str = "secondary") -> Button:
    cid = custom_id(prefix, outcome.game_id, outcome.version, verb)
    return Button(cid, t(f"ui.button.{verb}", locale), style)


def with_button(rows: list[Row], button: Button) -> list[Row]:
    """``rows`` with ``button`` at the end of the last row of buttons that has room, else
    in a row of its own; unchanged where neither fits (the game's controls stay)."""
    last = rows[-1] if rows else None
    if isinstance(last, tuple) and len(last) < MAX_BUTTONS_PER_ROW:
        return [*rows[:-1], (*last, button)]
    if len(rows) < MAX_ROWS:
        return [*rows, (button,)]
    return list(rows)


def watched(card: Card, prefix: str, outcome: Any, locale: str, count: int) -> Card:
    """A running table's card: "Zuschauen" after the game's controls, and how many watch
    (nothing while nobody does) in the footer's small print."""
    footer = card.footer
    if count:
        watching = t("ui.watchers", locale, count=count)
        footer = f"{watching} · {footer}" if footer else watching
    rows = with_button(card.rows, _button(prefix, outcome, WATCH, locale))
    return replace(card, rows=rows, footer=footer)


def rematched(card: Card, prefix: str, outcome: Any, locale: str) -> Card:
    """A casual table's last card: "Nochmal" for its players."""
    return replace(card, rows=with_button(card.rows, _button(prefix, outcome, REMATCH, locale)))


def spectator_card(card: Card, prefix: str, outcome: Any, locale: str) -> Card:
    """The table as the channel sees it (``card``, its message's), for one spectator: its
    texts and pictures, no control but "Aktualisieren" (none once the game is over)."""
    live = not getattr(outcome, "finished", False)
    rows: list[Row] = [(_button(prefix, outcome, REFRESH, locale),)] if live else []
    return replace(card, rows=rows)
