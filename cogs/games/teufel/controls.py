"""Auf Teufel komm raus's controls: ``ziehen``, ``stopp``, "Setzen" with its sealed bet
form and "Mein Konto" (any version, only the seated); each click made an action
(``to_action``) or answered (``answer``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.teufel.render import cards
from bot.service import Outcome
from cogs.games.teufel.show import ACCENT, KIND, show, table
from cogs.pipeline import payload as ui
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.incoming import Click


def to_action(interaction: Any, click: Click, current: Outcome | None) -> Action:
    """``ziehen``, ``stopp``, and a submitted bet form (routed by its custom id like a
    click, so a form opened before a restart is answered too; the engine checks the bet
    against the balance it knows now)."""
    if click.prefix != cards.FORM:
        return Action(click.verb)
    text = click.values[0].strip() if click.values else ""
    if not text.lstrip("-").isdigit():
        raise IllegalAction("teufel.ui.bet_number")
    return Action("bet", {"amount": int(text)})


def needs_view(click: Click) -> bool:
    """The account and the bet form's button answer from the table's views."""
    return click.prefix == cards.BUTTON and click.verb in ("account", "bet")


async def answer(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """The account, and the bet form (any version of the table; the pipeline has checked
    that the player is seated, and for the form that the engine takes his bet now)."""
    if click.verb == "account":
        text = cards.account_text(current.private[actor], actor, current.locale)
        await interaction.response.send_message(
            ephemeral=True, **ui.send_kwargs(ui.note(text), ACCENT)
        )
        return True
    balance = cards.own_seat(current.private[actor], actor)["balance"]
    form = cards.bet_form(current, balance, current.locale)
    await interaction.response.send_modal(ui.Modal(form))  # type: ignore[arg-type]
    return True


CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.FORM, cards.SELECT),
    to_action=to_action,
    show=show,
    answer=answer,
    needs_view=needs_view,
    any_version=frozenset({"account", "bet"}),
    seated=frozenset({"account"}),
    prompts={"bet": "bet"},
    private_text=lambda outcome, p: cards.account_text(outcome.private[p], p, outcome.locale),
    table_card=lambda d: table(d.service, d.outcome),
)
