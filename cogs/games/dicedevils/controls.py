"""Dice Devils' controls, one per verb: placement buttons for the demon whose turn it is,
"Mein Becher" (any version, only the seated), the deciding demon's prompt (and a long
swap's second step), his choices and "Verzichten"."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.dicedevils.render import cards
from bot.games.dicedevils.view import typed_view
from bot.render.cards import Select
from bot.service import Outcome
from cogs.games.dicedevils.show import KIND, show, table
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import Control, Decides, GameClicks
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.replies import edit_answered, send_private
from cogs.table_bot import table_bot

ACCENT = ui.accent_of(KIND)


def options_for(outcome: Outcome, actor: str) -> list[Action]:
    """The deciding demon's legal actions, as the engine put them into his view."""
    return [Action.from_dict(a) for a in typed_view(outcome.private[actor])["legal"]]


def _place(interaction: Any, click: Click, current: Outcome | None) -> Action:
    if not click.arg.isdigit():
        raise IllegalAction("dd.wrong_action", action=click.verb)
    return Action("place", {"slot": int(click.arg)})


def _reroll(interaction: Any, click: Click, current: Outcome | None) -> Action:
    return Action("reroll", {"force": click.verb == "yes"})


def _skip(interaction: Any, click: Click, current: Outcome | None) -> Action:
    """ "Verzichten": on what the deciding demon is asked (a skip of it), else the turn's."""
    assert current is not None
    view = typed_view(current.public)
    if view["to_act"]:
        return Action(view["pending"] or "swap_rank", {"skip": True})
    return Action("skip")


def _chosen(click: Click, parts: int) -> list[str]:
    """A decision's select value: ``player|item…``, in ``parts`` parts."""
    found = click.values[0].split("|") if click.values else []
    if len(found) < parts:
        raise IllegalAction("dd.wrong_action", action=click.verb)
    return found


def _steal(interaction: Any, click: Click, current: Outcome | None) -> Action:
    parts = _chosen(click, 2)
    return Action("steal", {"from": parts[0], "item": parts[1]})


def _swap_item(interaction: Any, click: Click, current: Outcome | None) -> Action:
    parts = _chosen(click, 3)
    return Action("swap_item", {"with": parts[0], "give": parts[1], "take": parts[2]})


def _swap_rank(interaction: Any, click: Click, current: Outcome | None) -> Action:
    return Action("swap_rank", {"with": _chosen(click, 1)[0]})


async def cup(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """My cup, to the seated demon alone, from any version of the table."""
    text = cards.cup_text(current.private[actor], actor, current.locale)
    await send_private(interaction, **send_kwargs(ui.note(text), ACCENT))
    return True


async def give(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """A long swap: what he takes is chosen, now what he gives (the second step)."""
    name = table_bot(interaction.client).service.directory.display_name
    taken = click.values[0] if click.values else ""
    options = options_for(current, actor)
    card = cards.give_card(current, options, taken, current.locale, name)
    if not card.rows[0:1] or not isinstance(card.rows[0], Select):
        raise IllegalAction("dd.wrong_action", action=taken)
    await edit_answered(interaction, **ui.message_kwargs(card, ACCENT))
    return True


async def decide(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The deciding demon's prompt (the engine lets him decide: the pipeline asked it)."""
    bot = table_bot(interaction.client)
    locale, name = current.locale, bot.service.directory.display_name
    card = cards.decision_card(current, options_for(current, actor), locale, name)
    sent = await send_private(interaction, **send_kwargs(card, ACCENT))
    await prompts.opened(
        bot.prompt_book, interaction, click.game_id, actor, version=current.version,
        message_id=sent, locale=locale,
    )  # the decision's one live prompt from now on  # fmt: skip
    return True


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    controls=(
        Control("place", _place),
        Control("yes", _reroll),
        Control("no", _reroll),
        Control("skip", _skip, needs_view=True),
        Control("steal", _steal),
        Control("swap_item", _swap_item),
        Control("swap_rank", _swap_rank),
        Control("cup", answer=cup, seated=True, any_version=True),
        Control("decide", answer=decide, decides=Decides()),
        Control("swap_take", answer=give, decides=Decides()),
    ),
    show=show,
    one_live_prompt=True,
    private_text=lambda outcome, p: cards.cup_text(outcome.private[p], p, outcome.locale),
    table_card=lambda d: table(d, d.outcome, d.outcome.locale),
)
