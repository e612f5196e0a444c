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

from datetime import datetime

import discord

from bot.service import Outcome
from cogs.croupier_cog import client_service
from cogs.pipeline.delivery import announce_each


async def wait_for_evening(client: discord.Client, tournament_id: int, number: int) -> None:
    """After an evening was set: the group's table waits for it, if nobody has played yet."""
    flow = client_service(client).tournaments
    await announce_each(client, await flow.wait_for_evening(tournament_id, number))


async def resume(client: discord.Client, game_id: int, by: str) -> None:
    """Open a table that waits (paused for its evening)."""
    await announce_each(client, await client_service(client).tournaments.resume(game_id, by))


async def start(
    client: discord.Client, tournament_id: int, number: int, handling: str, by: str
) -> Outcome:
    """A waiting group starts (bot.play.tournaments.Tournaments.start_group), announced;
    the tournament after it. Raises IllegalAction (nothing changed) when it cannot start."""
    flow = client_service(client).tournaments
    steps = await flow.start_group(tournament_id, number, handling, by)
    await announce_each(client, steps)
    return steps[-1]


async def open_evenings(client: discord.Client, now: datetime) -> int:
    """At each waiting group's evening: its players called to check in; its wait later
    its table opens (the tournament cog's minute task calls this, tests too). Returns how
    many steps it took."""
    steps = await client_service(client).tournaments.open_evenings(now)
    for step in steps:
        await announce_each(client, step)
    return len(steps)
