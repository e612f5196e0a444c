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
  files' names);
- :func:`edit`: a message the bot posted, edited as ``PartialMessage.edit`` edits it,
  its answer read only for what the bot needs (its files' names);
- :func:`answer`: the type-4 answer (a new message), asking for its result only when the
  caller needs the message's id;
- :func:`follow_up`, :func:`edit_follow_up`: a follow-up of an answered interaction (its
  id read from Discord's answer), and an edit of one (``@original``: the answer itself),
  as ``interaction.followup`` sends and edits them, without a ``WebhookMessage``;
- :func:`delete`: a message deleted by its id (no ``PartialMessage``).

Each goes through discord.py's own REST clients (``HTTPClient.request`` for the bot's
calls, the webhook adapter for an interaction's), so their rate limits and retries
apply, and a refusal raises discord.py's ``HTTPException`` with Discord's ``code``.

They lean on discord.py internals (``async_context``, the response's ``_response_type``:
``bot.discord_internals.LEANED_ON``, pinned by a test); the e2e tests run them against the
loopback Discord at every click.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord.enums import InteractionResponseType
from discord.flags import MessageFlags
from discord.http import Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

_UPDATE = InteractionResponseType.message_update
_MESSAGE = InteractionResponseType.channel_message
_EPHEMERAL = 64  # a message's flag: only its reader sees it
ORIGINAL = "@original"
"""The message id of an interaction's own answer, for :func:`edit_follow_up`."""


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
    await _callback(interaction, params)
    response._response_type = _UPDATE


async def _callback(
    interaction: discord.Interaction[Any], params: Any, *, with_response: bool = False
) -> Any:
    """The interaction's one callback with ``params`` (new files as a multipart body in
    the same request); Discord's answer (the resulting message only ``with_response``)."""
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    http = interaction._state.http
    return await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        params={"with_response": "1"} if with_response else None,
        **({"files": params.files, "multipart": params.multipart} if params.files else
           {"payload": params.payload}),
    )  # fmt: skip


async def post(channel: Any, *, nonce: str | None = None, **kwargs: Any) -> dict[str, Any]:
    """A new message in ``channel`` (``content``, ``view``, ``files``,
    ``allowed_mentions`` as ``channel.send`` takes them), and Discord's answer as JSON.
    ``nonce``: Discord hands back the message it already has with it (None: none)."""
    state = channel._state
    with handle_message_parameters(
        nonce=nonce, previous_allowed_mentions=state.allowed_mentions, **kwargs
    ) as params:
        data: dict[str, Any] = await state.http.send_message(channel.id, params=params)
    return data


async def edit(channel: Any, message_id: int, **kwargs: Any) -> dict[str, Any]:
    """The bot's message ``message_id`` in ``channel`` edited (``content``, ``embed``,
    ``view``, ``attachments``, ``allowed_mentions`` as ``PartialMessage.edit`` takes them),
    and Discord's answer as JSON. discord.py keeps no view of the bot's (every control is
    routed by its custom id), so there is none to stop tracking for the message."""
    state = channel._state
    previous = state.allowed_mentions if "content" in kwargs else None
    with handle_message_parameters(previous_allowed_mentions=previous, **kwargs) as params:
        data: dict[str, Any] = await state.http.edit_message(channel.id, message_id, params=params)
    return data


async def delete(channel: Any, message_id: int) -> None:
    """The message ``message_id`` in ``channel`` deleted (discord.py's route, with its
    sub-limits for young and old messages)."""
    await channel._state.http.delete_message(channel.id, message_id)


async def answer(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    ephemeral: bool = False,
    with_id: bool = False,
    **kwargs: Any,
) -> int | None:
    """Answer ``interaction`` with a new message (callback type 4; ``view``, ``files``,
    ``allowed_mentions`` as ``interaction.response.send_message`` takes them). Discord is
    asked for the resulting message only ``with_id``: then its id (None without)."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    params = interaction_message_response_params(
        type=_MESSAGE.value,
        content=MISSING if content is None else content,
        flags=MessageFlags._from_value(_EPHEMERAL) if ephemeral else MISSING,
        previous_allowed_mentions=state.allowed_mentions,
        **kwargs,
    )
    data = await _callback(interaction, params, with_response=with_id)
    response._response_type = _MESSAGE
    if not with_id or not isinstance(data, dict):
        return None
    message = (data.get("resource") or {}).get("message") or {}
    return int(message["id"]) if "id" in message else None


async def follow_up(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    ephemeral: bool = False,
    **kwargs: Any,
) -> int:
    """A follow-up message of the answered (or deferred) ``interaction`` (``view``,
    ``files``, ``allowed_mentions`` as ``interaction.followup.send`` takes them): its id,
    read from Discord's answer."""
    state = interaction._state
    http = state.http
    with handle_message_parameters(
        content=MISSING if content is None else content,
        flags=MessageFlags._from_value(_EPHEMERAL) if ephemeral else MISSING,
        previous_allowed_mentions=state.allowed_mentions,
        **kwargs,
    ) as params:
        data = await async_context.get().execute_webhook(
            interaction.application_id,
            interaction.token,
            session=interaction._session,
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            wait=True,
            with_components="view" in kwargs,
        )
    return int(data["id"])  # type: ignore[index]


async def edit_follow_up(
    webhook: discord.Webhook, message_id: int | str, **kwargs: Any
) -> dict[str, Any]:
    """A message sent through ``webhook`` (an interaction's ``followup``; ``message_id``
    :data:`ORIGINAL`: the interaction's answer) edited (``content``, ``embed``, ``view``,
    ``attachments``, ``allowed_mentions`` as ``Webhook.edit_message`` takes them), and
    Discord's answer as JSON."""
    if webhook.token is None:
        raise ValueError("a follow-up webhook has its interaction's token")
    previous = getattr(webhook._state, "allowed_mentions", None)
    with handle_message_parameters(previous_allowed_mentions=previous, **kwargs) as params:
        data: Any = await async_context.get().edit_webhook_message(
            webhook.id,
            webhook.token,
            message_id,  # type: ignore[arg-type]
            session=webhook.session,
            proxy=webhook.proxy,
            proxy_auth=webhook.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            with_components=bool(kwargs.get("view")),
        )
    return cast("dict[str, Any]", data)
