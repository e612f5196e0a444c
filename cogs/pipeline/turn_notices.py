"""Telling whoever must act, after every delivery of a game (bot.play.turn_notice says
whom and how): in the table's channel, or by a DM (closed DMs: the channel). A turn that
opens a new table message pings in that message itself, in a line below its card
(:func:`new_table`); one that passes by an edit gets a short line of its own that
mentions only them (:func:`tell_turn`). The line that stood before is deleted when it is
replaced or nobody it named must act any more; a ping inside a table message is never
deleted, only forgotten. Every message and DM goes with the delivery's nonce, so a
redelivery gets Discord's first back."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

import discord

from bot.i18n import listed, t
from bot.play.outcome import OPEN
from bot.play.turn_notice import Telling, TurnNotice, telling
from bot.players.seats import humans
from bot.render.cards import Card
from bot.render.lobby_card import mention
from cogs.pipeline import payload as ui
from cogs.pipeline import wire
from cogs.pipeline.delivery import Delivery, Event
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


def _telling(d: Delivery, before: TurnNotice, actor: str | None) -> Telling:
    must = owed(d)
    directory = d.service.directory
    how = {p: directory.notify(p) for p in must if p not in before.told}
    return telling(must, before, actor, how)


async def new_table(d: Delivery, card: Card, cause: Event | None = None) -> int:
    """The table's new message (a new turn, round or hand, opened by ``cause``) with its
    ping inside: it tells everyone it awaits anew (him who acted too), and those who want
    the channel's ping are mentioned in a line below its card (a mention in a new message
    notifies; in an edit it would not). The line that stood is deleted. The record says
    that the ping stands in this table message, so that neither a later turn nor a
    redelivery (which gets the same message back by its nonce) deletes it as a line. The
    DMs go after the delivery (:func:`tell_turn`), as those of any turn."""
    tables, game_id = d.service.tables, d.outcome.game_id
    before = tables.turn_notice(game_id)
    plan = _telling(d, replace(before, told=()), None)
    players = plan.by_channel
    message_id = await d.new_table(card, cause, _ping(d, players) if players else None)
    after = plan.after
    if players:
        after = replace(after, ping=message_id, pinged=players, in_table=True)
    d.told = plan
    await _record(d, before, after)
    return message_id


async def tell_turn(d: Delivery, actor: str | None) -> None:
    """Tell whoever must act now and was not told yet (``actor`` just acted: he sees the
    table change); after a new table message (:func:`new_table`), those it did not ping:
    who wants a DM, and by a line who wanted one but whose DMs are closed."""
    game_id = d.outcome.game_id
    before = d.service.tables.turn_notice(game_id)
    if d.told is not None:  # the new table pinged the channel's players
        plan = replace(d.told, by_channel=(), after=before)
    else:
        plan = _telling(d, before, actor)
    by_channel = list(plan.by_channel)
    if plan.by_dm:
        by_channel += await _dm(d, plan.by_dm)
    after = plan.after
    if by_channel:  # a new line: the ping that stood goes
        after = replace(after, ping=None, pinged=(), in_table=False)
    await _record(d, before, after)
    if by_channel:
        ping = await _line(d, by_channel)
        after = replace(after, ping=ping, pinged=tuple(by_channel))
        d.service.tables.set_turn_notice(game_id, after)


async def _record(d: Delivery, before: TurnNotice, after: TurnNotice) -> None:
    """``after`` written first (a line is never deleted twice), then the line that stood
    deleted unless it stands still; a ping in a table message is only forgotten."""
    d.service.tables.set_turn_notice(d.outcome.game_id, after)
    gone = before.line
    if gone is not None and gone != after.ping:
        await _delete(d, gone)


def _ping(d: Delivery, players: Sequence[str]) -> ui.Ping:
    """The turn's line naming ``players``, and the mentions it may ping."""
    locale = d.outcome.locale
    names = listed((mention(p) for p in players), locale)
    return t("ui.turn_ping", locale, players=names, count=len(players)), players


async def _line(d: Delivery, players: Sequence[str]) -> int:
    text, named = _ping(d, players)
    return await d.post(PART, **ui.ping_kwargs(text, named))


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
