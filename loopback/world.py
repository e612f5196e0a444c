"""``World``: what the fake Discord holds, and the rules by which it changes.

The application (its ids, token, settings, emojis), the servers, channels, users, messages
and interactions, and the records the tests read (REST calls, violations, forms, files).
The REST handlers (:mod:`loopback.rest`) and the gateway (:mod:`loopback.gateway`) read and
change it; the events it makes go to its :class:`Listener`, which the server
(:mod:`loopback.server`) sets to the gateway. A world alone tells no one.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any, Protocol

from loopback import payloads
from loopback.app_emojis import AppEmojis
from loopback.driver import Uploads
from loopback.entities import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    DEFAULT_MEMBER_PERMISSIONS,
    EPHEMERAL,
    JSON,
    LOADING,
    SETTABLE_FLAGS,
    Channel,
    Guild,
    Interaction,
    Message,
    RestCall,
    Snowflakes,
    User,
    Visibility,
)
from loopback.gateway_shards import IDENTIFY_WINDOW
from loopback.notifications import Notification, notifications


class Listener(Protocol):
    """Who hears the world's events: the bot, on the fake's gateway."""

    def dispatch(self, event: str, data: JSON) -> None:
        """Send ``event`` to the bot."""

    def wants(self, event: str, guild_id: int | None) -> bool:
        """Whether the bot asked for ``event`` (in that server; None: in a DM)."""


class _Nobody:
    def dispatch(self, event: str, data: JSON) -> None:
        pass

    def wants(self, event: str, guild_id: int | None) -> bool:
        return False


class World:
    """The fake Discord's state: build it (guilds, channels, users), then read it."""

    def __init__(self) -> None:
        self.listener: Listener = _Nobody()
        self.ids = Snowflakes()
        self.uploads = Uploads(self.ids)
        self.app_id = self.ids.next()
        self.bot_user_id = self.app_id
        self.bot_user = User(self.bot_user_id, "Croupier", bot=True)
        self.owner = User(self.ids.next(), "Owner")
        self.emojis = AppEmojis(self.ids, self.app_id, self.bot_user)  # the app's own emojis
        # The bot's token: when set, REST and IDENTIFY with any other token are refused as
        # Discord refuses them (401 Unauthorized; gateway close 4004). None: any token.
        self.bot_token: str | None = None
        self.application_flags = 0
        self.started_at = time.monotonic()
        # Discord's clocks (tests may shorten them).
        self.response_deadline = 3.0
        self.token_lifetime = 15 * 60.0
        # Sharding (loopback/gateway_shards.py): GET /gateway/bot's answer, and the session start
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
        self.notifications: list[Notification] = []  # who was told of what, in order
        self.files: dict[int, bytes] = {}  # attachment id -> its bytes, as the bot uploaded it

    def violation(self, text: str) -> None:
        self.violations.append(text)

    # -- building ---------------------------------------------------------------------------
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
        self.listener.dispatch("GUILD_CREATE", self.guild_create(guild))
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.ids.next(), name, "text", guild_id=guild.id, position=len(guild.channel_ids)
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.listener.dispatch("CHANNEL_CREATE", payloads.channel_payload(channel))
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
        self.listener.dispatch("GUILD_MEMBER_ADD", {**member, "guild_id": str(guild.id)})

    def set_dms_open(self, user: User, open: bool) -> None:
        user.dms_open = open

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
        event = {**self.channel_json(thread), "newly_created": True}
        self.listener.dispatch("THREAD_CREATE", event)
        return thread

    def archive(self, thread: Channel, archived: bool = True) -> None:
        """A thread archives after its auto-archive time without activity (tests call this
        instead of waiting a week); the bot hears it as a THREAD_UPDATE."""
        thread.archived = archived
        self.listener.dispatch("THREAD_UPDATE", self.channel_json(thread))

    def deny_bot(self, channel: Channel, permissions: int) -> None:
        """A channel overwrite that denies the bot's role ``permissions`` (and its threads);
        the bot hears it as a CHANNEL_UPDATE."""
        guild = self.guilds[channel.guild_id or 0]
        channel.denied[guild.bot_role_id] = channel.denied.get(guild.bot_role_id, 0) | permissions
        self.listener.dispatch("CHANNEL_UPDATE", self.channel_json(channel))

    def store_command(self, command: JSON, guild_id: int | None, current: list[JSON]) -> JSON:
        """A command as Discord keeps it when the bot syncs it (``current``: those synced)."""
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

    # -- reading ----------------------------------------------------------------------------
    def commands(self, guild: Guild | None = None) -> list[JSON]:
        """Commands as synced by the bot (global when ``guild`` is None)."""
        return copy.deepcopy(self.synced.get(guild.id if guild else None, []))

    def threads(self, parent: Channel) -> list[Channel]:
        """Threads created in ``parent``, oldest first."""
        return [c for c in self.channels.values() if c.parent_id == parent.id]

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

    def attachment_files(self, message: Message) -> list[tuple[str, bytes | None]]:
        """The message's attachments as it has them now: each name with its bytes (None
        for one whose bytes the fake did not get)."""
        return [
            (name, self.files.get(attachment_id))
            for attachment_id, name in zip(message.attachment_ids, message.attachments, strict=True)
        ]

    def describe(self, interaction: Interaction) -> str:
        return f"interaction {interaction.name!r} by {interaction.user.name}"

    # -- as JSON ----------------------------------------------------------------------------
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

    # -- the bot's messages -----------------------------------------------------------------
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
        starts = creating or bool(message.flags & LOADING)  # a deferred answer's first edit
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
        self.notifications += notifications(message, payload, starts=starts)
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

    def notified(self, user_id: int, since: int = 0) -> list[Notification]:
        """The notifications ``user_id`` got, from the ``since``-th recorded on."""
        return [n for n in self.notifications[since:] if n.user_id == user_id]

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.message_event(message, "MESSAGE_DELETE")

    def message_event(self, message: Message, event: str) -> None:
        """Tell the bot about a message like Discord does (never for ephemerals; only if it
        asked for the event)."""
        if message.visibility == "ephemeral" or not self.listener.wants(event, message.guild_id):
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
        self.listener.dispatch(event, data)

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
