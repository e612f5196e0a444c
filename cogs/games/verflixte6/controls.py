"""Die verflixte 6's controls, one per verb: the table's buttons (weiter, stopp, the joker
choice and menu, a robbery's victim, the decisions) and the prompts' selects and buttons."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.verflixte6.render import cards
from bot.games.verflixte6.state import DECISIONS
from bot.games.verflixte6.view import typed_view
from bot.i18n import t
from bot.service import Outcome
from cogs.games.verflixte6.show import ACCENT, KIND, prompt_for, show
from cogs.pipeline import payload as ui
from cogs.pipeline import prompts
from cogs.pipeline.clicks import Control, Decides, GameClicks, simple
from cogs.pipeline.incoming import Click
from cogs.pipeline.payload import send_kwargs
from cogs.pipeline.replies import edit_answered, send_private
from cogs.table_bot import table_bot


def _jokers(interaction: Any, click: Click, current: Outcome | None) -> Action:
    """The joker choice at a Durchgang's start (``pick``, ``pickfree``, ``nojoker``)."""
    args: dict[str, Any] = {"jokers": list(click.values)}
    return Action("jokers", {**args, "free": True} if click.verb == "pickfree" else args)


def _chosen(click: Click) -> str:
    if not click.values:
        raise IllegalAction("game.unknown_action", action=click.verb)
    return click.values[0]


def _joker(interaction: Any, click: Click, current: Outcome | None) -> Action:
    return Action("weiter", {"joker": _chosen(click)})


def _target(interaction: Any, click: Click, current: Outcome | None) -> Action:
    return Action("weiter", {"joker": "sekante", "target": _chosen(click)})


def _steal(interaction: Any, click: Click, current: Outcome | None) -> Action:
    return Action("steal", {"victim": _chosen(click)})


def _decision(interaction: Any, click: Click, current: Outcome | None) -> Action:
    """``yes``/``no`` to the decision the turn's phase asks (read from the table)."""
    assert current is not None
    turn = typed_view(current.public).get("turn")  # none in a lobby
    phase = "" if turn is None else turn["phase"]
    if phase not in DECISIONS:
        raise IllegalAction(f"v6.phase.{phase}")
    name, field = DECISIONS[phase]
    return Action(name, {field: click.verb == "yes"})


async def prompt(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The private prompt a table button opens (the joker choice, the joker menu, a
    robbery's victim or a decision), for whom the engine lets decide it (asked first)."""
    bot = table_bot(interaction.client)
    card = prompt_for(current, click.verb, actor, bot.service.directory.display_name)
    sent = await send_private(interaction, **send_kwargs(card, ACCENT))
    if card.rows:  # the decision's one live prompt from now on
        await prompts.opened(
            bot.prompt_book, interaction, click.game_id, actor, version=current.version,
            message_id=sent, locale=current.locale,
        )  # fmt: skip
    return True


async def sekante_target(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """Sekante chosen in the menu: its target next, in the same prompt (any other joker
    acts at once)."""
    if click.values != ["sekante"]:
        return False
    name = table_bot(interaction.client).service.directory.display_name
    card = prompt_for(current, "target", actor, name)
    await edit_answered(interaction, **ui.message_kwargs(card, ACCENT))
    return True


CONTROLS = (
    Control("weiter", simple),
    Control("stopp", simple),
    Control("begin", answer=prompt, decides=Decides("jokers")),  # the joker choice
    Control("pick", _jokers),
    Control("pickfree", _jokers),
    Control("nojoker", _jokers),
    Control("menu", answer=prompt, decides=Decides("weiter")),  # the joker menu
    Control("joker", _joker, answer=sekante_target, decides=Decides("weiter")),
    Control("target", _target),
    Control("decide", answer=prompt, decides=Decides()),  # a robbery's victim or a decision
    Control("steal", _steal),
    Control("yes", _decision, decides=Decides(), needs_view=True),
    Control("no", _decision, decides=Decides(), needs_view=True),
)
"""The table's buttons and its prompts' controls; the engine says before a prompt opens
whether the player may."""


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.SELECT),
    controls=CONTROLS,
    show=show,
    one_live_prompt=True,
    private_text=lambda outcome, player: t("ui.seated", outcome.locale),
    table_card=lambda d: cards.table_card(d.outcome, d.outcome.locale),
)
