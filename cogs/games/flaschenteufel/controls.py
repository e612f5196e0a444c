"""Flaschenteufel's controls, one per verb: "Meine Karten" and "Meine Wahl …" (any version,
only to the player himself), and the private selects with only his own and only legal
cards."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.flaschenteufel.render import cards
from bot.render.drawn import ready
from bot.service import Outcome
from cogs.games.flaschenteufel.show import ACCENT, KIND, hand_card, show, table_with_trick
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import Control, Decides, GameClicks
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.replies import edit_answered, send_private
from cogs.table_bot import table_bot


def _card(click: Click) -> int:
    """The card a select chose (refused unless it is a card's number)."""
    value = click.values[0] if click.values else ""
    if not value.isdigit():
        raise IllegalAction("game.unknown_action", action=click.verb)
    return int(value)


def _with_card(interaction: Any, click: Click, current: Outcome | None = None) -> Action:
    """``play``, ``discard`` and (the other variant's) ``pass``: the chosen card."""
    return Action(click.verb, {"card": _card(click)})


def _pass_right(interaction: Any, click: Click, current: Outcome | None = None) -> Action:
    """The standard variant's second card: the left one rides in the custom id."""
    if not click.arg.isdigit():
        raise IllegalAction("game.unknown_action", action=click.verb)
    return Action("pass", {"left": int(click.arg), "right": _card(click)})


def _open(interaction: Any, click: Click, current: Outcome | None = None) -> Action:
    if not click.arg.isdigit():
        raise IllegalAction("game.unknown_action", action=click.verb)
    return Action("open", {"set": int(click.arg)})


async def my_cards(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """ "Meine Karten": his cards, to the seated player alone, from any version."""
    text = cards.my_cards_text(current.private[actor], actor, current.locale)
    card = await ready(hand_card(text, current.private[actor], actor, current.locale))
    await send_private(interaction, **send_kwargs(card, ACCENT))
    return True


async def pass_left(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The left card to pass is chosen: now the right one, in the same prompt."""
    bot = table_bot(interaction.client)
    plain = bot.service.directory.display_name
    left = _card(click)
    prompts.draft(bot.prompt_book, click.game_id, actor, (current.private[actor]["hand"], left))
    card = cards.prompt(current, actor, current.locale, left=left, plain=plain)
    await edit_answered(interaction, **ui.message_kwargs(card, ACCENT))
    return True


def _left_chosen(current: Outcome, actor: str, draft: Any) -> int | None:
    """The card ``actor`` chose for the left in an earlier prompt of this hand, while he
    may still pass it: a prompt he opens again goes on from there."""
    view = current.private[actor]
    if not isinstance(draft, tuple) or draft[0] != view["hand"]:
        return None
    left = draft[1]
    return left if isinstance(left, int) and left in view["legal"]["pass"] else None


async def choose(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """ "Meine Wahl …": what he must decide now, only his own and only legal cards (the
    engine lets him choose now: the pipeline asked); the card he chose for the left in an
    earlier prompt stays chosen."""
    bot = table_bot(interaction.client)
    plain = bot.service.directory.display_name
    left = _left_chosen(current, actor, prompts.drafted(bot.prompt_book, click.game_id, actor))
    card = cards.prompt(current, actor, current.locale, left=left, plain=plain)
    sent = await send_private(interaction, **send_kwargs(card, ACCENT))
    await prompts.opened(  # his live prompt from now on (pipeline.prompts.refresh)
        bot.prompt_book, interaction, click.game_id, actor, version=current.version,
        message_id=sent, locale=current.locale,
    )  # fmt: skip
    return True


# Passing, discarding and opening are simultaneous: any version of the table takes them.
CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    controls=(
        Control("play", _with_card),
        Control("discard", _with_card, any_version=True),
        Control("pass", _with_card, any_version=True),
        Control("passr", _pass_right, any_version=True),
        Control("open", _open, any_version=True),
        Control("act", answer=choose, decides=Decides(), any_version=True),
        Control("passl", answer=pass_left, decides=Decides(), any_version=True),
        Control("mycards", answer=my_cards, seated=True, any_version=True),
    ),
    show=show,
    private_text=lambda outcome, p: cards.hand_text(outcome, p, outcome.locale),
    table_card=lambda d: table_with_trick(d, d.outcome, d.outcome.locale),
)
