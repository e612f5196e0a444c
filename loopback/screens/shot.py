"""One message version as a player saw it, kept for a screenshot: :class:`Shot`.

A shot holds what the page needs and nothing of the fake: the payload's parts (content,
embeds, components), the author's name, where and to whom it was shown, its attachments'
bytes, the names of the users and channels it mentions and the pictures of the app's
emojis it uses. :class:`Film` takes a shot of every message version a fake Discord stores,
in the order Discord got them (while :func:`filming` runs, of every fake).
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from loopback.entities import (
    APPLICATION_COMMAND,
    DISCORD_EPOCH_MS,
    JSON,
    Message,
    Visibility,
    iter_components,
)
from loopback.server import FakeDiscord

USER_ID = re.compile(r"<@!?(\d+)>")
CHANNEL_ID = re.compile(r"<#(\d+)>")
EMOJI_ID = re.compile(r"<a?:\w+:(\d+)>")


def moment_of(snowflake: int) -> datetime:
    """The time a Discord id was made."""
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)


@dataclass
class Shot:
    """A message version with everything its page shows."""

    message_id: int
    author: str
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    visibility: Visibility = "public"
    audience: str = ""  # who sees an ephemeral message or a DM
    place: str = ""  # the channel's or thread's name
    bot: bool = True
    language: str = "de"  # the reader's Discord (the words around the message)
    files: list[tuple[str, bytes | None]] = field(default_factory=list)
    users: dict[int, str] = field(default_factory=dict)
    channels: dict[int, str] = field(default_factory=dict)
    emojis: dict[int, bytes] = field(default_factory=dict)  # app emoji id -> its picture
    command: str = ""  # "/v6 tisch" when the message answers a slash command
    invoker: str = ""  # who used that command
    answers: str = ""  # the custom id of the button or select it answers
    sent: datetime = field(default_factory=lambda: datetime.now(UTC))
    edited: bool = False
    version: int = 0  # this message's n-th version (0: as created)

    def texts(self) -> str:
        """Every text of the payload in one string (what ids it mentions is read from it)."""
        return json.dumps([self.content, self.embeds, self.components], ensure_ascii=False)

    def attachment(self, name: str) -> bytes | None:
        return next((data for shown, data in self.files if shown == name), None)


def shot_of(fake: FakeDiscord, message: Message) -> Shot:
    """The message as it is now in ``fake``."""
    author = fake.users.get(message.author_id)
    channel = fake.channels.get(message.channel_id)
    guild = fake.guilds.get(message.guild_id or 0)
    viewer = fake.users.get(message.audience or 0)
    locale = viewer.locale if viewer is not None else (guild.locale if guild else "de")
    interaction = fake.interactions.get(message.interaction_id or 0)
    shot = Shot(
        message_id=message.id,
        author=author.name if author is not None else "?",
        content=message.content,
        embeds=copy.deepcopy(message.embeds),
        components=copy.deepcopy(message.components),
        visibility=message.visibility,
        audience=viewer.name if viewer is not None else "",
        place=channel.name if channel is not None else "",
        bot=author.bot if author is not None else True,
        language=locale.split("-")[0].lower(),
        files=fake.attachment_files(message),
        sent=moment_of(message.id),
        edited=message.edits > 0,
        version=message.edits,
    )
    if interaction is not None and interaction.type == APPLICATION_COMMAND:
        shot.command = "/" + interaction.name.removeprefix("/")
        shot.invoker = interaction.user.name
    elif interaction is not None:
        shot.answers = interaction.name
    texts = shot.texts()
    for match in USER_ID.finditer(texts):
        user = fake.users.get(int(match[1]))
        if user is not None:
            shot.users[user.id] = user.name
    for match in CHANNEL_ID.finditer(texts):
        place = fake.channels.get(int(match[1]))
        if place is not None:
            shot.channels[place.id] = place.name
    used = [int(match[1]) for match in EMOJI_ID.finditer(texts)]
    for comp in iter_components(shot.components, interactive_only=False):
        for option in [comp, *(comp.get("options") or [])]:  # a button's or an option's
            written = str((option.get("emoji") or {}).get("id") or "")
            if written.isdigit():
                used.append(int(written))
    for emoji_id in used:
        emoji = fake.emojis.by_id.get(emoji_id)
        if emoji is not None:
            shot.emojis[emoji.id] = emoji.image
    return shot


@dataclass
class Film:
    """Every message version the fakes stored while it ran, as shots, in order."""

    shots: list[Shot] = field(default_factory=list)

    def versions(self, message_id: int) -> list[Shot]:
        return [s for s in self.shots if s.message_id == message_id]

    def messages(self) -> list[int]:
        """The ids of the messages filmed, in the order they were made."""
        return list(dict.fromkeys(s.message_id for s in self.shots))


@contextlib.contextmanager
def filming() -> Iterator[Film]:
    """A :class:`Film` of every message version any :class:`FakeDiscord` stores meanwhile
    (the class's ``apply`` is wrapped, so a fake made inside other code is filmed too)."""
    film = Film()
    original = FakeDiscord.apply

    def apply(
        fake: FakeDiscord, message: Message, payload: Any, files: Any, *, creating: bool
    ) -> None:
        original(fake, message, payload, files, creating=creating)
        film.shots.append(shot_of(fake, message))

    FakeDiscord.apply = apply  # type: ignore[method-assign, assignment]
    try:
        yield film
    finally:
        FakeDiscord.apply = original  # type: ignore[method-assign]
