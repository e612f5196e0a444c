"""Every change the bot makes to discord.py's internals, in one place (and the internals
``cogs.pipeline.wire`` calls directly, named in :data:`LEANED_ON`). Each saves CPU on every
click or makes a stop clean; each depends on how discord.py is built inside, so the
versions they were checked against are pinned (:data:`CHECKED`) and
``tests/bot/test_discord_internals.py`` fails loudly when an upgrade changes what they
touch:

- :func:`trim_clicks`: a click's message is built without its embeds and components
  (nothing in the bot reads them; docs/PERFORMANCE.md, issue 29);
- :func:`drop_interactions`: a stopping bot takes no new interaction;
- :func:`time_first_responses`: the first response of every interaction is timed, at the
  one place discord.py notes it (``InteractionResponse._response_type``);
- :func:`count_requests`: every answer of Discord's REST API (a 429 that discord.py
  retries included) is told, with its route's template, at the one place both of
  discord.py's REST clients read an answer (``json_or_text``);
- :func:`silence_voice_warnings`: no warning at every start that voice cannot work;
- :func:`silence_voice_warnings`: no warning at every start that voice cannot work;
- :func:`tell_identify_sent`: a hook ``after_identify`` runs once a shard's IDENTIFY went
  out (the IDENTIFY gate counts Discord's window from there, bot.cluster.identify);
- :func:`drop_shard`, :func:`ready_without_shards`: a process runs shards that come and go
  (a standby, bot.cluster.member).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http
import discord.webhook.async_
from discord.interactions import InteractionResponse

CHECKED = ("2.7.1",)
"""discord.py versions whose internals these changes were read against; pyproject.toml
admits no other minor version, so an upgrade is a change of both, made on purpose."""

LEANED_ON = (
    "discord.state.ConnectionState.parsers['INTERACTION_CREATE']",
    "discord.interactions.InteractionResponse._response_type (a slot)",
    "discord.interactions.Interaction._state, ._session",
    "discord.webhook.async_.async_context, interaction_message_response_params",
    "discord.http.Route, handle_message_parameters(nonce=, previous_allowed_mentions=)",
    "discord.http.HTTPClient.send_message, edit_message, delete_message (params=)",
    "discord.webhook.async_.AsyncWebhookAdapter.execute_webhook, edit_webhook_message",
    "discord.flags.MessageFlags._from_value",
    "discord.Webhook.session, .proxy, .proxy_auth, ._state",
    "discord.VoiceClient.warn_nacl, warn_dave",
    "discord.http.HTTPClient.request, ._HTTPClient__session, json_or_text",
    "discord.webhook.async_.AsyncWebhookAdapter.request, json_or_text",
    "discord.gateway.DiscordWebSocket.identify, .call_hooks, .shard_id",
    "discord.shard.AutoShardedClient.__shards (name-mangled), ConnectionState.call_handlers",
)
"""What the changes here and ``cogs.pipeline.wire`` read or replace."""

_COMPONENT = 3  # an interaction's type: a click


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


def drop_interactions(client: discord.Client) -> None:
    """From now on ``client`` takes no new interaction (a stopping bot: Discord tells the
    player it failed, nothing happened, and a click after the restart works)."""
    client._connection.parsers["INTERACTION_CREATE"] = _dropped


def _dropped(data: Any) -> None:
    """INTERACTION_CREATE while the bot stops: not taken."""


FirstResponse = Callable[[discord.Interaction[Any]], None]
"""Told of an interaction's first response, as it is noted."""


class _Timed:
    """``InteractionResponse._response_type`` that tells of the first response it notes."""

    def __init__(self, slot: Any, first: FirstResponse) -> None:
        self.slot = slot
        self.first = first

    def __get__(self, response: Any, owner: Any = None) -> Any:
        if response is None:
            return self
        return self.slot.__get__(response, owner)

    def __set__(self, response: Any, value: Any) -> None:
        self.slot.__set__(response, value)
        if value is not None:
            self.first(response._parent)


def time_first_responses(first: FirstResponse) -> None:
    """``first`` is told of every interaction's first response from now on, whichever way
    it is given (a message, an edit, a form, a deferral): discord.py notes each in
    ``InteractionResponse._response_type`` after Discord accepted it. Once per process;
    later calls change nothing."""
    slot = InteractionResponse.__dict__["_response_type"]
    if not isinstance(slot, _Timed):
        setattr(InteractionResponse, "_response_type", _Timed(slot, first))  # noqa: B010


def silence_voice_warnings() -> None:
    """Croupier plays no voice: discord.py need not warn at every start that it cannot."""
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


