"""What every Croupier cog shares: the service, refusals, sending cards, lobbies, hosts."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord.ext import commands

from bot.engine import IllegalAction
from bot.i18n import FALLBACK, has_text, listed, private_locale, t
from bot.render.cards import Card
from bot.render.lobby import mention
from bot.service import Outcome, Service
from cogs.permission_notices import tell_host
from cogs.pipeline import payload as ui
from cogs.pipeline.router import answer_locale, turn_done

log = logging.getLogger(__name__)


def client_service(client: discord.Client) -> Service:
    service: Service = client.service  # type: ignore[attr-defined]
    return service


async def channel_by_id(client: discord.Client, channel_id: int | None) -> Any:
    """A channel or thread by id: from the cache, else asked of Discord (None: no id)."""
    if channel_id is None:
        return None
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


def table_link(guild_id: int, outcome: Outcome) -> str:
    """A jump link to the table's message (to its channel while it has none)."""
    link = f"https://discord.com/channels/{guild_id}/{outcome.channel_id}"
    return link if outcome.message_id is None else f"{link}/{outcome.message_id}"


def service_of(interaction: discord.Interaction[Any]) -> Service:
    return client_service(interaction.client)


def actor_of(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.user.id)


def channel_of(interaction: discord.Interaction[Any]) -> discord.abc.Messageable:
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    return channel


NAMED: dict[str, Callable[[object], str]] = {
    "joker": lambda joker: f"v6.joker.{joker}",
    "colour": lambda colour: f"game.colour.{colour}",
    "item": lambda item: f"dd.item.{item}",
    "action": lambda verb: f"dd.action.{verb}",
}
"""Refusal parameters that hold an engine's id, and the text that names it for players
(``fumo`` is "Fumo", ``rot`` is "red"); an id without such a text is shown as sent."""


def _shown(key: str, value: Any, locale: str) -> Any:
    """Player ids in refusal texts become mentions (a list of them: listed, "@A und @B"),
    and an engine's ids their names (:data:`NAMED`)."""
    if isinstance(value, list):
        return listed((mention(str(player)) for player in value), locale)
    if key in NAMED and has_text(NAMED[key](value), FALLBACK):
        return t(NAMED[key](value), locale)
    return mention(value) if isinstance(value, str) and value.isdigit() else value


def turn_refusal(outcome: Outcome) -> IllegalAction:
    """Why a player who is not to act now may not: the game is over, nobody is to act, or
    who is (several players at once while cards are passed or decisions made)."""
    if outcome.finished:
        return IllegalAction("game.over")
    if not outcome.to_act:
        return IllegalAction("game.nobody_to_act")
    return IllegalAction(
        "game.not_your_turn", player=list(outcome.to_act), count=len(outcome.to_act)
    )


def refusal_text(exc: IllegalAction, locale: str) -> str:
    """What a player reads when ``exc`` refused his action."""
    return t(exc.key, locale, **{k: _shown(k, v, locale) for k, v in exc.params.items()})


def reader_locale(interaction: discord.Interaction[Any], fallback: str) -> str:
    """The language of an answer only the player who acted reads: his Discord's where a
    catalogue speaks it, else ``fallback`` (the table's or the server's)."""
    return private_locale(interaction.locale, fallback)


async def refuse(interaction: discord.Interaction[Any], exc: IllegalAction, locale: str) -> None:
    """A refusal: ephemeral, in the player's language (else the table's, ``locale``);
    nothing was changed."""
    text = refusal_text(exc, reader_locale(interaction, locale))
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def send_kwargs(card: Card) -> dict[str, Any]:
    """Keyword arguments to send a card as a new message."""
    kwargs: dict[str, Any] = {}
    embed, view = ui.embed(card), ui.view(card)
    if embed is None:
        kwargs["content"] = card.description or "…"
    else:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def edit_table(interaction: discord.Interaction[Any], outcome: Outcome, card: Card) -> None:
    """Edit the table message when the interaction came from elsewhere (a prompt, a command)."""
    partial = getattr(interaction.channel, "get_partial_message", None)
    if outcome.message_id is None or partial is None:
        return
    await partial(outcome.message_id).edit(**ui.message_kwargs(card))


