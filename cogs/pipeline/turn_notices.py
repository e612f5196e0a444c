"""Telling whoever must act, after every delivery of a game (bot.play.turn_notice says
whom and how): a short line in the table's channel that mentions only them, or a DM
(closed DMs: the line), and the line that stood before deleted when it is replaced or
nobody it named must act any more. Every line and DM goes with the delivery's nonce, so
a redelivery gets Discord's first back."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

import discord

from bot.i18n import listed, t
from bot.play.outcome import OPEN
from bot.play.turn_notice import telling
from bot.players.seats import humans
from bot.render.cards import Card
from bot.render.lobby_card import mention
from cogs.pipeline import payload as ui
from cogs.pipeline import wire
from cogs.pipeline.delivery import Delivery
from cogs.pipeline.dms import send_dm
from cogs.pipeline.table_places import table_link

log = logging.getLogger(__name__)

PART = "turn"
"""The delivery's part of a turn's line and DMs (their nonces)."""


def owed(d: Delivery) -> list[str]:
    """The people who must act now: no computer, no seat a computer plays for; nobody
    while the table is paused or over."""
    outcome, service = d.outcome, d.service
    if service.tables.get(outcome.game_id).row.status != OPEN:
        return []
    stood = service.computers.stand_ins(outcome.game_id)
    return [p for p in humans(outcome.to_act) if p not in stood]


async def tell_turn(d: Delivery, actor: str | None) -> None:
    """Tell whoever must act now and was not told yet (``actor`` just acted: he sees the
    table change); a new table message (a new turn, round or hand) tells everyone it
    awaits anew, him too."""
    outcome, service = d.outcome, d.service
    tables, directory = service.tables, service.directory
    must = owed(d)
    before = tables.turn_notice(outcome.game_id)
    if d.new_turn:
        before, actor = replace(before, told=()), None
    how = {p: directory.notify(p) for p in must if p not in before.told}
    plan = telling(must, before, actor, how)
    by_channel = list(plan.by_channel)
    if plan.by_dm:
        by_channel += await _dm(d, plan.by_dm)
    after = plan.after
    gone = before.ping if plan.drop_ping else None
    if by_channel and after.ping is not None:  # closed DMs of a DM's player: a new line
        gone, after = after.ping, replace(after, ping=None, pinged=())
    tables.set_turn_notice(outcome.game_id, after)  # first: a line is never deleted twice
    if gone is not None:
        await _delete(d, gone)
    if by_channel:
        ping = await _line(d, by_channel)
        tables.set_turn_notice(outcome.game_id, replace(after, ping=ping, pinged=tuple(by_channel)))


async def _line(d: Delivery, players: Sequence[str]) -> int:
    locale = d.outcome.locale
    names = listed((mention(p) for p in players), locale)
    text = t("ui.turn_ping", locale, players=names, count=len(players))
    return await d.post(PART, **ui.ping_kwargs(text, players))


async def _dm(d: Delivery, players: Sequence[str]) -> list[str]:
    """Each player his DM, with a link to the table; those it did not reach (closed DMs)."""
    outcome, directory = d.outcome, d.service.directory
    guild = d.service.tables.get(outcome.game_id).row.guild_id
    link = table_link(guild, outcome) if guild is not None else ""
    closed = []
    for player in players:
        locale = directory.reader_locale(player, outcome.locale)
        game = t(f"game.name.{outcome.kind}", locale)
        text = t("ui.turn_dm", locale, game=game, channel=f"<#{outcome.channel_id}>", link=link)
        card = Card(description=text.strip())
        nonce = d.nonce(f"{PART}:{player}")
        if not await send_dm(d.client, player, card, nonce=nonce, accent=d.accent):
            closed.append(player)
    return closed


async def _delete(d: Delivery, message_id: int) -> None:
    """The line that stood goes (one already gone, or not the bot's to delete, is left)."""
    try:
        channel = await d.channel()
        await wire.delete(channel, message_id)
    except discord.HTTPException as exc:
        log.info("game %s: the turn's line %s stays (%s)", d.outcome.game_id, message_id, exc)
