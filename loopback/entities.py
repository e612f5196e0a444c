"""The fake Discord's world: ids, guilds, channels, users, messages, interactions, REST calls."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from typing import Any, Literal

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_EVENTS = 1 << 33
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
CREATE_EVENTS = 1 << 44  # since 2026-02-23 needed to create events (Manage Events is not)

DEFAULT_MEMBER_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
# As invited with the README's permissions (and a few more).
DEFAULT_BOT_PERMISSIONS = (
    DEFAULT_MEMBER_PERMISSIONS
    | MANAGE_MESSAGES
    | MANAGE_THREADS
    | CREATE_PRIVATE_THREADS
    | CREATE_EVENTS
)

# Interaction types and callback types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15
# Message flags a bot may set: SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2.
SETTABLE_FLAGS = 4 | EPHEMERAL | 4096 | COMPONENTS_V2

BUTTON = 2
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
TEXT_INPUT = 4
CONTAINER = 17
THUMBNAIL = 11

Visibility = Literal["public", "ephemeral", "dm"]
ChannelKind = Literal["text", "thread", "dm"]


class Snowflakes:
    """Discord-like ids: time-based (discord.py reads their timestamps) and strictly increasing."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = now_ms << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, count: int) -> int:
        """The next id whose server Discord would send to shard ``shard_id`` of ``count``
        (``(id >> 22) % count``: the id's milliseconds, moved on by up to ``count - 1``)."""
        stamp = self.next() >> 22
        stamp += (shard_id - stamp) % count
        candidate = max(stamp << 22, self._last + 1)
        while (candidate >> 22) % count != shard_id:
            candidate = ((candidate >> 22) + 1) << 22
        self._last = candidate
        return candidate


@dataclass(eq=False)
class User:
    id: int
    name: str
    locale: str = "de"
    dms_open: bool = True
    bot: bool = False
    # Permissions the user has in every guild it is a member of (tests may change them).
    permissions: int = DEFAULT_MEMBER_PERMISSIONS


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    locale: str = "de"
    owner_id: int = 0
    bot_role_id: int = 0
    # The bot's permissions (its role; ``app_permissions``). Set them before the bot connects.
    bot_permissions: int = DEFAULT_BOT_PERMISSIONS
    member_ids: list[int] = field(default_factory=list)
    channel_ids: list[int] = field(default_factory=list)


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    kind: ChannelKind = "text"
    guild_id: int | None = None
    parent_id: int | None = None  # threads
    owner_id: int | None = None  # threads
    private: bool = False  # threads: type 12 instead of 11
    archived: bool = False  # threads: idle too long (FakeDiscord.archive)
    locked: bool = False  # threads: a moderator locked it (only Manage Threads reopens it)
    auto_archive_duration: int = 1440  # threads: minutes of quiet before archiving
    recipient_id: int | None = None  # DM channels
    # Permission overwrites: role id -> the bits this channel denies it (FakeDiscord.deny_bot).
    denied: dict[int, int] = field(default_factory=dict)
    position: int = 0


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    flags: int = 0
    visibility: Visibility = "public"
    audience: int | None = None  # user id for ephemeral / DM messages
    edits: int = 0
    interaction_id: int | None = None
    attachments: list[str] = field(default_factory=list)
    deleted: bool = False
    guild_id: int | None = None
    type: int = 0
    webhook_id: int | None = None
    attachment_ids: list[int] = field(default_factory=list, repr=False)
    attachment_sizes: list[int] = field(default_factory=list, repr=False)
    created_at: float = field(default_factory=time.time, repr=False)
    edited_at: float | None = field(default=None, repr=False)
    created_ids: list[str] = field(default_factory=list, repr=False)
    """The custom ids it was created with (a table message's game and version then)."""

    def can_see(self, user_id: int) -> bool:
        """Whether the user with this id can see the message."""
        if self.deleted:
            return False
        return self.visibility == "public" or self.audience == user_id

    def custom_ids(self) -> list[str]:
        """custom_ids of the enabled interactive components (buttons and selects), in order."""
        return [c["custom_id"] for c in iter_components(self.components) if _enabled(c)]

    def component(self, label_or_custom_id: str) -> JSON:
        """The component with this custom_id or label (buttons) / placeholder (selects)."""
        for comp in iter_components(self.components):
            if comp.get("custom_id") == label_or_custom_id:
                return comp
        for comp in iter_components(self.components):
            if label_or_custom_id in (comp.get("label"), comp.get("placeholder")):
                return comp
        raise LookupError(f"message {self.id} has no component {label_or_custom_id!r}")

    def rows(self) -> list[JSON]:
        """Its action rows, at the top (a message of old) or inside its containers."""
        return [c for c in iter_components(self.components, interactive_only=False)
                if c.get("type") == 1]  # fmt: skip

    def shown_media(self) -> list[tuple[str, str]]:
        """The attachments its media galleries and thumbnails show (``attachment://``
        names the message has), each with its alt text ("" for none), in order."""
        shown = []
        for comp in iter_components(self.components, interactive_only=False):
            items = comp.get("items") or ([comp] if comp.get("type") == THUMBNAIL else [])
            for item in items:
                url = str((item.get("media") or {}).get("url") or "")
                name = url.removeprefix("attachment://")
                if url.startswith("attachment://") and name in self.attachments:
                    shown.append((name, str(item.get("description") or "")))
        return shown

    def pictures(self) -> list[str]:
        """The attachments a player sees as pictures in it (:meth:`shown_media`)."""
        return [name for name, _ in self.shown_media()]

    def displays(self) -> list[str]:
        """Its text displays' contents as sent (Markdown marks and all), in order."""
        return [
            str(comp["content"])
            for comp in iter_components(self.components, interactive_only=False)
            if comp.get("type") == 10 and comp.get("content")
        ]

    def headings(self) -> list[tuple[str, str]]:
        """Its text displays' sections: each heading ("### title") with the text below
        it up to the next heading, in order."""
        found: list[tuple[str, str]] = []
        for display in self.displays():
            for part in re.split(r"^### ", display, flags=re.MULTILINE)[1:]:
                title, _, body = part.partition("\n")
                found.append((title, body.strip("\n")))
        return found

    def text(self) -> str:
        """Content, embed texts and text displays joined by newlines, for assertions."""
        parts: list[str] = [self.content] if self.content else []
        for embed in self.embeds:
            author = embed.get("author") or {}
            footer = embed.get("footer") or {}
            parts.extend(
                str(v)
                for v in (
                    author.get("name"),
                    embed.get("title"),
                    embed.get("description"),
                )
                if v
            )
            for fld in embed.get("fields") or []:
                parts.extend(str(v) for v in (fld.get("name"), fld.get("value")) if v)
            if footer.get("text"):
                parts.append(str(footer["text"]))
        for comp in iter_components(self.components, interactive_only=False):
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(_MARKS.sub("", str(comp["content"])))
        return "\n".join(parts)


