"""Evenings that wait, with a check-in: a group whose evening is set waits (its table
paused, its clock stopped). At the evening its thread is woken and its players are pinged
with a "Bin dabei" button (the reminder DM carries one too); the table opens when the host
starts it (``/turnier starten``) or the wait the host set (``/turnier termin wartezeit:``,
15 minutes unless he says) after the evening began, and whoever has not
checked in by then is handled as the host chose: the absence rule plays for him, or he is
also out of the tournament (a substitute is seated before with ``/turnier ersetzen``). A
group without an evening plays at once, as before; cancelling an evening opens a waiting
table at once; a table someone already acted at is never paused for an evening set later.
"""

from __future__ import annotations

from datetime import datetime

import discord

from bot.engine import Action, IllegalAction
from bot.i18n import t
from bot.render.tournament_cards import timestamp
from bot.service import Outcome
from bot.tournament.game import SYSTEM
from bot.tournament.rules import evenings_due
from cogs.croupier_cog import client_service
from cogs.pipeline.delivery import announce
from cogs.tournament.group_threads import group_of

KIND = "turnier"
SETUP_VERSION = 1  # a table created with its setup and nothing played since


async def wait_for_evening(client: discord.Client, tournament: Outcome, number: int) -> None:
    """After an evening was set: the group's table waits for it, if nobody has played yet."""
    service = client_service(client)
    group = group_of(tournament, number)
    if group is None or group["game_id"] is None or group["waiting"] or not group["evening"]:
        return
    table = service.tables.current(group["game_id"])
    if table.status != "open" or table.version > SETUP_VERSION:
        return  # it has begun: it plays on
    waiting = await service.act(tournament.game_id, SYSTEM, Action("wait", {"group": number}))
    await announce(client, waiting)
    reason = t("ui.tour.waits", tournament.locale, when=timestamp(group["evening"]))
    paused = await service.host.do(group["game_id"], SYSTEM, "pause", reason=reason)
    await announce(client, paused)


async def resume(client: discord.Client, game_id: int, by: str) -> None:
    """Open a table that waits (paused for its evening)."""
    service = client_service(client)
    if service.tables.current(game_id).status != "paused":
        return
    try:
        resumed = await service.host.do(game_id, by, "resume")
    except IllegalAction:  # resumed meanwhile by the host
        return
    await announce(client, resumed)


async def start(
    client: discord.Client, tournament: Outcome, number: int, handling: str, by: str
) -> Outcome:
    """A waiting group starts: its table opens; who did not check in is handled as the
    host chose (``regel``: the absence rule plays for him; ``ausschliessen``: also out of
    the tournament). Raises IllegalAction (nothing changed) when it cannot start."""
    service = client_service(client)
    args = {"group": number, "missing": handling, "host": True}
    started = await service.act(tournament.game_id, by, Action("start_group", args))
    event = started.events[-1]
    group = group_of(started, number)
    if group is not None and group["game_id"] is not None:
        game_id = int(group["game_id"])
        await resume(client, game_id, by)
        reason = t("ui.tour.not_checked_in", tournament.locale)
        for player in event["missing"]:
            kicked = await service.host.kick(game_id, by, str(player), reason)
            await announce(client, kicked)
    await announce(client, started)
    return started


async def open_evenings(client: discord.Client, now: datetime) -> int:
    """At each waiting group's evening: its players called to check in; its wait later
    its table opens, the absence rule playing for whoever did not check in (the tournament
    cog's minute task calls this, tests too). Returns how many steps it took."""
    service = client_service(client)
    count = 0
    for tid in service.tables.live_games(KIND):
        for group, due in evenings_due(service.tables.current(tid).public, now.isoformat()):
            number = int(group["number"])
            if due == "call":
                called = await service.act(tid, SYSTEM, Action("evening", {"group": number}))
                await announce(client, called)
            else:
                await start(client, service.tables.current(tid), number, "regel", SYSTEM)
            count += 1
    return count
