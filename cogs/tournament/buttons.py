"""A tournament's buttons, on the click path every game's clicks take
(:class:`~cogs.pipeline.clicks.GameClicks`): *Anmelden*, *Abmelden*, *Als Ersatz melden*
and *Anmeldung schließen* on the registration, *Bin dabei* for a group's evening (in its
thread and by DM), and a host's confirmation of a correction that undoes a round."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Action
from bot.i18n import t
from bot.render import tournament_cards as tcards
from bot.service import Outcome
from bot.tournament.view import typed_view
from cogs.croupier_cog import hosts
from cogs.pipeline import payload as ui
from cogs.pipeline.clicks import Control, GameClicks
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.dms import send_dm
from cogs.pipeline.incoming import Click
from cogs.pipeline.plans import carry_out
from cogs.pipeline.replies import reader_locale, respond
from cogs.tournament import correction_prompt
from cogs.tournament.group_threads import follow_stechen, plan, show_checkins

TOUR = ui.accent_of("turnier")

Interaction = discord.Interaction[Any]
KIND = "turnier"


def _registration(interaction: Interaction, click: Click, current: Outcome | None) -> Action:
    """*Anmelden*, *Abmelden*, *Als Ersatz melden*, *Anmeldung schließen*: a host's click
    says so (he may act for the tournament)."""
    return Action(click.verb, {"host": True} if hosts(interaction) else {})


def _checkin(interaction: Interaction, click: Click, current: Outcome | None) -> Action:
    return Action("checkin", {"group": int(click.arg) if click.arg.isdigit() else 0})


def _confirmed(interaction: Interaction, click: Click, current: Outcome | None) -> Action:
    return correction_prompt.confirmed_action(interaction, click)


async def show(d: Delivery, actor: str | None) -> None:
    """What a tournament's action owes (``group_threads.deliver``); a click is answered
    privately too: before it for a check-in and a confirmed correction (their message is
    no registration: a thread's call, a DM, a private prompt), after it for a
    registration (with the welcome DM)."""
    interaction, outcome, click = d.interaction, d.outcome, d.click
    verb = None if click is None or actor is None else click.verb
    if interaction is not None and click is not None and verb == "checkin":
        text = t("ui.tour.checked_in", reader_locale(interaction, outcome.locale))
        await respond(interaction, content=text, ephemeral=True)
        # Its message is a thread's call or a DM: the tournament's own messages are
        # edited in their channel, through the API.
        d.interaction = None
    elif interaction is not None and click is not None and verb == "confirm":
        await correction_prompt.confirmed(interaction, click, outcome)
    await carry_out(d, plan(d))
    await show_checkins(d)
    await follow_stechen(d)
    if interaction is None or verb not in ("register", "unregister", "reserve"):
        return
    mine = reader_locale(interaction, outcome.locale)
    was_reserve = bool(outcome.events[-1].get("reserve"))  # one role per person: moved
    if verb == "register":
        text = await _welcome(interaction, outcome)
        if was_reserve:
            text = f"{text} {t('ui.tour.no_longer_reserve', mine)}"
        await interaction.followup.send(text, ephemeral=True)
    elif verb == "unregister":
        left = "ui.tour.reserve_left" if was_reserve else "ui.tour.left"
        await interaction.followup.send(t(left, mine), ephemeral=True)
    else:
        await interaction.followup.send(t("ui.tour.reserve_done", mine), ephemeral=True)


async def _welcome(interaction: Interaction, outcome: Outcome) -> str:
    """DM the new player (in his language); closed DMs are told privately, never in public."""
    locale = reader_locale(interaction, outcome.locale)
    text = t("ui.tour.dm", locale, name=typed_view(outcome.public)["name"])
    if await send_dm(interaction.client, interaction.user, ui.note(text), accent=TOUR):
        return t("ui.tour.joined_dm", locale)
    return t("ui.tour.joined_no_dm", locale)


# Registration buttons take any version: the tournament moves on while its registration
# message stays (a reserve steps up while the rounds are played); a correction's
# confirmation is made for one version, and still taken once the tournament is over.
CLICKS = GameClicks(
    KIND,
    (tcards.BUTTON,),
    controls=(
        *(Control(v, _registration, any_version=True)
          for v in ("register", "unregister", "reserve", "close")),
        Control("checkin", _checkin, any_version=True),
        Control("confirm", _confirmed, after_end=True),
    ),
    show=show,
)  # fmt: skip
