"""``FakeDiscord``: a Discord on 127.0.0.1 that the real discord.py client logs into.

It is the world (:mod:`loopback.world`) served: REST (:mod:`loopback.rest`, with the
gateway's and the emojis' routes) and the gateway's websocket (:mod:`loopback.gateway`) on one
aiohttp server, and the users' side: their slash commands, clicks, selects and modals.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Callable, Iterator

import discord.gateway
import discord.http
import yarl
from aiohttp import web

from loopback import payloads
from loopback.driver import (
    Resolver,
    command_data,
    find_command,
    modal_data,
    select_data,
)
from loopback.entities import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    BUTTON,
    JSON,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SELECT_TYPES,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    iter_components,
)
from loopback.gateway import Gateway
from loopback.rest import Failure, Rest
from loopback.world import World

# How much longer than Discord's deadline ``slash``/``click``... wait for the initial response.
RESPONSE_GRACE = 0.5


class FakeDiscord(World):
    """REST under ``/api/v10`` plus a gateway websocket, with a small world and Discord's rules.

    Create it, build the world (guilds, channels, users), ``await start()``, run the bot inside
    ``patch_discord()`` (see :mod:`loopback.harness`), then drive users with
    :meth:`slash`, :meth:`click`, :meth:`select` and :meth:`submit_modal`.
    """

    gateway_type: type[Gateway] = Gateway  # a subclass may serve another kind

    def __init__(self) -> None:
        super().__init__()
        self.port: int | None = None
        self.gateway = self.gateway_type(self)
        self.listener = self.gateway  # the world's events go to the bot's sessions
        self.rest = Rest(self, [*self.gateway.routes(), *self.emojis.routes()])
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- server ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on 127.0.0.1 on a free port."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get("/cdn/attachments/{id}/{name}", self._serve_upload)
        app.router.add_route("*", "/{tail:.*}", self.rest.handle)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(runner.addresses[0][1])
        self.gateway.url = f"ws://127.0.0.1:{self.port}/"
        self.uploads.base_url = f"{self.url}/cdn"
        self._runner = runner
        self.started_at = time.monotonic()

    async def _serve_upload(self, request: web.Request) -> web.Response:
        """The bytes of a file a user attached to a slash command (its CDN URL)."""
        upload_id = int(request.match_info["id"])
        data = self.uploads.files.get(upload_id)
        if data is None:
            return web.Response(status=404)
        self.uploads.fetched.append(upload_id)
        return web.Response(body=data)

    async def stop(self) -> None:
        """Close the websockets and the server."""
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point discord.py's REST base and gateway at this fake; restore them on exit."""
        if self.port is None:
            raise RuntimeError("start() the fake before patch_discord()")
        route = discord.http.Route
        socket = discord.gateway.DiscordWebSocket
        old_base, old_gateway = route.BASE, socket.DEFAULT_GATEWAY
        route.BASE = f"{self.url}/api/v10"
        socket.DEFAULT_GATEWAY = yarl.URL(self.gateway.url)
        try:
            yield
        finally:
            route.BASE, socket.DEFAULT_GATEWAY = old_base, old_gateway

    async def wait_for_bot(self, timeout: float = 10) -> None:
        """Until the client identified (or resumed) and got READY and the GUILD_CREATEs
        (with several shards: until every session the gateway has is live)."""
        await self.gateway.wait_live(timeout)

    async def wait_for_shards(
        self, count: int, timeout: float = 10, *, ids: list[int] | None = None
    ) -> None:
        """Until shards ``ids`` (default: all) of ``count`` are each live, whichever clients
        or processes run them, and have been sent what was queued for them."""
        await self.gateway.wait_shards(count, timeout, ids)

    async def drop_gateway(self, *, resumable: bool = True, shard: int | None = None) -> None:
        """Close the bot's websocket (with ``shard``: only that shard's): it resumes (or, if
        not ``resumable``, identifies anew)."""
        await self.gateway.drop(resumable=resumable, shard=shard)

    @property
    def identify_refusals(self) -> int:
        """How many IDENTIFYs the session start limit refused (op 9)."""
        return self.gateway.limit.refusals

    def fail_next(
        self,
        method: str,
        path_regex: str,
        *,
        status: int = 429,
        retry_after: float = 0.05,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` matching REST calls (path without /api/v10, ``re.search``)
        with ``status`` (429: rate limited with ``retry_after`` and the headers discord.py needs).
        """
        failure = Failure(method.upper(), re.compile(path_regex), status, retry_after, times)
        self.rest.failures.append(failure)

    # -- waiting ----------------------------------------------------------------------------
    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 3) -> None:
        """Poll ``predicate`` until it is true (``TimeoutError`` after ``timeout`` s)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            if loop.time() >= deadline:
                raise TimeoutError(f"condition not met within {timeout} s")
            await asyncio.sleep(0.01)

    # -- driving users ----------------------------------------------------------------------
    async def slash(
        self, user: User, channel: Channel, command: str, **options: object
    ) -> Interaction:
        """``/command`` with ``options`` (by name) by ``user`` in ``channel``. Like a Discord
        client, the fake refuses values outside the options' declared types, ranges, lengths
        and choices (:meth:`slash_unchecked` sends them anyway)."""
        return await self._slash(user, channel, command, options, unchecked=False)

    async def slash_unchecked(
        self, user: User, channel: Channel, command: str, **options: object
    ) -> Interaction:
        """``/command`` as a forged or broken client could send it: option values of any
        type, outside their declared range, length and choices, required ones left out."""
        return await self._slash(user, channel, command, options, unchecked=True)

    async def _slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, object],
        *,
        unchecked: bool,
    ) -> Interaction:
        path = command.split()
        guild = self._guild_of(channel)
        lists = self._command_lists(guild)
        definition = find_command(lists, path, in_dm=channel.kind == "dm", locale=user.locale)
        resolver = Resolver(self.users, self.channels, guild, self.uploads)
        data = command_data(
            definition, path, options, resolver, unchecked=unchecked, locale=user.locale
        )
        interaction = self._new_interaction(APPLICATION_COMMAND, user, channel, "/" + command, data)
        return await self._send(interaction, guild, None)

    async def autocomplete(
        self, user: User, channel: Channel, command: str, focused: str, **options: object
    ) -> list[JSON]:
        """The choices the bot offers while ``user`` types ``focused`` (given in ``options``)."""
        path = command.split()
        guild = self._guild_of(channel)
        lists = self._command_lists(guild)
        definition = find_command(lists, path, in_dm=channel.kind == "dm", locale=user.locale)
        resolver = Resolver(self.users, self.channels, guild)
        data = command_data(
            definition, path, options, resolver, focused=focused, locale=user.locale
        )
        label = f"/{command} (autocomplete {focused})"
        interaction = self._new_interaction(AUTOCOMPLETE, user, channel, label, data)
        await self._send(interaction, guild, None)
        return list((interaction.response or {}).get("choices") or [])

    async def click(self, user: User, message: Message, custom_id: str) -> Interaction:
        """``user`` presses the button ``custom_id`` on ``message``."""
        component = self._component(user, message, custom_id, {BUTTON})
        data = {"custom_id": custom_id, "component_type": component["type"]}
        return await self._component_interaction(user, message, custom_id, data)

    async def select(
        self, user: User, message: Message, custom_id: str, values: list[str]
    ) -> Interaction:
        """``user`` picks ``values`` in the select ``custom_id`` on ``message``."""
        component = self._component(user, message, custom_id, set(SELECT_TYPES))
        channel = self.channels[message.channel_id]
        resolver = Resolver(self.users, self.channels, self._guild_of(channel))
        data = select_data(component, values, resolver)
        return await self._component_interaction(user, message, custom_id, data)

    async def submit_modal(
        self, user: User, interaction: Interaction, values: dict[str, str]
    ) -> Interaction:
        """``user`` fills in and submits the modal the bot opened in ``interaction``."""
        if interaction.modal is None or interaction.response_type != 9:
            raise LookupError(f"{self.describe(interaction)} opened no modal")
        if interaction.user is not user:
            raise LookupError("only the user who opened the modal can submit it")
        data = modal_data(interaction.modal, values)
        guild = self._guild_of(interaction.channel)
        label = f"modal {data['custom_id']}"
        submit = self._new_interaction(MODAL_SUBMIT, user, interaction.channel, label, data)
        source = interaction.source
        submit.source = source if source is not None and source.can_see(user.id) else None
        message_json = self.message_json(submit.source) if submit.source else None
        return await self._send(submit, guild, message_json)

    def _component(self, user: User, message: Message, custom_id: str, kinds: set[int]) -> JSON:
        current = self.messages.get(message.id)
        if current is None or not current.can_see(user.id):
            raise LookupError(f"{user.name} cannot see message {message.id}")
        for comp in iter_components(current.components):
            if comp.get("custom_id") == custom_id and comp.get("type") in kinds:
                if comp.get("disabled"):
                    raise LookupError(f"component {custom_id!r} is disabled")
                return comp
        raise LookupError(
            f"message {message.id} has no component {custom_id!r} (has {current.custom_ids()})"
        )

    async def _component_interaction(
        self, user: User, message: Message, custom_id: str, data: JSON
    ) -> Interaction:
        channel = self.channels[message.channel_id]
        guild = self._guild_of(channel)
        interaction = self._new_interaction(MESSAGE_COMPONENT, user, channel, custom_id, data)
        interaction.source = message
        return await self._send(interaction, guild, self.message_json(message))

    def _new_interaction(
        self, kind: int, user: User, channel: Channel, name: str, data: JSON
    ) -> Interaction:
        if channel.kind == "dm" and channel.recipient_id != user.id:
            raise LookupError(f"{user.name} is not in DM channel {channel.id}")
        guild = self._guild_of(channel)
        if guild is not None and user.id not in guild.member_ids:
            raise LookupError(f"{user.name} is not a member of {guild.name}")
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        interaction = Interaction(self.ids.next(), token, kind, user, channel, name=name, data=data)
        return interaction

    async def _send(
        self, interaction: Interaction, guild: Guild | None, message_json: JSON | None
    ) -> Interaction:
        if not self.gateway.sharded:  # sharded: a shard that is down gets it on RESUME or never
            await self.gateway.wait_live(10)
        if interaction.channel.kind == "dm":
            channel_json = payloads.channel_payload(interaction.channel, self.bot_user)
        else:
            channel_json = self.channel_json(interaction.channel)
        event = payloads.interaction_payload(
            interaction,
            app_id=self.app_id,
            guild=guild,
            channel_data=channel_json,
            message_data=message_json,
            app_permissions=self.bot_permissions_in(interaction.channel) if guild else 0,
        )
        self.interactions[interaction.id] = interaction
        self.by_token[interaction.token] = interaction
        interaction.created = asyncio.get_running_loop().time()
        self.gateway.dispatch("INTERACTION_CREATE", event)
        with contextlib.suppress(TimeoutError):
            wait = self.response_deadline + RESPONSE_GRACE
            await asyncio.wait_for(interaction.answered.wait(), wait)
        if interaction.modal is not None:
            for where in self.emojis.shown_raw(interaction.modal):
                self.violation(f"{self.describe(interaction)}: an emoji shown raw in {where}")
        if not interaction.answered.is_set():
            interaction.dead = True  # Discord gave up on it: "The application did not respond"
            self.violation(
                f"{self.describe(interaction)}: no initial response within "
                f"{self.response_deadline:g} s"
            )
        return interaction

    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def _command_lists(self, guild: Guild | None) -> list[list[JSON]]:
        lists = [self.synced.get(guild.id, [])] if guild is not None else []
        return [*lists, self.synced.get(None, [])]
