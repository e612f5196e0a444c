"""``/<spiel> üben``: a practice table for one person against computer players, in a
private thread only he (and the server's moderators) can see, marked as practice on every
message and kept out of the ratings (the table's ``practice`` option)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.engine import Action, Game
from bot.engine.core import player_bounds
from bot.i18n import t
from bot.lobby import ADD
from bot.players.seats import PRACTICE, computer_id, level_of
from cogs.croupier_cog import CroupierCog
from cogs.pipeline.replies import reader_locale, refuse_key
from cogs.table_bot import table_bot

log = logging.getLogger(__name__)

Computers = app_commands.Range[int, 1, 5]
"""How many computer players sit at a practice table (the game's bounds decide)."""
THREAD_ARCHIVE_MINUTES = 1440


def practice_seats(
    game: Game[Any], options: dict[str, Any], person: str, level: str, count: int | None
) -> list[str] | None:
    """The seats of a practice table: the person first, then ``count`` computers (None:
    as few as the game needs, at least one); None if the game seats no such number."""
    low, high = player_bounds(game, options)
    wanted = max(1, low - 1) if count is None else count
    if not low <= wanted + 1 <= high:
        return None
    return [person, *(computer_id(level, n) for n in range(1, wanted + 1))]


async def open_practice(
    cog: CroupierCog,
    interaction: discord.Interaction[Any],
    kind: str,
    level: str,
    count: int | None,
    *,
    options: dict[str, Any],
) -> None:
    """Open and start the practice table, then tell the person where it is (privately)."""
    service, person = cog.service, str(interaction.user.id)
    locale, mine = cog.locale(interaction), reader_locale(interaction, cog.locale(interaction))
    seats = practice_seats(service.games[kind], options, person, level, count)
    if seats is None:
        low, high = player_bounds(service.games[kind], options)
        await refuse_key(interaction, "practice.count", mine, low=max(1, low - 1), high=high - 1)
        return
    service.directory.remember_name(person, interaction.user.display_name)
    await interaction.response.defer(ephemeral=True, thinking=True)
    game = t(f"game.name.{kind}", locale)
    channel: Any = interaction.channel
    try:
        thread = await channel.create_thread(
            name=t("practice.thread", locale, game=game, player=interaction.user.display_name)[
                :100
            ],
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
        await thread.add_user(interaction.user)
    except (discord.HTTPException, AttributeError):
        log.info("practice: no private thread in %s; asked for the permission",
                 interaction.channel_id)  # fmt: skip
        await refuse_key(interaction, "practice.no_thread", mine)
        return
    sessions = table_bot(interaction.client).router.sessions
    opened = await sessions.open_lobby(
        kind, person, {**options, PRACTICE: True}, guild_id=interaction.guild_id,
        channel_id=thread.id, locale=locale,
    )  # fmt: skip
    async with sessions(opened.game_id) as session:
        for seat in seats[1:]:  # seated and started as at any table: the log says so
            await session.act(person, Action("computer", {ADD: level_of(seat)}))
        outcome = await session.act(person, Action("start"), nonce=str(interaction.id))
        # the seating is told by the start's table: delivered with it, never owed again
        await session.deliver(outcome, first=opened.version + 1)
    await interaction.followup.send(
        t("practice.opened", mine, game=game, thread=thread.mention, level=level), ephemeral=True
    )
