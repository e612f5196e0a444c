"""Evenings that wait, with a check-in: a group whose evening is set waits (its table
paused, its clock stopped). At the evening its thread is woken and its players are pinged
with a "Bin dabei" button (the reminder DM carries one too); the table opens when the host
starts it (``/turnier starten``) or the wait the host set (``/turnier termin wartezeit:``,
15 minutes unless he says) after the evening began, and whoever has not
checked in by then is handled as the host chose: the absence rule plays for him, or he is
also out of the tournament (a substitute is seated before with ``/turnier ersetzen``). A
group without an evening plays at once, as before; cancelling an evening opens a waiting
table at once; a table someone already acted at is never paused for an evening set later.

The steps are the tournament's workflow (bot.play.tournaments); here they are announced.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import discord

from bot.render import tournament_cards as tcards
from bot.render.cards import ClickId
from bot.service import Outcome
from bot.tournament.game import TournamentGame
from cogs.pipeline import payload as ui
from cogs.pipeline.session import TableSession
from cogs.table_bot import TableBot

log = logging.getLogger(__name__)

LOOKBACK = 50
"""The bot's recent messages in a thread or DM searched for a group's "Bin dabei"."""


async def wait_for_evening(session: TableSession, number: int) -> None:
    """After an evening was set (in the tournament's session): the group's table waits for
    it, if nobody has played yet."""
    tid = session.game_id
    await session.deliver_all(
        await session.run_all(lambda s: s.tournaments.wait_for_evening(tid, number))
    )


async def resume(session: TableSession, game_id: int, by: str) -> None:
    """Open a group's table that waits (paused for its evening), from the tournament's
    session."""
    await session.deliver_all(await session.run_all(lambda s: s.tournaments.resume(game_id, by)))


async def start(session: TableSession, number: int, handling: str, by: str) -> Outcome:
    """A waiting group starts (bot.play.tournaments.Tournaments.start_group), in the
    tournament's session, announced; the tournament after it. Raises IllegalAction (nothing
    changed) when it cannot start."""
    tid = session.game_id
    steps = await session.run_all(lambda s: s.tournaments.start_group(tid, number, handling, by))
    await session.deliver_all(steps)
    return steps[-1]


async def open_evenings(bot: TableBot, now: datetime) -> int:
    """At each waiting group's evening: its players called to check in; its wait later
    its table opens (the tournament cog's minute task calls this, tests too), each
    tournament in its session. Returns how many steps it took."""
    sessions, taken = bot.router.sessions, 0
    flow = sessions.service.tournaments
    for tid in sessions.service.tables.live_games(TournamentGame.kind):
        async with sessions(tid) as session:
            for step in await flow.open_evenings_of(tid, now):
                await session.deliver_all(step)
                taken += 1
    return taken


async def close_checkins(
    client: discord.Client, channel: Any, tournament_id: int, number: int
) -> int:
    """The "Bin dabei" of group ``number``'s evening closes on the bot's recent messages in
    ``channel`` (the group's thread: its call; a DM: a reminder), each read as it stands
    and kept without its button: the table opened, or its reader no longer plays there.
    Closing again is harmless. How many it closed."""
    closed = 0
    for raw in await _checkins(client, channel, tournament_id, number):
        kept = ui.Components(ui.without_controls(raw.get("components") or []))
        message = channel.get_partial_message(int(raw["id"]))
        await message.edit(view=kept, allowed_mentions=ui.NO_PINGS)
        closed += 1
    return closed


async def checkin_messages(
    client: discord.Client, channel: Any, tournament_id: int, number: int
) -> list[int]:
    """The ids of the bot's recent messages in ``channel`` that offer group ``number``'s
    "Bin dabei"."""
    return [int(raw["id"]) for raw in await _checkins(client, channel, tournament_id, number)]


async def _checkins(
    client: discord.Client, channel: Any, tournament_id: int, number: int
) -> list[dict[str, Any]]:
    if client.user is None:
        return []
    found: Any = await client.http.logs_from(channel.id, LOOKBACK)  # as Discord sent them
    mine = [raw for raw in found if int((raw.get("author") or {}).get("id", 0)) == client.user.id]
    return [
        raw for raw in mine
        if any(_is_checkin(c, tournament_id, number) for c in _custom_ids(raw))
    ]  # fmt: skip


async def close_reminder(client: discord.Client, player: str, tournament_id: int,
                         number: int) -> None:  # fmt: skip
    """A player's reminder DM for group ``number``'s evening loses its "Bin dabei" (he was
    replaced); a DM that cannot be read is left as it is (its button is refused)."""
    try:
        user = client.get_user(int(player)) or await client.fetch_user(int(player))
        channel = user.dm_channel or await user.create_dm()
        await close_checkins(client, channel, tournament_id, number)
    except discord.HTTPException as exc:
        log.info("reminder of %s not closed: %s %s", player, exc.status, exc.code)


def _is_checkin(custom_id: str, tournament_id: int, number: int) -> bool:
    click = ClickId.parse(custom_id)
    return (
        click is not None
        and click.prefix == tcards.BUTTON
        and click.game_id == tournament_id
        and click.verb == "checkin"
        and click.arg == str(number)
    )


def _custom_ids(raw: Any) -> Iterator[str]:
    """Every custom id in a message's (or component's) components, nested ones too."""
    for component in raw.get("components") or []:
        if isinstance(component, dict):
            if "custom_id" in component:
                yield str(component["custom_id"])
            yield from _custom_ids(component)
