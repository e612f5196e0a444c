"""Spectators: what "Zuschauen" on a game's table card answers.

A click on "Zuschauen" by someone who does not play there answers privately with the
card the table's message shows (its text, its pictures, only an "Aktualisieren" button;
in the spectator's language the game's card of the public view) and records him as a
watcher; a player of the table gets a short note. Neither changes
the table, pings anybody or edits the table message: the count shows with the table's
next edit (``cogs.pipeline.onlookers``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.engine import IllegalAction
from bot.play.outcome import LOBBY
from bot.play.tables import Table
from bot.render import onlooker_buttons as onlookers
from bot.render.cards import Card
from bot.render.drawn import ready
from cogs.pipeline import payload as ui
from cogs.pipeline import wire
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.incoming import Click
from cogs.pipeline.onlookers import SHOWN, button_prefix, clicked_table, dress, is_table
from cogs.pipeline.replies import reader_locale, refuse_key
from cogs.pipeline.session import Sessions

Interaction = discord.Interaction[Any]


async def public_card(sessions: Sessions, clicks: GameClicks, game_id: int, locale: str) -> Card:
    """The table's card as its message shows it, for a reader of ``locale``: the kept
    one in the table's language; in another language, or after a restart (none kept), the
    game's table card of the public view as it stands."""
    service = sessions.service
    table = service.tables.get(game_id)
    shown: Card | None = table.extra.get(SHOWN) if locale == table.row.locale else None
    if shown is None and clicks.table_card is not None:
        outcome = replace(service.tables.current(game_id), locale=locale)
        card = clicks.table_card(Delivery(sessions, outcome))
        shown = dress(service, clicks, outcome, card, kept=locale == table.row.locale)
    return shown if shown is not None else Card(description="…")


async def watch(
    interaction: Interaction, click: Click, clicks: GameClicks, sessions: Sessions
) -> None:
    """ "Zuschauen": the table's public card privately to a non-player, who is recorded
    as watching; a player of the table is told that he plays there."""
    service = sessions.service
    viewer = str(interaction.user.id)

    def watchable(table: Table) -> None:
        if not is_table(service, table.row.kind) or table.row.status == LOBBY:
            raise IllegalAction("game.stale")  # a tournament, a lobby: no table to watch

    table = await clicked_table(interaction, service, click.game_id, watchable)
    if table is None:
        return
    if viewer in table.row.players:
        mine = reader_locale(interaction, table.row.locale)
        await refuse_key(interaction, "spectate.playing", mine)
        return
    if not table.over:
        service.watchers.add(click.game_id, viewer)
    card = await _spectated(interaction, clicks, click.game_id, sessions)
    accent = ui.accent_of(table.row.kind)
    await wire.answer(interaction, ephemeral=True, **ui.send_kwargs(card, accent, kept=True))


async def refresh(
    interaction: Interaction, click: Click, clicks: GameClicks, sessions: Sessions
) -> None:
    """ "Aktualisieren" on a spectator's card: the card shows the table as it stands now."""
    table = await clicked_table(interaction, sessions.service, click.game_id)
    if table is None:
        return
    card = await _spectated(interaction, clicks, click.game_id, sessions)
    kwargs = ui.message_kwargs(card, ui.accent_of(table.row.kind), kept=True)
    await wire.edit_clicked(interaction, **kwargs)


async def _spectated(
    interaction: Interaction, clicks: GameClicks, game_id: int, sessions: Sessions
) -> Card:
    """The spectator's card: the table's public card, its controls one "Aktualisieren"
    (in the spectator's language), its pictures drawn."""
    outcome = sessions.service.tables.current(game_id)
    mine = reader_locale(interaction, outcome.locale)
    shown = await public_card(sessions, clicks, game_id, mine)
    card = onlookers.spectator_card(shown, button_prefix(clicks), outcome, mine)
    return await ready(card)
