"""Dice Devils on Discord: ``/dicedevils tisch``, dice by DM and "Mein Becher", placement
buttons for the demon whose turn it is, fights revealed in public, decisions prompted to the
deciding player only, a new message per round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.engine import Action, IllegalAction
from bot.i18n import t
from bot.render import dd_cards as cards
from bot.render import pictures
from bot.render.cards import MAX_PICTURES, Card, Picture, Select
from bot.service import Outcome
from cogs.croupier_cog import CroupierCog, service_of
from cogs.help import send_help
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.delivery import Delivery, Event, show_lobby
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.incoming import Click
from cogs.pipeline.opening import open_lobby_here
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.router import game_extension
from cogs.practice import Computers, Opponent, open_practice
from cogs.translator import cmd

KIND = "dicedevils"
ACCENT = ui.accent_of(KIND)
DEALT = ("start", "round")  # what begins a round: its display, cups and table message


def options_for(outcome: Outcome, actor: str) -> list[Action]:
    """The deciding demon's legal actions, as the engine put them into his view."""
    return [Action.from_dict(a) for a in outcome.private[actor]["legal"]]


def to_action(interaction: Any, click: Click, outcome: Outcome | None) -> Action:
    verb, values = click.verb, click.values
    if verb == "place":
        return Action("place", {"slot": int(click.arg)})
    if verb in ("yes", "no"):
        return Action("reroll", {"force": verb == "yes"})
    if verb == "skip":
        assert outcome is not None
        pending = outcome.public["to_act"]
        return Action(_pending_verb(outcome), {"skip": True}) if pending else Action("skip")
    parts = values[0].split("|")
    if verb == "steal":
        return Action("steal", {"from": parts[0], "item": parts[1]})
    if verb == "swap_item":
        return Action("swap_item", {"with": parts[0], "give": parts[1], "take": parts[2]})
    return Action("swap_rank", {"with": parts[0]})


def _pending_verb(outcome: Outcome) -> str:
    """What the deciding demon is asked (for "Verzichten")."""
    return str(outcome.public.get("pending") or "swap_rank")


def needs_view(click: Click) -> bool:
    """My cup, the decision's prompt (and its second step) answer from the table's views;
    "Verzichten" acts on what the deciding demon is asked."""
    return click.verb in ("cup", "decide", "swap_take", "skip")


async def answer(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """My cup (any version of the table), and the deciding demon's prompt (the pipeline
    has checked that he is seated, and for the prompt that the engine lets him decide)."""
    locale = current.locale
    if click.verb == "cup":
        text = cards.cup_text(current.private[actor], actor, locale)
        await interaction.response.send_message(
            ephemeral=True, **send_kwargs(ui.note(text), ACCENT)
        )
        return True
    if click.verb not in ("decide", "swap_take"):
        return False
    name = service_of(interaction).directory.display_name
    if click.verb == "swap_take":  # a long swap: what he takes is chosen, now what he gives
        taken = click.values[0] if click.values else ""
        card = cards.give_card(current, options_for(current, actor), taken, locale, name)
        if not card.rows[0:1] or not isinstance(card.rows[0], Select):
            raise IllegalAction("dd.wrong_action", action=taken)
        await interaction.response.edit_message(**ui.message_kwargs(card, ACCENT))
        return True
    card = cards.decision_card(current, options_for(current, actor), locale, name)
    sent = await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
    await prompts.opened(
        interaction, click.game_id, actor, version=current.version,
        message_id=sent.message_id, locale=locale,
    )  # the decision's one live prompt from now on  # fmt: skip
    return True


async def show(d: Delivery, actor: str | None) -> None:
    outcome, locale = d.outcome, d.outcome.locale
    if await show_lobby(d, cards.lobby_card):
        return
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
    await d.table(closing)
    interaction = d.interaction
    clicked = None
    if interaction is not None and interaction.message is not None:
        clicked = interaction.message.id
    await prompts.moved_on(
        d.client, outcome.game_id, outcome.version, answered=clicked, over=outcome.finished
    )
    if not (new_round or started):
        return
    dealt = [e for e in outcome.events if e["type"] in DEALT][-1]
    if new_round:
        fresh = table(d, replace(outcome, events=outcome.events[cut:]), locale)
        await d.new_table(fresh, cause=dealt)
    await send_cups(d, dealt)  # last: the round's table is up first


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
    title = t("dd.ui.title", locale, round=outcome.public["round"])
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


async def send_cups(d: Delivery, dealt: Event) -> None:
    """Each player's dice, rolled by ``dealt``, by DM; closed DMs are pointed to "Mein
    Becher" (no numbers)."""
    outcome, locale = d.outcome, d.outcome.locale
    messages = {
        p: ui.note(cards.cup_text(outcome.private[p], p, d.reader(p))) for p in outcome.players
    }
    await d.dms(messages, closed_notice("dd.ui.dm_closed", locale), cause=dealt)


class DiceDevilsCog(CroupierCog):
    dicedevils = app_commands.Group(
        name=cmd("dicedevils"), description=cmd("dicedevils.desc"), guild_only=True
    )

    @dicedevils.command(name=cmd("tisch"), description=cmd("dd.tisch.desc"))
    @app_commands.describe(mehr_kaempfe=cmd("mehr.desc"))
    async def tisch(
        self, interaction: discord.Interaction[Any], mehr_kaempfe: bool = False
    ) -> None:
        options = {"random_ranks": True, "variant": "more_fights" if mehr_kaempfe else "standard"}
        await open_lobby_here(self, interaction, KIND, options, cards.lobby_card)

    @dicedevils.command(name=cmd("ueben"), description=cmd("ueben.desc"))
    @app_commands.describe(gegner=cmd("gegner.desc"), anzahl=cmd("anzahl.desc"))
    async def ueben(
        self,
        interaction: discord.Interaction[Any],
        gegner: Opponent = "leicht",
        anzahl: Computers | None = None,
    ) -> None:
        options = {"random_ranks": True, "variant": "standard"}
        await open_practice(self, interaction, KIND, gegner, anzahl, options=options)

    @dicedevils.command(name=cmd("regeln"), description=cmd("regeln.spiel.desc"))
    async def regeln(self, interaction: discord.Interaction[Any]) -> None:
        await send_help(interaction, KIND, self.private_locale(interaction))


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    one_live_prompt=True,
    to_action=to_action,
    show=show,
    answer=answer,
    needs_view=needs_view,
    any_version=frozenset({"cup"}),
    seated=frozenset({"cup"}),
    prompts={"decide": None, "swap_take": None},
    private_text=lambda outcome, p: cards.cup_text(outcome.private[p], p, outcome.locale),
    table_card=lambda d: table(d, d.outcome, d.outcome.locale),
)


setup, teardown = game_extension(CLICKS, DiceDevilsCog)
