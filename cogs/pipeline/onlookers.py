"""A game table's card dressed for those who do not play it now (:func:`dress`): a
running table gets "Zuschauen" and the count of those watching
(``cogs.pipeline.spectators``), a casual table's last card "Nochmal"
(``cogs.pipeline.rematch``); the card as the channel now sees it is kept with the table
for its spectators. Every delivery of a table card comes through here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from bot.engine import IllegalAction
from bot.i18n import t
from bot.play.outcome import FINISHED, PAUSED
from bot.play.tables import Table
from bot.players.seats import PRACTICE, is_computer
from bot.render import onlooker_buttons as onlookers
from bot.render.cards import Card, Row, Select
from bot.render.lobby_card import mention, stood_in
from bot.render.table_events import describe_table_event
from bot.service import Outcome, Service
from cogs.pipeline.replies import answer_locale, refuse


class Prefixed(Protocol):
    """A game's controls as onlookers need them (its ``GameClicks``): the prefixes of its
    custom ids, and which of its components make a move."""

    @property
    def prefixes(self) -> tuple[str, ...]: ...

    def moves(self, custom_id: str) -> bool: ...


SHOWN = "shown"
"""The key of a table's card as its message shows it, in the table's ``extra``."""


def button_prefix(clicks: Prefixed) -> str:
    """The prefix of a game's buttons (``v6b``)."""
    return next(p for p in clicks.prefixes if p.endswith("b"))


def casual(options: dict[str, Any]) -> bool:
    """A table opened with ``/… tisch`` (or a rematch), not a tournament's group."""
    return "tournament" not in options


def is_table(service: Service, kind: str) -> bool:
    """A game played at a table (a tournament is none: its groups' games are)."""
    game = service.games.get(kind)
    return game is not None and not game.info.open_seats


async def clicked_table(
    interaction: Any, service: Service, game_id: int, check: Callable[[Table], None] | None = None
) -> Table | None:
    """The table a click on Zuschauen, Aktualisieren or Nochmal is for, if ``check``
    passes it; else None, and the clicker was refused privately, in his language (else
    the table's, or the server's for a table that is gone)."""
    try:
        table = service.tables.get(game_id)
    except IllegalAction as exc:
        await refuse(interaction, exc, answer_locale(interaction, service.directory))
        return None
    try:
        if check is not None:
            check(table)
    except IllegalAction as exc:
        await refuse(interaction, exc, table.row.locale)
        return None
    return table


def without_moves(card: Card, clicks: Prefixed) -> Card:
    """``card`` without the components that make a move (a seated player's own views stay)."""
    rows: list[Row] = []
    for row in card.rows:
        if isinstance(row, Select):
            rows += [] if clicks.moves(row.custom_id) else [row]
        elif kept := tuple(b for b in row if not clicks.moves(b.custom_id)):
            rows.append(kept)
    return replace(card, rows=rows)


def dress(
    service: Service,
    clicks: Prefixed | None,
    outcome: Outcome,
    card: Card,
    *,
    kept: bool = True,
    last: bool = True,
) -> Card:
    """A game table's card as its message shows it: with "Zuschauen" and the count while
    the game can be played (a card without controls closes a turn or round, or shows a
    paused table: left alone), with "Nochmal" when a casual table was played to its end;
    while only computers are to act (seated, or standing in), without the moves a person
    would make, and a seat a computer plays for marked.
    ``kept``: the card the table's message shows now, kept for its spectators. ``last``:
    the ended table's last card (a closing one, with the end still to come in a new
    message, offers no "Nochmal")."""
    if clicks is None or not is_table(service, outcome.kind) or "lobby" in outcome.public:
        return card
    prefix, locale = button_prefix(clicks), outcome.locale
    table = service.tables.get(outcome.game_id)
    practice = bool(table.row.options.get(PRACTICE))
    if practice:  # every message of a practice table says so (and offers no rematch)
        mark = t("practice.mark", locale)
        card = replace(card, title=f"{mark} · {card.title}" if card.title else mark)
    if outcome.status == PAUSED and not any(e["type"] == "pause" for e in outcome.events):
        card = still_paused(service, outcome, card)
    if outcome.finished:
        service.watchers.clear(outcome.game_id)
        if outcome.status == FINISHED and last and casual(table.row.options) and not practice:
            card = onlookers.rematched(card, prefix, outcome, locale)
    else:
        stood = service.computers.stand_ins(outcome.game_id)
        card, live = stood_in(card, stood), bool(card.rows)
        if outcome.to_act and all(is_computer(p) or p in stood for p in outcome.to_act):
            card = without_moves(card, clicks)  # a computer's turn: no move for a person
        if live:
            count = service.watchers.count(outcome.game_id)
            card = onlookers.watched(card, prefix, outcome, locale, count)
    if kept:
        table.extra[SHOWN] = card
    return card


def still_paused(service: Service, outcome: Outcome, card: Card) -> Card:
    """A paused table's card keeps saying so, with the pause's reason, when something
    else changes it (a substitute seated while it waits for its evening)."""
    logged = service.records.events_from(outcome.game_id, lambda e: e["type"] == "pause")
    pause = next((e for e in reversed(logged) if e["type"] == "pause"), {"type": "pause"})
    line = describe_table_event(pause, outcome.locale, mention)
    return replace(card, description="\n".join(filter(None, (card.description, line))))
