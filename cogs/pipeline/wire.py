"""A click on the wire, read and answered with less than discord.py does by default.

Per click discord.py builds the whole clicked message (its embeds and components) into
objects, and answers a callback asking Discord for the resulting message, which it then
parses again. The bot reads only the clicked message's id and flags, and never the
callback's result: both cost CPU on every click (docs/PERFORMANCE.md, issue 29's
profile). The clicked message is built without its embeds and components by
``bot.discord_internals.trim_clicks`` (every change to discord.py's internals is there);
here two narrow calls:

- :func:`edit_clicked`: the type-7 answer (the clicked message edited) sent without
  ``with_response``; the interaction still counts as answered;
- :func:`post`: a new message sent as ``channel.send`` sends it, without building the
  message discord.py would return from Discord's answer (the bot reads its id and its
  files' names).

Both lean on discord.py internals (``async_context``, the response's ``_response_type``:
``bot.discord_internals.LEANED_ON``, pinned by a test); the e2e tests run them against the
loopback Discord at every click.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

_UPDATE = InteractionResponseType.message_update


async def edit_clicked(
    interaction: discord.Interaction[Any],
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    view: Any = None,
    attachments: Any = MISSING,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """Answer a click by editing the message it was on (callback type 7), as
    ``interaction.response.edit_message`` does, without asking for the result. New
    files in ``attachments`` go as a multipart body in the same one request."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    params = interaction_message_response_params(
        type=_UPDATE.value,
        content=content,
        embed=embed,
        view=view,
        attachments=attachments,
        allowed_mentions=allowed_mentions,
        previous_allowed_mentions=state.allowed_mentions,
    )
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    http = state.http
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        **({"files": params.files, "multipart": params.multipart} if params.files else
           {"payload": params.payload}),
    )  # fmt: skip
    response._response_type = _UPDATE


async def post(channel: Any, *, nonce: str, **kwargs: Any) -> dict[str, Any]:
    """A new message in ``channel`` (``content``, ``view``, ``files``,
    ``allowed_mentions`` as ``channel.send`` takes them), and Discord's answer as JSON."""
    state = channel._state
    with handle_message_parameters(
        nonce=nonce, previous_allowed_mentions=state.allowed_mentions, **kwargs
    ) as params:
        data: dict[str, Any] = await state.http.send_message(channel.id, params=params)
    return data
