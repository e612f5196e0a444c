"""Auf Teufel komm raus's controls, one per verb: ``draw`` (ziehen), ``stopp``, "Setzen"
with its sealed bet form, and "Mein Konto" (any version, only the seated)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.games.teufel.render import cards
from bot.service import Outcome
from cogs.games.teufel.show import ACCENT, KIND, show, table
from cogs.pipeline import payload as ui
from cogs.pipeline.clicks import Control, Decides, GameClicks, simple
from cogs.pipeline.incoming import Click
from cogs.pipeline.replies import send_private


def _bet(interaction: Any, click: Click, current: Outcome | None) -> Action:
    """The submitted bet form (routed by its custom id like a click, so a form opened
    before a restart is answered too; the engine checks the bet against the balance it
    knows now)."""
    text = click.values[0].strip() if click.values else ""
    if not text.lstrip("-").isdigit():
        raise IllegalAction("teufel.ui.bet_number")
    return Action("bet", {"amount": int(text)})


async def account(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """ "Mein Konto", to the seated player alone, from any version of the table."""
    text = cards.account_text(current.private[actor], actor, current.locale)
    await send_private(interaction, **ui.send_kwargs(ui.note(text), ACCENT))
    return True


async def bet_form(
    interaction: discord.Interaction[Any], click: Click, current: Outcome, actor: str
) -> bool:
    """ "Setzen": the sealed bet's form (the engine takes his bet now: the pipeline asked)."""
    form = cards.bet_form(current, cards.own_balance(current.private[actor], actor), current.locale)
    await interaction.response.send_modal(ui.Modal(form))  # type: ignore[arg-type]
    return True


BETS = Decides("bet")  # the form opens, and is taken, only while the engine takes his bet

CLICKS = GameClicks(
    KIND,
    (cards.BUTTON, cards.FORM, cards.SELECT),
    controls=(
        Control("draw", simple),
        Control("stopp", simple),
        Control("bet", answer=bet_form, decides=BETS, any_version=True, prefix=cards.BUTTON),
        Control("bet", _bet, decides=BETS, any_version=True, prefix=cards.FORM),
        Control("account", answer=account, seated=True, any_version=True),
    ),
    show=show,
    private_text=lambda outcome, p: cards.account_text(outcome.private[p], p, outcome.locale),
    table_card=lambda d: table(d.service, d.outcome),
)