Responded = Callable[[str, str, int | None], None]
"""Told of an answer of Discord's REST API: the route's method, its path template
(``/channels/{channel_id}/messages``) and the answer's status (None: none came)."""

_counted: dict[Any, Responded] = {}
"""Whom to tell, by the aiohttp session a client's calls go through (a bot's REST calls
and its interactions' answers share its ``HTTPClient``'s session)."""
_calling: ContextVar[tuple[discord.http.Route, Responded] | None] = ContextVar(
    "croupier_rest_call", default=None
)
"""The REST call being made in this task, and whom its answers are told to."""
_NO_ANSWER = (OSError, asyncio.TimeoutError, aiohttp.ClientError)
"""What a REST call raises when no answer came (connection refused, reset, timed out)."""


def _counting(request: Any, session_of: Callable[[Any, dict[str, Any]], Any]) -> Any:
    """``request`` (one of discord.py's REST clients' ``request``) with its route noted
    while it runs, for the answers it reads, when its session is counted."""

    async def counted(self: Any, route: discord.http.Route, *args: Any, **kwargs: Any) -> Any:
        told = _counted.get(session_of(self, kwargs))
        if told is None:
            return await request(self, route, *args, **kwargs)
        token = _calling.set((route, told))
        try:
            return await request(self, route, *args, **kwargs)
        except _NO_ANSWER:
            told(route.method, route.path, None)
            raise
        finally:
            _calling.reset(token)

    counted.__wrapped__ = request  # type: ignore[attr-defined]
    return counted


async def _read_answer(response: aiohttp.ClientResponse) -> Any:
    """discord.py's ``json_or_text``: every REST answer is read here, a 429 included."""
    calling = _calling.get()
    if calling is not None:
        route, told = calling
        told(route.method, route.path, response.status)
    return await _json_or_text(response)


_json_or_text = discord.http.json_or_text


def count_requests(http: discord.http.HTTPClient, told: Responded) -> Callable[[], None]:
    """``told`` hears of every answer Discord's REST API gives the client of ``http``
    (logged in: its session exists) from now on, until the returned function is called.
    The hooks are put in once per process; a client not counted pays one dictionary
    look-up per call."""
    if not hasattr(discord.http.HTTPClient.request, "__wrapped__"):
        discord.http.HTTPClient.request = _counting(  # type: ignore[method-assign]
            discord.http.HTTPClient.request, lambda http, _: http._HTTPClient__session
        )
        adapter = discord.webhook.async_.AsyncWebhookAdapter
        adapter.request = _counting(  # type: ignore[method-assign]
            adapter.request, lambda _, kwargs: kwargs.get("session")
        )
        discord.http.json_or_text = _read_answer
        discord.webhook.async_.json_or_text = _read_answer  # type: ignore[attr-defined]
    session = http._HTTPClient__session  # type: ignore[attr-defined]
    before = _counted.get(session)  # told again once this stops (a second count in tests)
    _counted[session] = told

    def stop() -> None:
        if _counted.get(session) is not told:
            return
        if before is None:
            del _counted[session]
        else:
            _counted[session] = before

    return stop


AFTER_IDENTIFY = "after_identify"
"""The client hook (``client._hooks``) told a shard's id once its IDENTIFY was sent (or
failed to be)."""


def tell_identify_sent() -> None:
    """From now on every IDENTIFY is followed by the client's ``after_identify`` hook, if it
    has one (``before_identify`` runs just before it is sent, in ``identify``). Once per
    process; later calls change nothing."""
    identify = discord.gateway.DiscordWebSocket.identify
    if getattr(identify, "tells_sent", False):
        return

    async def identify_and_tell(ws: Any) -> None:
        try:
            await identify(ws)
        finally:
            await ws.call_hooks(AFTER_IDENTIFY, ws.shard_id)

    identify_and_tell.tells_sent = True  # type: ignore[attr-defined]
    discord.gateway.DiscordWebSocket.identify = identify_and_tell  # type: ignore[method-assign,assignment]


def drop_shard(client: discord.AutoShardedClient, shard_id: int) -> None:
    """Forget a shard ``client`` closed (its status is no longer the process's)."""
    shards: dict[int, Any] = client._AutoShardedClient__shards  # type: ignore[attr-defined]
    shards.pop(shard_id, None)


def ready_without_shards(client: discord.Client) -> None:
    """``client`` is ready though it runs no shard yet (a standby): what waits for READY
    (the delivery, the computer players) runs, ``on_ready`` is dispatched."""
    client._connection.call_handlers("ready")
    client.dispatch("ready")
