"""Rematch: "Nochmal" on a casual table's last card opens a new lobby in its channel for
the same game with the same options, its host the player who pressed it, the others
invited (their seats kept, in their former order), each pinged once by one plain line
below the lobby; each joins with one click on "Beitreten", and the host starts.

The new lobby's options name the table it continues (``rematch_of``): a second press,
by anyone, a double click or after a restart, finds that lobby (or the game it became)
and answers with a link to it instead of opening another.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import IllegalAction
from bot.i18n import listed, t
from bot.play.tables import Table
from bot.players.seats import humans
from bot.render.lobby_card import mention
from bot.service import Outcome, Service
from cogs.pipeline import payload as ui
from cogs.pipeline import wire
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.delivery import nonce_of
from cogs.pipeline.incoming import Click, actor_of
from cogs.pipeline.onlookers import casual, clicked_table, is_table
from cogs.pipeline.replies import reader_locale, respond
from cogs.pipeline.session import TableSession
from cogs.pipeline.table_places import channel_by_id, table_link

REMATCH_OF = "rematch_of"
"""The option of a rematch's table that names the table it continues."""


def open_rematch(service: Service, game_id: int) -> int | None:
    """The live table (a lobby, or the game it started) that continues ``game_id``."""
    for table in service.tables.loaded():
        if table.live and table.row.options.get(REMATCH_OF) == game_id:
            return table.id
    return None


def _checked(service: Service, table: Table, player: str) -> None:
    """IllegalAction unless ``table`` is an ended casual table that ``player`` played."""
    if not (is_table(service, table.row.kind) and table.over and casual(table.row.options)):
        raise IllegalAction("rematch.casual_only")
    if player not in table.row.players:
        raise IllegalAction("rematch.not_a_player")


async def rematch(
    interaction: discord.Interaction[Any], click: Click, clicks: GameClicks, session: TableSession
) -> None:
    """ "Nochmal": the rematch's lobby, opened now or found; the presser gets its link. In
    the ended table's session: a double click opens one lobby."""
    service, player = session.service, actor_of(interaction)
    table = await clicked_table(
        interaction, service, click.game_id, lambda ended: _checked(service, ended, player)
    )
    if table is None:
        return
    found = open_rematch(service, table.id)
    invited: list[str] = []
    if found is None:
        outcome, invited = await _open(session, clicks, table, player)
    else:
        outcome = service.tables.current(found)
    link = table_link(interaction.guild_id or 0, outcome)
    text = t("rematch.open", reader_locale(interaction, table.row.locale), link=link)
    await respond(interaction, content=text, ephemeral=True)
    if invited:
        await _ping(interaction, outcome, invited)


async def _open(
    session: TableSession, clicks: GameClicks, table: Table, host: str
) -> tuple[Outcome, list[str]]:
    """The new lobby, posted in the table's channel as its message; the players invited."""
    sessions = session.sessions
    row = table.row
    options = {**{k: v for k, v in row.options.items() if k != REMATCH_OF}, REMATCH_OF: row.id}
    former = list(row.players)
    outcome = await sessions.open_lobby(
        row.kind, host, options, guild_id=row.guild_id, channel_id=row.channel_id,
        locale=row.locale, invited=former,
    )  # fmt: skip
    async with sessions(outcome.game_id) as lobby:  # the lobby, posted
        await lobby.deliver(outcome, show=clicks.show)
    invited = [p for p in humans(former) if p != host]  # the computers sat down at once
    return sessions.service.tables.current(outcome.game_id), invited


async def _ping(interaction: discord.Interaction[Any], lobby: Outcome, players: list[str]) -> None:
    """One plain line below the lobby that pings the invited (as a turn's ping does)."""
    locale = lobby.locale
    names = listed((mention(p) for p in players), locale)
    text = t("rematch.ping", locale, players=names, count=len(players))
    channel = await channel_by_id(interaction.client, lobby.channel_id)
    nonce = nonce_of(lobby.game_id, lobby.version, "rematch:ping")
    await wire.post(channel, nonce=nonce, **ui.ping_kwargs(text, players))
