"""Die verflixte 6's controls: the table's buttons (weiter, stopp, the joker choice and menu,
a robbery's victim, the decisions), with the prompts each opens; each click made an action
(``to_action``) or answered (``answer``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.verflixte6.render import cards
from bot.games.verflixte6.state import DECISIONS
from bot.i18n import t
from bot.service import Outcome
from cogs.games.verflixte6.show import (
    ACCENT,
    KIND,
    prompt_for,
    show,
)
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.table_bot import table_bot

PROMPTS: dict[str, str | None] = {
    "begin": "jokers",  # the joker choice
    "menu": "weiter",  # the joker menu (and its Sekante's target next)
    "joker": "weiter",
    "decide": None,  # a robbery's victim or a decision
    "yes": None,
    "no": None,
}


"""The prompts a table button opens, and the decisions, with what each prepares: the
engine says before one opens whether the player may."""


NEEDS_VIEW = ("begin", "menu", "decide", "yes", "no")  # prompts, decisions, Sekante's target


def to_action(interaction: Any, click: Click, outcome: Outcome | None) -> Action:
    """The engine action a click stands for (``outcome``: the table as it stands, needed
    for ``yes``/``no``)."""
    verb, values = click.verb, click.values
    if verb in ("weiter", "stopp"):
        return Action(verb)
    if verb in ("pick", "pickfree", "nojoker"):
        args: dict[str, Any] = {"jokers": list(values)}
        return Action("jokers", {**args, "free": True} if verb == "pickfree" else args)
    if verb == "joker":
        return Action("weiter", {"joker": values[0]})
    if verb == "target":
        return Action("weiter", {"joker": "sekante", "target": values[0]})
    if verb == "steal":
        return Action("steal", {"victim": values[0]})
    if verb in ("yes", "no"):
        assert outcome is not None
        phase = (outcome.public.get("turn") or {}).get("phase", "")
        if phase not in DECISIONS:
            raise IllegalAction(f"v6.phase.{phase}")
        name, field = DECISIONS[phase]
        return Action(name, {field: verb == "yes"})
    raise IllegalAction("game.unknown_action", action=verb)


def _sekante(click: Click) -> bool:
    return click.verb == "joker" and click.values == ["sekante"]


def needs_view(click: Click) -> bool:
    """Prompts, decisions and Sekante's target need the table's views before they act;
    ``weiter`` and ``stopp`` (most clicks) do not."""
    return click.verb in NEEDS_VIEW or _sekante(click)


async def answer(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The private prompts a table button opens, and Sekante's target next."""
    bot = table_bot(interaction.client)
    name = bot.service.directory.display_name
    if click.verb in ("begin", "menu", "decide"):
        card = prompt_for(current, click.verb, actor, name)
        sent = await interaction.response.send_message(ephemeral=True, **send_kwargs(card, ACCENT))
        if card.rows:  # the decision's one live prompt from now on
            await prompts.opened(
                bot.prompt_book, interaction, click.game_id, actor, version=current.version,
                message_id=sent.message_id, locale=current.locale,
            )  # fmt: skip
        return True
    if _sekante(click):
        card = prompt_for(current, "target", actor, name)  # the target next
        await interaction.response.edit_message(**ui.message_kwargs(card, ACCENT))
        return True
    return False


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    one_live_prompt=True,
    to_action=to_action,
    show=show,
    answer=answer,
    needs_view=needs_view,
    prompts=PROMPTS,
    private_text=lambda outcome, player: t("ui.seated", outcome.locale),
    table_card=lambda d: cards.table_card(d.outcome, d.outcome.locale),
)