async def edit_card(channel: Any, message_id: int, card: Card, what: str) -> bool:
    """Edit a message the bot posted earlier to show ``card``, without an interaction to
    answer (a clock, a host, a tournament's end); a failure is logged, not raised."""
    try:
        await channel.get_partial_message(message_id).edit(**ui.message_kwargs(card))
    except discord.HTTPException:
        log.warning("%s could not be edited (message %s)", what, message_id)
        return False
    return True


def is_host(interaction: discord.Interaction[Any], croupier_role: int | None) -> bool:
    """Host tools: Manage Server, or the server's configured croupier role."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return croupier_role is not None and any(role.id == croupier_role for role in roles)


class CroupierCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        service: Service = self.bot.service  # type: ignore[attr-defined]
        return service

    def host(self, interaction: discord.Interaction[Any]) -> bool:
        """May this member use the host tools here?"""
        guild = interaction.guild_id
        role = None if guild is None else self.service.directory.croupier_role(guild)
        return is_host(interaction, role)

    def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The server's language (German unless its admins chose another): what the
        channel reads."""
        return self.service.directory.guild_locale(interaction.guild_id)

    def private_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of an answer only the one who asked reads (see reader_locale)."""
        return answer_locale(interaction)


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
    text: str,
    file: discord.File | None = None,
    *,
    nonce: str | None = None,
    view: Any = None,
) -> bool:
    """A private message by DM; False when it could not be delivered: closed DMs (50007),
    or any other failure (an unknown user, Discord's 5xx after its retries), which is
    logged. The caller points the player elsewhere, never to the secret itself."""
    try:
        user: discord.User | discord.Member = (
            player
            if not isinstance(player, str)
            else (client.get_user(int(player)) or await client.fetch_user(int(player)))
        )
        extra: dict[str, Any] = {} if nonce is None else {"nonce": nonce}
        if file is not None:
            extra["file"] = file
        if view is not None:  # a button with the message (a check-in)
            extra["view"] = view
        await user.send(text, **extra)
    except discord.HTTPException as exc:
        if not (isinstance(exc, discord.Forbidden) and exc.code == 50007):
            log.warning("DM to %s failed (%s %s); pointed elsewhere", getattr(player, "id", player),
                        exc.status, exc.code)  # fmt: skip
        return False
    return True


async def dm_players(
    client: discord.Client,
    channel: discord.abc.Messageable,
    messages: Mapping[str, tuple[str, discord.File | None]],
    closed_notice: Callable[[list[str]], str],
    *,
    nonce: Callable[[str], str] | None = None,
    view: Callable[[str], Any] | None = None,
) -> list[str]:
    """Send each player his private message by DM (:func:`send_dm`), with ``view(player)``
    under it if given (buttons labelled in his language). Players it did not reach get one
    public pointer (``closed_notice`` of their ids, never the secret itself), and the
    table goes on: every private state can be shown again by its button."""
    turn_done()  # DMs are slow and concern no table message
    closed = []
    for player, (text, file) in messages.items():
        if not player.isdigit():  # a seat that is no user (Lopaka, Glitterhuis)
            continue
        player_nonce = None if nonce is None else nonce(player)
        buttons = None if view is None else view(player)
        if not await send_dm(client, player, text, file, nonce=player_nonce, view=buttons):
            closed.append(player)
    if closed:
        if nonce is None:
            await channel.send(closed_notice(closed))
        else:
            await channel.send(closed_notice(closed), nonce=nonce("closed"))
    return closed


async def open_lobby_here(
    cog: CroupierCog,
    interaction: discord.Interaction[Any],
    kind: str,
    options: dict[str, Any],
    lobby_card: Callable[[Any, str], Card],
) -> None:
    """``/<game> tisch``: a lobby in this channel, its message remembered for later edits;
    the opener is told privately (once) if the bot lacks a permission a table needs here."""
    locale = cog.locale(interaction)
    actor = str(interaction.user.id)
    cog.service.directory.remember_name(actor, interaction.user.display_name)
    outcome = await cog.service.open_lobby(
        kind, actor, options, guild_id=interaction.guild_id,
        channel_id=interaction.channel_id, locale=locale,
    )  # fmt: skip
    card = lobby_card(outcome, locale)
    callback = await interaction.response.send_message(**send_kwargs(card))
    cog.service.tables.set_message(outcome.game_id, callback.message_id)
    await tell_host(interaction, "table", locale)
