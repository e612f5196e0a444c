"""Auf Teufel komm raus on Discord, what an outcome shows: the round's message edited; at a
round's end the result with the track picture, balances by DM, the next round's message;
a bet from the form answered to the bettor first. The layout lives in the game's cards."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord

from bot.games.teufel.render import cards, pictures
from bot.games.teufel.track import MARK_NAMES
from bot.games.teufel.view import typed_view
from bot.i18n import t
from bot.render.cards import Card, Picture
from bot.service import Outcome, Service
from cogs.pipeline import payload as ui
from cogs.pipeline.delivery import Delivery, Event
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.plans import Dms, NewTable, Plan, Post, Reply, Step, Table, lobby_plan, shown_by

log = logging.getLogger(__name__)


KIND = "teufel"


ACCENT = ui.accent_of(KIND)


def table(service: Service, outcome: Outcome) -> Card:
    """The round's table; a sealed bet shows its seal: HMAC of round, player and amount with
    the game's seed — not guessable now, checkable once the seed is revealed."""

    def seal(player: str) -> str:
        own = cards.own_seat(outcome.private[player], player)
        return service.tables.seal(
            outcome.game_id, f"bet:{typed_view(outcome.public)['round']}:{player}:{own['bet']}"
        )

    return cards.table_card(outcome, outcome.locale, seal)


def bet_taken(d: Delivery, actor: str) -> list[Step]:
    """The bettor's private answer to his form: his bet, and whether it was the last."""
    interaction = d.interaction
    if interaction is None or interaction.type is not discord.InteractionType.modal_submit:
        return []
    bet = cards.own_seat(d.outcome.private[actor], actor)["bet"]
    if bet is None:  # never: his view shows the bet just taken
        return []
    return [Reply(ui.note(cards.bet_done_text(d.outcome, bet, d.private_locale)))]


def plan(d: Delivery, actor: str | None) -> Plan:
    """The round's message edited; at a round's end it closes, the result is posted with
    the track picture, the next round's message opens, and the balances go by DM. A bet
    from the form is answered to the bettor first."""
    outcome, service, locale = d.outcome, d.service, d.outcome.locale
    lobby = lobby_plan(d, cards.lobby_card)
    if lobby is not None:
        return lobby
    steps = [] if actor is None else bet_taken(d, actor)
    ended = any(e["type"] == "settle" for e in outcome.events)
    if not ended:
        return [*steps, Table(table(service, outcome))]
    settles = [i for i, e in enumerate(outcome.events) if e["type"] == "settle"]
    cut = settles[-1]  # the clock may have played several rounds for absent players
    if outcome.finished:  # the last round: the view still shows it, as it ended
        over = [e for e in outcome.events[cut:] if e["type"] == "game_end"]  # said on it
        closing = table(service, replace(outcome, events=[*outcome.events[:cut], *over]))
        closing.rows = []
    else:  # the view shows the next round already
        closing = cards.closed_round_card(outcome, locale)
    steps.append(Table(closing))
    logged = service.records.recent_events(outcome.game_id, None)
    for start, end in zip(settles, [*settles[1:], len(outcome.events)], strict=True):
        settled = replace(outcome, events=outcome.events[start:end])
        result = cards.result_card(settled, locale)
        result.pictures = (track_picture(service, settled, locale),)
        if start == cut:  # the oven as the round left it (the game's log ends there)
            result.pictures += (oven_picture(service, logged, locale),)
        steps.append(Post("result", result, cause=outcome.events[start]))
    last = outcome.events[cut]
    if not outcome.finished:
        fresh = replace(
            outcome,
            events=[e for e in outcome.events[cut:] if e["type"] not in cards.RESULT_EVENTS],
        )
        steps.append(NewTable(table(service, fresh), cause=last))
    return [*steps, balances(d, last)]  # last: the next round's table is up first


show = shown_by(plan)


def track_picture(service: Service, outcome: Outcome, locale: str) -> Picture:
    """Pawns at the positions everybody sees (positions, never balances)."""
    track = next(e for e in outcome.events if e["type"] == "track")
    settled = [e for e in outcome.events if e["type"] == "settle"][-1]["round"]
    title, pawns, alt = pictures.track(track, settled, locale, service.directory.display_name)
    return ui.picture(
        "track", locale, pictures.track_png, title, tuple(MARK_NAMES), pawns, description=alt
    )


def oven_picture(service: Service, log: list[dict[str, Any]], locale: str) -> Picture:
    """What the round left in the oven (drawn tiles are public), and its pulls."""
    played = _last_round(log)
    remaining = dict(sorted(pictures.oven_contents(played).items()))
    pulls = tuple(
        (name, tuple(tiles))
        for name, tiles in pictures.round_pulls(played, service.directory.display_name)
    )
    title = t("teufel.ui.oven_title", locale)
    alt = pictures.alt_oven(title, remaining, pulls, locale)
    return ui.picture("oven", locale, pictures.oven_png, title, remaining, pulls, description=alt)


def _last_round(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's events up to its last settled round's end."""
    settled = max((i for i, e in enumerate(log) if e["type"] == "settle"), default=len(log) - 1)
    return log[: settled + 1]


def balances(d: Delivery, settle: Event) -> Dms:
    """Each player's new balance after ``settle`` (the outcome's last) by DM; players whose
    DMs are closed are pointed to the "Mein Konto" button in public (without any number)."""
    outcome = d.outcome
    locale = outcome.locale
    settled = settle["round"]
    messages: dict[str, Card] = {}
    for player in outcome.players:
        balance = cards.own_balance(outcome.private[player], player)
        messages[player] = ui.note(
            t("teufel.ui.dm_round", d.reader(player), round=settled, balance=balance)
        )
    return Dms(messages, closed_notice("teufel.ui.dm_closed", locale), cause=settle)
