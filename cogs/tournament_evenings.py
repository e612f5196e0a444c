"""Evenings that wait: a group whose evening is set waits (its table paused, its clock
stopped) until that evening or until the host resumes it with ``/v6 fortsetzen`` in its
thread; at the evening the thread is woken, its players are pinged and the table opens. A
group without an evening plays at once, as before; cancelling an evening opens a waiting
table at once. A table that has begun (someone acted at it) is never paused for an
evening set later.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.engine import Action, IllegalAction
from bot.i18n import t
from bot.render.tournament_cards import timestamp
from bot.service import Outcome
from bot.tournament.game import SYSTEM
from bot.tournament.rules import evenings_due
from cogs.base import client_service
from cogs.delivery import announce

KIND = "turnier"
SETUP_VERSION = 1  # a table created with its setup and nothing played since


def _group(tournament: Outcome, number: int) -> dict[str, Any] | None:
    groups = tournament.public["rounds"][-1]["groups"] if tournament.public["rounds"] else []
    return next((g for g in groups if g["number"] == number), None)


async def wait_for_evening(client: discord.Client, tournament: Outcome, number: int) -> None:
    """After an evening was set: the group's table waits for it, if nobody has played yet."""
    service = client_service(client)
    group = _group(tournament, number)
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


async def open_now(client: discord.Client, tournament: Outcome, number: int) -> None:
    """The group's evening begins (or was cancelled): its players are pinged in its
    thread and its table opens, if it still waits."""
    service = client_service(client)
    group = _group(tournament, number)
    if group is None or group["game_id"] is None:
        return
    began = await service.act(tournament.game_id, SYSTEM, Action("evening", {"group": number}))
    table = service.tables.current(group["game_id"])
    if table.status == "paused":
        try:
            resumed = await service.host.do(group["game_id"], SYSTEM, "resume")
        except IllegalAction:  # resumed meanwhile by the host
            resumed = None
        if resumed is not None:
            await announce(client, resumed)
    await announce(client, began)


async def open_evenings(client: discord.Client, now: datetime) -> int:
    """Open every waiting table whose evening has begun; returns how many (the
    tournament cog's minute task calls this, tests too)."""
    service = client_service(client)
    count = 0
    for tid in service.tables.live_games(KIND):
        tournament = service.tables.current(tid)
        for group in evenings_due(tournament.public, now.isoformat()):
            await open_now(client, service.tables.current(tid), int(group["number"]))
            count += 1
    return count
