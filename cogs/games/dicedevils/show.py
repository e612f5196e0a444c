"""Dice Devils on Discord, what an outcome shows (its plan): the round's table with its
display as a picture, fights revealed in public (pictured when a round closes), a new
message per round, dice by DM (closed DMs are pointed to "Mein Becher")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.games.dicedevils.render import cards, pictures
from bot.games.dicedevils.view import typed_view
from bot.i18n import t
from bot.render.cards import MAX_PICTURES, Card, Picture
from bot.service import Outcome
from cogs.pipeline import payload as ui
from cogs.pipeline.delivery import Delivery, Event
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.plans import (
    Dms,
    NewTable,
    Plan,
    PromptsMovedOn,
    Step,
    Table,
    lobby_plan,
    shown_by,
)

KIND = "dicedevils"
DEALT = ("start", "round")  # what begins a round: its display, cups and table message


def plan(d: Delivery, actor: str | None) -> Plan:
    """The round's message edited (at a round's end or the game's: closed, who got what in
    it and its fights pictured), prompts of older versions closed, a new round's message,
    and last each player's new dice by DM (the round's table is up first)."""
    outcome, locale = d.outcome, d.outcome.locale
    lobby = lobby_plan(d, cards.lobby_card)
    if lobby is not None:
        return lobby
    started = any(e["type"] == "start" for e in outcome.events)
    new_round = not started and any(e["type"] == "round" for e in outcome.events)
    cut = cards.round_cut(outcome.events) if new_round else len(outcome.events)
    earlier: Sequence[Event] = ()
    if new_round or outcome.finished:  # the round's message closes: who got what in it
        earlier = d.service.tables.public_since(outcome.game_id, DEALT, d.first)
    if new_round:  # the view shows the next round already
        closing = cards.closed_round_card(outcome, locale, earlier=earlier)
    elif outcome.finished:
        closing = cards.last_round_card(outcome, locale, earlier=earlier)
    else:
        closing = table(d, outcome, locale)
    if new_round or outcome.finished:  # the round's fights, pictured
        closing.pictures = fight_pictures(d, [*earlier, *outcome.events[:cut]], locale)
    steps: list[Step] = [Table(closing), PromptsMovedOn(over=outcome.finished)]
    if not (new_round or started):
        return steps
    dealt = [e for e in outcome.events if e["type"] in DEALT][-1]
    if new_round:
        fresh = table(d, replace(outcome, events=outcome.events[cut:]), locale)
        steps.append(NewTable(fresh, cause=dealt))
    return [*steps, cups(d, dealt)]


show = shown_by(plan)


def table(d: Delivery, outcome: Outcome, locale: str) -> Card:
    """The round's table, its display as a picture inside."""
    card = cards.table_card(outcome, locale)
    card.pictures = (display_picture(d, outcome, locale),)
    return card


def display_picture(d: Delivery, outcome: Outcome, locale: str) -> Picture:
    """The round's display: each slot's item, its value and the cups placed on it (the
    table message lists the same as text)."""
    name = d.service.directory.display_name
    slots = tuple(pictures.display_slots(outcome.public, locale, name))
    title = t("dd.ui.title", locale, round=typed_view(outcome.public)["round"])
    alt = pictures.alt_display(title, slots, locale)
    return ui.picture("display", locale, pictures.display_png, title, slots, description=alt)


def fight_pictures(d: Delivery, events: Sequence[Event], locale: str) -> tuple[Picture, ...]:
    """Each fight of a round: the fighters' dice and who won the item."""
    name = d.service.directory.display_name
    found = pictures.fights(events, d.outcome.public, name)[:MAX_PICTURES]
    shown = []
    for number, fight in enumerate(found, 1):
        title = t("dd.ui.fight_title", locale, item=cards.item_name(fight.item, locale))
        alt = pictures.alt_fight(title, fight.fighters, fight.winner, locale)
        shown.append(ui.picture(
            "fight", locale, pictures.fight_png, title, fight.fighters, winner=fight.winner,
            description=alt, file_params={"seq": number},
        ))  # fmt: skip
    return tuple(shown)


def cups(d: Delivery, dealt: Event) -> Dms:
    """Each player's dice, rolled by ``dealt``, by DM; closed DMs are pointed to "Mein
    Becher" (no numbers)."""
    outcome, locale = d.outcome, d.outcome.locale
    messages = {
        p: ui.note(cards.cup_text(outcome.private[p], p, d.reader(p))) for p in outcome.players
    }
    return Dms(messages, closed_notice("dd.ui.dm_closed", locale), cause=dealt)
