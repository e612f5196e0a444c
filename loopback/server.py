"""``FakeDiscord``: a Discord on 127.0.0.1 that the real discord.py client logs into."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import re
import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

import discord.gateway
import discord.http
import yarl
from aiohttp import web

from loopback import payloads
from loopback.driver import (
    Resolver,
    Uploads,
    command_data,
    find_command,
    modal_data,
    select_data,
)
from loopback.emojis import AppEmojis
from loopback.gateway import Gateway
from loopback.rest import SETTABLE_FLAGS, Failure, Rest
from loopback.shards import IDENTIFY_WINDOW
from loopback.state import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    BUTTON,
    DEFAULT_MEMBER_PERMISSIONS,
    EPHEMERAL,
    JSON,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SELECT_TYPES,
    Channel,
    Guild,
    Interaction,
    Message,
    RestCall,
    Snowflakes,
    User,
    Visibility,
    iter_components,
)

# How much longer than Discord's deadline ``slash``/``click``... wait for the initial response.
RESPONSE_GRACE = 0.5
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12


class FakeDiscord:
    """REST under ``/api/v10`` plus a gateway websocket, with a small world and Discord's rules.

    Create it, build the world (guilds, channels, users), ``await start()``, run the bot inside
    ``patch_discord()`` (see :mod:`loopback.harness`), then drive users with
    :meth:`slash`, :meth:`click`, :meth:`select` and :meth:`submit_modal`.
    """

    def __init__(self) -> None:
        self.ids = Snowflakes()
        self.uploads = Uploads(self.ids)
        self.app_id = self.ids.next()
        self.bot_user_id = self.app_id
        self.bot_user = User(self.bot_user_id, "Croupier", bot=True)
        self.owner = User(self.ids.next(), "Owner")
        # The bot's token: when set, REST and IDENTIFY with any other token are refused as
        # Discord refuses them (401 Unauthorized; gateway close 4004). None: any token.
        self.bot_token: str | None = None
        self.application_flags = 0
        self.port: int | None = None
        self.started_at = time.monotonic()
        # Discord's clocks (tests may shorten them).
        self.response_deadline = 3.0
        self.token_lifetime = 15 * 60.0
        # Sharding (loopback/shards.py): GET /gateway/bot's answer, and the session start
        # limit sharded IDENTIFYs are held to (max_concurrency buckets, one IDENTIFY per
        # bucket per identify_window seconds; refused with op 9).
        self.recommended_shards = 1
        self.max_concurrency = 1
        self.identify_window = IDENTIFY_WINDOW
        self.session_start_total = 1000
        # the world
        self.users: dict[int, User] = {self.bot_user_id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.synced: dict[int | None, list[JSON]] = {}
        self.scheduled_events: list[JSON] = []  # guild scheduled events the bot created
        self._dm_channels: dict[int, Channel] = {}
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}  # (author, nonce) -> message
        self.nonce_window = 300.0  # seconds Discord keeps an enforced nonce ("a few minutes")
        # records
        self.rest_log: list[RestCall] = []
        self.after_rest: Callable[[RestCall], None] | None = None  # called after each call
        self.violations: list[str] = []
        self.forms: list[Interaction] = []  # interactions answered with a modal, in order
        self.files: dict[int, bytes] = {}  # attachment id -> its bytes, as the bot uploaded it
        # machinery
        self.rest = Rest(self)
        self.emojis = AppEmojis(self)  # the application's own emojis (loopback/emojis.py)
        self.emojis.serve(self.rest)
        self.gateway = Gateway(self)
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
        socket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/")
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

    def violation(self, text: str) -> None:
        self.violations.append(text)

    # -- world ------------------------------------------------------------------------------
    def add_guild(
        self, name: str, *, locale: str = "de", shard: tuple[int, int] | None = None
    ) -> Guild:
        """A server the bot is a member of; ``shard=(shard_id, shard_count)`` gives it an id
        whose events Discord sends to that shard."""
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(guild_id, name, locale=locale, owner_id=self.owner.id)
        guild.bot_role_id = self.ids.next()
        guild.member_ids.append(self.bot_user_id)
        self.guilds[guild.id] = guild
        self.gateway.dispatch("GUILD_CREATE", self.guild_create(guild))
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.ids.next(), name, "text", guild_id=guild.id, position=len(guild.channel_ids)
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.gateway.dispatch("CHANNEL_CREATE", payloads.channel_payload(channel))
        return channel

    def add_user(
        self, name: str, *, guild: Guild | None = None, dms_open: bool = True, locale: str = "de"
    ) -> User:
        user = User(self.ids.next(), name, locale=locale, dms_open=dms_open)
        self.users[user.id] = user
        if guild is not None:
            self.add_member(guild, user)
        return user

    def add_member(self, guild: Guild, user: User) -> None:
        """Make ``user`` a member of ``guild`` too."""
        if user.id in guild.member_ids:
            return
        guild.member_ids.append(user.id)
        member = payloads.member_payload(user, guild)
        self.gateway.dispatch("GUILD_MEMBER_ADD", {**member, "guild_id": str(guild.id)})

    def set_dms_open(self, user: User, open: bool) -> None:
        user.dms_open = open

    def commands(self, guild: Guild | None = None) -> list[JSON]:
        """Commands as synced by the bot (global when ``guild`` is None)."""
        return copy.deepcopy(self.synced.get(guild.id if guild else None, []))

    def threads(self, parent: Channel) -> list[Channel]:
        """Threads created in ``parent``, oldest first."""
        return [c for c in self.channels.values() if c.parent_id == parent.id]

    def dm_channel(self, user: User) -> Channel:
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), user.name, "dm", recipient_id=user.id)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def new_thread(
        self, parent: Channel, name: str, *, private: bool, thread_id: int | None = None
    ) -> Channel:
        thread = Channel(
            thread_id or self.ids.next(),
            name,
            "thread",
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user_id,
            private=private,
        )
        self.channels[thread.id] = thread
        self.gateway.dispatch("THREAD_CREATE", {**self.channel_json(thread), "newly_created": True})
        return thread

    def archive(self, thread: Channel, archived: bool = True) -> None:
        """A thread archives after its auto-archive time without activity (tests call this
        instead of waiting a week); the bot hears it as a THREAD_UPDATE."""
        thread.archived = archived
        self.gateway.dispatch("THREAD_UPDATE", self.channel_json(thread))

    def deny_bot(self, channel: Channel, permissions: int) -> None:
        """A channel overwrite that denies the bot's role ``permissions`` (and its threads);
        the bot hears it as a CHANNEL_UPDATE."""
        guild = self.guilds[channel.guild_id or 0]
        channel.denied[guild.bot_role_id] = channel.denied.get(guild.bot_role_id, 0) | permissions
        self.gateway.dispatch("CHANNEL_UPDATE", self.channel_json(channel))

    def bot_permissions_in(self, channel: Channel) -> int:
        """The bot's permissions in a server's channel as Discord computes them (and sends as
        an interaction's ``app_permissions``): @everyone's and its role's, less what the
        channel (a thread: its parent) denies them; an administrator has all."""
        guild = self.guilds[channel.guild_id or 0]
        granted = DEFAULT_MEMBER_PERMISSIONS | guild.bot_permissions
        if granted & ADMINISTRATOR:
            return (1 << 53) - 1
        source = (
            self.channels.get(channel.parent_id or 0, channel)
            if channel.kind == "thread"
            else channel
        )
        denied = source.denied.get(guild.id, 0) | source.denied.get(guild.bot_role_id, 0)
        return granted & ~denied

    # -- reading ----------------------------------------------------------------------------
    def channel_messages(self, channel: Channel) -> list[Message]:
        """Public messages in ``channel``, oldest first (current content after edits)."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and m.visibility == "public" and not m.deleted
        ]

    def private_messages(self, user: User) -> list[Message]:
        """``user``'s ephemeral messages and DMs, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.visibility != "public" and m.audience == user.id and not m.deleted
        ]

    def visible_to(self, user: User, channel: Channel) -> list[Message]:
        """What ``user`` sees in ``channel``: public messages and their own ephemerals/DMs."""
        return [
            m for m in self.messages.values() if m.channel_id == channel.id and m.can_see(user.id)
        ]

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
        definition = find_command(lists, path, in_dm=channel.kind == "dm")
        resolver = Resolver(self.users, self.channels, guild, self.uploads)
        data = command_data(definition, path, options, resolver, unchecked=unchecked)
        interaction = self._new_interaction(APPLICATION_COMMAND, user, channel, "/" + command, data)
        return await self._send(interaction, guild, None)

    async def autocomplete(
        self, user: User, channel: Channel, command: str, focused: str, **options: object
    ) -> list[JSON]:
        """The choices the bot offers while ``user`` types ``focused`` (given in ``options``)."""
        path = command.split()
        guild = self._guild_of(channel)
        lists = self._command_lists(guild)
        definition = find_command(lists, path, in_dm=channel.kind == "dm")
        resolver = Resolver(self.users, self.channels, guild)
        data = command_data(definition, path, options, resolver, focused=focused)
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

    def describe(self, interaction: Interaction) -> str:
        return f"interaction {interaction.name!r} by {interaction.user.name}"

    # -- used by the REST and gateway handlers ----------------------------------------------
    def store_command(self, command: JSON, guild_id: int | None, current: list[JSON]) -> JSON:
        kind = command.get("type", 1)
        old = next((c for c in current if c["name"] == command["name"] and c["type"] == kind), None)
        stored = copy.deepcopy(command)
        stored.update(
            id=old["id"] if old else str(self.ids.next()),
            application_id=str(self.app_id),
            version=str(self.ids.next()),
            type=kind,
            default_member_permissions=command.get("default_member_permissions"),
            nsfw=command.get("nsfw", False),
        )
        stored.setdefault("description", "")
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    def guild_create(self, guild: Guild) -> JSON:
        channels = [
            c
            for c in self.channels.values()
            if c.guild_id == guild.id and c.kind in ("text", "thread")
        ]
        members = [self.users[i] for i in guild.member_ids]
        return payloads.guild_create_payload(guild, channels, members, DEFAULT_MEMBER_PERMISSIONS)

    def channel_json(self, channel: Channel) -> JSON:
        recipient = self.users.get(channel.recipient_id or 0)
        data = payloads.channel_payload(channel, recipient)
        if channel.kind == "thread":
            data["member_count"] = 1
            data["message_count"] = sum(
                1 for m in self.messages.values() if m.channel_id == channel.id and not m.deleted
            )
        return data

    def message_json(self, message: Message) -> JSON:
        author = self.users.get(message.author_id, self.bot_user)
        interaction = self.interactions.get(message.interaction_id or 0)
        return payloads.message_payload(message, author, interaction)

    def new_message(self, channel: Channel, *, visibility: Visibility) -> Message:
        message = Message(
            self.ids.next(),
            channel.id,
            self.bot_user_id,
            visibility=visibility,
            guild_id=channel.guild_id,
        )
        self.messages[message.id] = message
        return message

    def interaction_message(self, interaction: Interaction, *, flags: int) -> Message:
        """A new message answering ``interaction`` (ephemeral with flag 64; a DM in DMs)."""
        channel = interaction.channel
        visibility: Visibility = "public"
        if channel.kind == "dm":
            visibility = "dm"
        elif flags & EPHEMERAL:
            visibility = "ephemeral"
        message = self.new_message(channel, visibility=visibility)
        message.flags = flags & (EPHEMERAL | LOADING)
        message.audience = interaction.user.id if visibility != "public" else None
        message.interaction_id = interaction.id
        message.webhook_id = self.app_id
        message.type = 20 if interaction.type == APPLICATION_COMMAND else 0
        return message

    def apply(
        self, message: Message, payload: JSON, files: list[tuple[str, int]], *, creating: bool
    ) -> None:
        """Create or edit ``message`` from a message payload (and uploaded files)."""
        if "content" in payload:
            message.content = str(payload["content"] or "")
        if "embeds" in payload:
            message.embeds = copy.deepcopy(payload["embeds"] or [])
        if "components" in payload:
            message.components = copy.deepcopy(payload["components"] or [])
        if payload.get("flags") is not None:
            # Ephemeral-ness is fixed when the message is created; the rest may change.
            kept = message.flags & (EPHEMERAL | LOADING)
            message.flags = kept | (int(payload["flags"]) & SETTABLE_FLAGS & ~EPHEMERAL)
        self._apply_attachments(message, payload, files)
        self._check_emojis(message, payload)
        if creating:
            message.created_ids = message.custom_ids()
        else:
            message.flags &= ~LOADING
            message.edits += 1
            message.edited_at = time.time()
        self.message_event(message, "MESSAGE_CREATE" if creating else "MESSAGE_UPDATE")

    def _check_emojis(self, message: Message, payload: JSON) -> None:
        """Emojis as Discord shows them: markup in a label shows raw; one the app does not
        have shows as its ``:name:``."""
        for where in self.emojis.shown_raw(payload):
            self.violation(f"message {message.id}: an emoji Discord shows raw in {where}")
        unknown = self.emojis.unknown(message.text())
        if unknown:
            self.violation(f"message {message.id}: emojis the app does not have: {unknown}")

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.message_event(message, "MESSAGE_DELETE")

    def message_event(self, message: Message, event: str) -> None:
        """Tell the bot about a message like Discord does (never for ephemerals; by intents)."""
        if message.visibility == "ephemeral":
            return
        needed = DIRECT_MESSAGES if message.visibility == "dm" else GUILD_MESSAGES
        if not self.gateway.intents & needed:
            return
        if event == "MESSAGE_DELETE":
            data: JSON = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
        else:
            data = self.message_json(message)
            guild = self.guilds.get(message.guild_id or 0)
            author = self.users.get(message.author_id)
            if guild is not None and author is not None:
                data["member"] = payloads.member_payload(author, guild, with_user=False)
        self.gateway.dispatch(event, data)

    def _apply_attachments(
        self, message: Message, payload: JSON, files: list[tuple[str, int]]
    ) -> None:
        old = dict(
            zip(
                message.attachment_ids,
                zip(message.attachments, message.attachment_sizes, strict=True),
                strict=True,
            )
        )
        entries: Any = payload.get("attachments")
        new: list[tuple[int, str, int]] = []
        if not isinstance(entries, list):
            new = [(i, n, s) for i, (n, s) in old.items()]
            for file in files:
                new.append((self._keep(file), *file))
        else:
            for entry in entries:
                ref = int(entry.get("id", -1))
                if ref in old:
                    new.append((ref, *old[ref]))
                elif 0 <= ref < len(files):
                    name, size = files[ref]
                    new.append((self._keep(files[ref]), str(entry.get("filename") or name), size))
        message.attachment_ids = [i for i, _, _ in new]
        message.attachments = [n for _, n, _ in new]
        message.attachment_sizes = [s for _, _, s in new]

    def _keep(self, file: tuple[str, int]) -> int:
        """A new attachment's id; its bytes kept in :attr:`files` (an :class:`Upload`'s)."""
        attachment_id = self.ids.next()
        data = getattr(file, "data", None)
        if isinstance(data, bytes):
            self.files[attachment_id] = data
        return attachment_id

    def attachment_files(self, message: Message) -> list[tuple[str, bytes | None]]:
        """The message's attachments as it has them now: each name with its bytes (None
        for one whose bytes the fake did not get)."""
        return [
            (name, self.files.get(attachment_id))
            for attachment_id, name in zip(message.attachment_ids, message.attachments, strict=True)
        ]
