"""Hoch oder tief's cards: the table (the die, the points, the last call, two buttons for
whom it is to) and the lobby (every game's)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.cards import Button, Card, Row, custom_id
from bot.render.lobby_card import ended, mention, table_lobby_card

BUTTON, SELECT = "hlb", "hls"  # the select: the lobby's computer players


def lobby_card(outcome: Any, locale: str) -> Card:
    return table_lobby_card(outcome, locale, BUTTON)


def line(event: dict[str, Any], locale: str) -> str:
    """An event in words ("" for one a player need not read)."""
    if event["type"] == "call":
        said = t(f"hilo.call.{event['call']}", locale, player=mention(event["player"]),
                 rolled=event["rolled"])  # fmt: skip
        return f"{said} {t('hilo.right' if event['right'] else 'hilo.wrong', locale)}"
    if event["type"] == "game_end":
        best = max(event["points"].values())
        winners = ", ".join(mention(p) for p, n in event["points"].items() if n == best)
        return t("hilo.over", locale, winners=winners)
    return ""


def table_card(outcome: Any, locale: str) -> Card:
    view = outcome.public
    lines = [line(e, locale) for e in outcome.events]
    lines.append(t("hilo.shown", locale, face=view["shown"]))
    if view["turn"] is not None and not ended(outcome):
        lines.append(t("hilo.turn", locale, player=mention(view["turn"])))
    points = [t("hilo.points", locale, player=mention(p), points=n)
              for p, n in view["points"].items()]  # fmt: skip
    rows: list[Row] = []
    if view["turn"] is not None and not ended(outcome):
        rows.append(tuple(
            Button(custom_id(BUTTON, outcome.game_id, outcome.version, call),
                   t(f"hilo.button.{call}", locale), "primary")
            for call in ("higher", "lower")
        ))  # fmt: skip
    text = "\n".join(x for x in [*lines, "", *points] if x is not None)
    return Card(title=t("hilo.title", locale), description=text, rows=rows)
