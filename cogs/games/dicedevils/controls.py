"""Dice Devils' controls: placement buttons for the demon whose turn it is, "Mein Becher"
(any version, only the seated), the deciding demon's prompt (and a long swap's second
step), "Verzichten"; each click made an action (``to_action``) or answered (``answer``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.dicedevils.render import cards
from bot.render.cards import Select
from bot.service import Outcome
from cogs.games.dicedevils.show import KIND, show, table
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.table_bot import table_bot

ACCENT = ui.accent_of(KIND)


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
    bot = table_bot(interaction.client)
    name = bot.service.directory.display_name
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
        bot.prompt_book, interaction, click.game_id, actor, version=current.version,
        message_id=sent.message_id, locale=locale,
    )  # the decision's one live prompt from now on  # fmt: skip
    return True


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
