"""Flaschenteufel's controls: "Meine Karten" and "Meine Wahl …" (any version, only to the
player himself), private selects with only his own and only legal cards; each click made an
action (``to_action``) or answered (``private``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action
from bot.games.flaschenteufel.render import cards
from bot.render.drawn import ready
from bot.service import Outcome
from cogs.games.flaschenteufel.show import (
    ACCENT,
    CHOICES,
    KIND,
    PRIVATE,
    hand_card,
    show,
    table_with_trick,
)
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.table_bot import table_bot


def to_action(interaction: Any, click: Click, current: Outcome | None = None) -> Action:
    card = int(click.values[0]) if click.values else 0
    if click.verb == "passr":
        return Action("pass", {"left": int(click.arg), "right": card})
    if click.verb == "open":
        return Action("open", {"set": int(click.arg)})
    return Action(click.verb, {"card": card})


def needs_view(click: Click) -> bool:
    """My cards, and the prompts, answer from the table's views."""
    return click.verb in PRIVATE


async def private(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """My cards, or what I must decide now (only to the player himself; the pipeline has
    checked that he is seated, and for a prompt that the engine lets him choose now)."""
    if click.verb not in PRIVATE:
        return False
    bot = table_bot(interaction.client)
    locale, plain = current.locale, bot.service.directory.display_name
    if click.verb == "mycards":
        text = cards.my_cards_text(current.private[actor], actor, locale)
        card = await ready(hand_card(text, current.private[actor], actor, locale))
        await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
        return True
    if click.verb == "passl":  # the left card is chosen: now the right one
        card = cards.prompt(current, actor, locale, left=int(click.values[0]), plain=plain)
        await interaction.response.edit_message(**ui.message_kwargs(card, ACCENT))
        return True
    card = cards.prompt(current, actor, locale, plain=plain)
    sent = await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
    await prompts.opened(  # his live prompt from now on (pipeline.prompts.refresh)
        bot.prompt_book, interaction, click.game_id, actor, version=current.version,
        message_id=sent.message_id, locale=locale,
    )  # fmt: skip
    return True


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    to_action=to_action,
    show=show,
    answer=private,
    needs_view=needs_view,
    any_version=frozenset((*CHOICES, *PRIVATE)),
    seated=frozenset({"mycards"}),
    prompts={"act": None, "passl": None},
    private_text=lambda outcome, p: cards.hand_text(outcome, p, outcome.locale),
    table_card=lambda d: table_with_trick(d, d.outcome, d.outcome.locale),
)