_MARKS = re.compile(r"^(?:#{1,3}|-#) ", re.MULTILINE)
"""Markdown's heading and small-print marks, which a player does not read as text."""


def iter_components(components: list[JSON], *, interactive_only: bool = True) -> list[JSON]:
    """All components in a tree (action rows, sections, containers, labels), depth first."""
    found: list[JSON] = []

    def walk(items: list[Any]) -> None:
        for comp in items:
            if not isinstance(comp, dict):
                continue
            kind = comp.get("type")
            interactive = kind in (BUTTON, TEXT_INPUT) or kind in SELECT_TYPES
            if not interactive_only or (interactive and "custom_id" in comp):
                found.append(comp)
            walk(comp.get("components") or [])
            for key in ("accessory", "component"):
                child = comp.get(key)
                if isinstance(child, dict):
                    walk([child])

    walk(components)
    return found


def _enabled(comp: JSON) -> bool:
    return comp.get("type") != TEXT_INPUT and not comp.get("disabled", False)


@dataclass(eq=False)
class Interaction:
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    response_type: int | None = None
    responded_after: float | None = None
    response: JSON | None = None  # the callback's ``data``
    message: Message | None = None  # created or updated by the initial response
    followups: list[Message] = field(default_factory=list)
    modal: JSON | None = None
    source: Message | None = None  # the message whose component was used (or the modal's)
    name: str = ""  # command path, custom_id or modal custom_id (for messages)
    data: JSON = field(default_factory=dict, repr=False)  # the interaction's ``data`` as sent
    created: float = field(default=0.0, repr=False)  # loop time when sent to the bot
    dead: bool = field(default=False, repr=False)  # answered too late: Discord forgot it
    answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    async def wait_followup(self, n: int = 1, timeout: float = 3) -> list[Message]:
        """Wait until the bot sent at least ``n`` follow-ups; all follow-ups so far."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self.followups) < n:
            if loop.time() >= deadline:
                raise TimeoutError(
                    f"interaction {self.name!r}: {len(self.followups)} of {n} follow-ups "
                    f"after {timeout} s"
                )
            await asyncio.sleep(0.01)
        return list(self.followups)


@dataclass
class RestCall:
    method: str
    path: str  # without the /api/v10 prefix and the query
    json: Any  # the JSON body (payload_json for multipart), or None
    status: int
    time: float  # seconds since the fake started
    query: dict[str, str] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)


class Upload(tuple[str, int]):
    """A file a request uploaded: ``(name, size)`` as the routes read it, and its bytes in
    :attr:`data` (the fake keeps a message's attachments' bytes: loopback/screens)."""

    data: bytes

    def __new__(cls, name: str, data: bytes) -> Upload:
        upload = super().__new__(cls, (name, len(data)))
        upload.data = data
        return upload
