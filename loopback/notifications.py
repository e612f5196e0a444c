"""Who a message notifies, as Discord decides it: a new message notifies the users it
mentions (in its content and its text displays) within its ``allowed_mentions``, and a DM
its recipient; an edit notifies nobody, except the first edit of a deferred answer ("is
thinking…"), which is the answer's real start. An ephemeral message notifies nobody.

The fake records each notification (``World.notifications``), so that a test can ask
whether whoever must act was told (tests/helpers/curious.py does, for every turn)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from loopback.entities import JSON, Message
from loopback.limits import walk_components

USER_MENTION = re.compile(r"<@!?(\d+)>")
TEXT_DISPLAY = 10


@dataclass(frozen=True)
class Notification:
    """A push notification Discord would give ``user_id`` for ``message_id``."""

    user_id: int
    message_id: int
    channel_id: int
    how: str
    """``mention`` (in a server's channel or thread) or ``dm``."""


def _texts(payload: JSON) -> list[str]:
    texts = [str(payload.get("content") or "")]
    for _, comp in walk_components(payload.get("components") or []):
        if comp.get("type") == TEXT_DISPLAY and isinstance(comp.get("content"), str):
            texts.append(comp["content"])
    return texts


def _allowed(payload: JSON, mentioned: list[int]) -> list[int]:
    """The mentioned users ``allowed_mentions`` lets notify (all, when it is absent)."""
    allowed: Any = payload.get("allowed_mentions")
    if not isinstance(allowed, dict):
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(u) for u in allowed.get("users") or []}
    return [u for u in mentioned if u in listed]


def notifications(message: Message, payload: JSON, *, starts: bool) -> list[Notification]:
    """Whom ``message`` notifies as ``payload`` writes it (``starts``: it is created now,
    or a deferred answer gets its first content)."""
    if not starts or message.visibility == "ephemeral":
        return []
    if message.visibility == "dm":
        if message.audience is None:
            return []
        return [Notification(message.audience, message.id, message.channel_id, "dm")]
    mentioned: list[int] = []
    for text in _texts(payload):
        for found in USER_MENTION.findall(text):
            if int(found) not in mentioned:
                mentioned.append(int(found))
    users = _allowed(payload, mentioned)
    return [Notification(u, message.id, message.channel_id, "mention") for u in users]
