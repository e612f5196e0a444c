"""A click on the wire, read and answered with less than discord.py does by default.

Per click discord.py builds the whole clicked message (its embeds and components) into
objects, and answers a callback asking Discord for the resulting message, which it then
parses again. The bot reads only the clicked message's id and flags, and never the
callback's result: both cost CPU on every click (docs/PERFORMANCE.md, issue 29's
profile). Two narrow changes, kept here and nowhere else:

- :func:`trim_clicks`: the clicked message's embeds and components are left out before
  discord.py builds the interaction;
- :func:`edit_clicked`: the type-7 answer (the clicked message edited) sent without
  ``with_response``; the interaction still counts as answered;
- :func:`post`: a new message sent as ``channel.send`` sends it, without building the
  message discord.py would return from Discord's answer (the bot reads its id and its
  files' names).

Both lean on discord.py internals (its parsers, ``async_context``, the response's
``_response_type``); the e2e tests run them against the loopback Discord at every click.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

_COMPONENT = 3
_UPDATE = InteractionResponseType.message_update


def trim_clicks(client: discord.Client) -> None:
    """From now on ``client`` builds a click's message without its embeds and components
    (nothing in the bot reads them)."""
    parsers = client._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def parse_trimmed(data: Any) -> None:
        message = data.get("message") if data.get("type") == _COMPONENT else None
        if message is not None:
            message["embeds"] = message["components"] = ()
        parse(data)

    parsers["INTERACTION_CREATE"] = parse_trimmed


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
