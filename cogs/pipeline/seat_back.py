"""A player a computer plays for takes his seat back with one click ("Selbst
weiterspielen", verb :data:`BACK`, on the host's announcement): any version of the table
takes it, only he may press it, and the table shows it at once."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import IllegalAction
from bot.i18n import t
from bot.render.cards import Button, custom_id
from cogs.pipeline.incoming import Click, actor_of
from cogs.pipeline.replies import reader_locale, refuse, respond
from cogs.pipeline.session import TableSession

BACK = "back"


def back_button(prefix: str, game_id: int, version: int, locale: str) -> Button:
    """The button that hands the seat back to the player a computer stands in for."""
    return Button(custom_id(prefix, game_id, version, BACK), t("ui.button.back", locale), "success")


async def take_back(
    interaction: discord.Interaction[Any], click: Click, session: TableSession
) -> None:
    """The clicker takes his seat back (refused privately if no computer plays for him)."""
    service, actor = session.service, actor_of(interaction)
    locale = "de"
    try:
        locale = service.tables.get(click.game_id).row.locale
        outcome = await session.run(lambda s: s.host.take_back(click.game_id, actor))
    except IllegalAction as exc:
        await refuse(interaction, exc, locale)
        return
    mine = reader_locale(interaction, locale)
    await respond(interaction, content=t("ui.seat_back", mine), ephemeral=True)
    await session.deliver(outcome, answer=False)
