"""A tournament group's evening as a Discord scheduled event: created once, moved when the
evening is moved, deleted when it is cancelled. The event's id is kept in the tournament
(its ``event`` action), so a new time moves the one event instead of adding a second."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import discord

from bot.i18n import t
from bot.play.tournaments import group_of
from bot.service import Outcome
from bot.tournament.view import GroupView, typed_view
from cogs.pipeline.session import TableSession

log = logging.getLogger(__name__)

EVENING_LENGTH = timedelta(hours=3)
UNKNOWN_EVENT = 10070  # "Unknown Guild Scheduled Event": deleted on Discord by hand


def _group(outcome: Outcome, number: int) -> GroupView:
    found = group_of(outcome, number)
    assert found is not None  # the action just named it
    return found


async def server_event(
    session: TableSession,
    guild: discord.Guild | None,
    outcome: Outcome,
    number: int,
    when: datetime,
    *,
    location: str,
) -> bool:
    """The group's scheduled event at ``when``: the one it has moved, else a new one whose
    id the tournament keeps (in the tournament's ``session``). False where the bot may not
    (Create Events missing)."""
    client = session.sessions.client
    if guild is None:
        return False
    start, end = when.astimezone(UTC), (when + EVENING_LENGTH).astimezone(UTC)
    event_id = _group(outcome, number).get("event_id")
    try:
        if event_id:
            try:
                await client.http.edit_scheduled_event(
                    guild.id,
                    event_id,
                    scheduled_start_time=start.isoformat(),
                    scheduled_end_time=end.isoformat(),
                )
                return True
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_EVENT:
                    raise
                log.info("tournament %s group %s: event gone, a new one", outcome.game_id, number)
        name = t(
            "ui.tour.event_name",
            outcome.locale,
            name=typed_view(outcome.public)["name"],
            group=number,
        )
        created = await guild.create_scheduled_event(
            name=name[:100],
            start_time=start,
            end_time=end,
            entity_type=discord.EntityType.external,
            location=location[:100],
            privacy_level=discord.PrivacyLevel.guild_only,
        )
    except discord.Forbidden:
        return False
    kept = str(created.id)
    await session.service.tournaments.keep_event(outcome.game_id, number, kept)
    return True


async def delete_server_event(
    client: discord.Client, guild: discord.Guild | None, event_id: str
) -> bool:
    """Delete a cancelled evening's event (one already gone is fine); False where the bot
    may not."""
    if guild is None:
        return False
    try:
        await client.http.delete_scheduled_event(guild.id, event_id)
    except discord.NotFound:
        pass
    except discord.Forbidden:
        return False
    return True
