"""Flaschenteufel on Discord, what an outcome shows: one public table message per hand
showing the trick, the bottle and the tricks won; hands by DM (text and picture); a choice
made in a player's live prompt answered there."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from functools import partial

from bot.engine import JSON
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.flaschenteufel.render import cards, pictures
from bot.games.flaschenteufel.view import typed_view
from bot.i18n import t
from bot.render.cards import Card
from bot.render.lobby_card import Names, ended
from bot.service import Outcome
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.delivery import Delivery, Event
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.plans import (
    AnswerInPrompt,
    Dms,
    NewTable,
    Plan,
    PromptsRefresh,
    Step,
    Table,
    lobby_plan,
    shown_by,
)

log = logging.getLogger(__name__)


KIND = "flaschenteufel"


ACCENT = ui.accent_of(KIND)


MADE = ("play", "discard", "passr", "pass", "open")  # choices that act (passl only prepares)


def hand_card(text: str, view: Mapping[str, JSON], player: str, locale: str) -> Card:
    """``text`` about the cards ``player`` holds, with them as a picture (if he holds any),
    named for him."""
    seat = cards.own_seat(view, player)
    held = [c for s in (seat["sets"] or []) for c in s] or (seat["cards"] or [])
    if not held:
        return ui.note(text)
    shown = tuple((c, COLOUR[c], POINTS[c]) for c in sorted(held))
    alt = pictures.alt_cards(shown, locale)
    return Card(
        description=text,
        pictures=(ui.picture("cards", locale, pictures.cards_png, shown, description=alt),),
    )


def live_prompt(outcome: Outcome, player: str, locale: str, plain: Names) -> prompts.Shown:
    """What ``player``'s live prompt shows now: his choice when the table awaits him (the
    play select carries the game's version), else that it will appear there, or that the
    game is over."""
    if outcome.finished or ended(outcome):
        over = ui.note_kwargs(t("ft.ui.prompt_over", locale), ACCENT)
        return prompts.Shown(over, "over", versioned=False)
    if player in outcome.to_act:
        mine = replace(outcome, locale=locale)
        card = cards.prompt(mine, player, locale, plain=plain)
        versioned = bool(typed_view(outcome.private[player])["legal"]["play"])
        return prompts.Shown(ui.message_kwargs(card, ACCENT), "act", versioned)
    waiting = ui.note_kwargs(t("ft.ui.prompt_wait", locale), ACCENT)
    return prompts.Shown(waiting, "wait", versioned=False)


def answer_in_prompt(d: Delivery, actor: str | None) -> list[Step]:
    """A choice made in the player's live prompt is answered there: it shows what he may do
    next (the next set's discard, the right card to pass …) or that it will appear there."""
    click = d.click
    if d.interaction is None or click is None or actor is None or click.verb not in MADE:
        return []
    plain = d.service.directory.display_name
    return [AnswerInPrompt(actor, live_prompt(d.outcome, actor, d.private_locale, plain))]


def plan(d: Delivery, actor: str | None) -> Plan:
    """A choice made in a live prompt answered there; the hand's message edited (at a new
    hand: closed, and the next hand's posted); every live prompt brought up to date; the
    hands by DM when they changed."""
    outcome, locale = d.outcome, d.outcome.locale
    lobby = lobby_plan(d, cards.lobby_card)
    if lobby is not None:
        return lobby
    steps = answer_in_prompt(d, actor)
    dealt = any(e["type"] == "deal" for e in outcome.events)
    new_hand = dealt and not any(e["type"] == "start" for e in outcome.events)
    if new_hand:  # the last hand's message is done; the view shows the next hand already
        closing = cards.closed_hand_card(outcome, locale)
        fresh = replace(outcome, events=outcome.events[cards.hand_cut(outcome.events) :])
        table = table_with_trick(d, fresh, locale)
    else:
        closing = table = table_with_trick(d, outcome, locale)
    steps.append(Table(closing))
    if new_hand:
        deal = [e for e in outcome.events if e["type"] == "deal"][-1]
        steps.append(NewTable(table, cause=deal))
    render = partial(live_prompt, outcome, plain=d.service.directory.display_name)
    steps.append(PromptsRefresh(render))
    changed = [e for e in outcome.events if e["type"] == "deal" or _hands_shown(e)]
    if changed:
        steps.append(hands(d, changed[-1]))
    return steps


show = shown_by(plan)


def table_with_trick(d: Delivery, outcome: Outcome, locale: str) -> Card:
    """The hand's table, the trick as it lies and the bottle's price pictured inside."""
    card = cards.table_card(outcome, locale)
    view, name = typed_view(outcome.public), d.service.directory.display_name
    played = tuple((name(x["player"]), x["card"]) for x in view["trick"])
    owner = name(view["owner"]) if view["owner"] else None
    alt = pictures.alt_trick(played, view["price"], owner, locale)
    picture = ui.picture(
        "trick", locale, pictures.trick_png, played, view["price"], owner=owner, description=alt
    )
    card.pictures = (picture,)
    return card


def _hands_shown(event: Event) -> bool:
    """A phase in which the hands (or the cards passed) change: play begins, or opens."""
    return event["type"] == "phase" and event["phase"] in ("play", "open")


def hands(d: Delivery, changed: Event) -> Dms:
    """Every player's cards as ``changed`` left them, by DM (text and picture); closed
    DMs: pointed to the button."""
    outcome, locale = d.outcome, d.outcome.locale
    messages = {
        p: hand_card(cards.hand_text(outcome, p, d.reader(p)), outcome.private[p], p, d.reader(p))
        for p in outcome.players
    }
    return Dms(messages, closed_notice("ft.ui.dm_closed", locale), cause=changed)
