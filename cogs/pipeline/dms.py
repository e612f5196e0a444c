"""Private messages by DM: each player his own, and one public pointer (never the secret)
for those whose DMs are closed."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import discord

from bot.i18n import t
from bot.render.cards import Card
from bot.render.drawn import ready
from bot.render.lobby_card import mention
from cogs.pipeline import wire
from cogs.pipeline.payload import send_kwargs

log = logging.getLogger(__name__)


def closed_notice(key: str, locale: str, **params: object) -> Callable[[list[str]], str]:
    """The public pointer for players whose DMs are closed: ``key`` names them, in the
    singular for one ("deine DMs") and the plural for more ("eure DMs"), with ``params``."""

    def notice(closed: list[str]) -> str:
        players = ", ".join(mention(player) for player in closed)
        return t(key, locale, players=players, count=len(closed), **params)

    return notice


async def send_dm(
    client: discord.Client,
    player: str | discord.User | discord.Member,
    card: Card,
    *,
    nonce: str | None = None,
    accent: int | None = None,
) -> bool:
    """A private message by DM, as a card (its text, picture and buttons, in ``accent``);
    False when it could not be delivered: closed DMs (50007),
    or any other failure (an unknown user, Discord's 5xx after its retries), which is
    logged. The caller points the player elsewhere, never to the secret itself."""
    try:
        # the DM channel by the player's id: opened once, then known (no user fetched)
        user = discord.Object(int(player)) if isinstance(player, str) else player
        dm = await client.create_dm(user)
        await wire.post(dm, nonce=nonce, **send_kwargs(await ready(card), accent))
    except discord.HTTPException as exc:
        if not (isinstance(exc, discord.Forbidden) and exc.code == 50007):
            log.warning("DM to %s failed (%s %s); pointed elsewhere", getattr(player, "id", player),
                        exc.status, exc.code)  # fmt: skip
        return False
    return True


async def dm_players(
    client: discord.Client,
    channel: discord.abc.Messageable,
    messages: Mapping[str, Card],
    closed_notice: Callable[[list[str]], str],
    *,
    nonce: Callable[[str], str] | None = None,
    accent: int | None = None,
) -> list[str]:
    """Send each player his private message by DM (:func:`send_dm`): a card in his
    language, buttons and all. Players it did not reach get one
    public pointer (``closed_notice`` of their ids, never the secret itself), and the
    table goes on: every private state can be shown again by its button."""
    closed = []
    for player, card in messages.items():
        if not player.isdigit():  # a seat that is no user (Lopaka, Glitterhuis)
            continue
        player_nonce = None if nonce is None else nonce(player)
        if not await send_dm(client, player, card, nonce=player_nonce, accent=accent):
            closed.append(player)
    if closed:
        closed_nonce = None if nonce is None else nonce("closed")
        await wire.post(channel, content=closed_notice(closed), nonce=closed_nonce)
    return closed
