"""Pictures drawn off the event loop, once per thing they show.

A card's :class:`~bot.render.cards.Picture` is drawn by :func:`draw` in a worker thread
(Pillow holds the loop for tens of milliseconds a picture), and only when its key was not
drawn lately: a click that does not change what a picture shows draws nothing. The bytes
are kept in a small cache for the message that sends them (:func:`drawn`).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from bot.render.cards import Card, Picture

KEPT = 256
"""Pictures kept drawn (a few tables' worth each; they are tens of kilobytes)."""

_drawn: OrderedDict[str, bytes] = OrderedDict()


async def draw(picture: Picture) -> bytes:
    """The picture's PNG: drawn in a worker thread unless drawn already."""
    found = _drawn.get(picture.key)
    if found is None:
        found = await asyncio.to_thread(picture.draw)
        _drawn[picture.key] = found
        if len(_drawn) > KEPT:
            _drawn.popitem(last=False)
    else:
        _drawn.move_to_end(picture.key)
    return found


async def ready(card: Card) -> Card:
    """``card`` with its picture drawn (if it has one), ready to be sent."""
    for picture in card.pictures:
        await draw(picture)
    return card


def drawn(picture: Picture) -> bytes:
    """The PNG :func:`draw` made. A picture is drawn before its card is sent, so that no
    Pillow call runs on the event loop: one that was not is a bug."""
    found = _drawn.get(picture.key)
    if found is None:
        raise LookupError(f"picture {picture.name!r} sent before it was drawn (await ready)")
    return found


_shown: OrderedDict[int, str] = OrderedDict()


def gallery_key(card: Card) -> str:
    """What a card's pictures show, together ("": none)."""
    return "\n".join(picture.key for picture in card.pictures)


def showing(message_id: int | None) -> str | None:
    """The pictures (their keys, :func:`gallery_key`) message ``message_id`` shows, as far
    as this process knows: an edit that keeps them sends no file (after a restart, one
    edit sends them anew)."""
    return None if message_id is None else _shown.get(message_id)


def shows(message_id: int, card: Card | None) -> None:
    """Message ``message_id`` now shows ``card`` (and its pictures, or none; None: what
    it shows is not known)."""
    if card is None or not card.pictures:
        _shown.pop(message_id, None)
        return
    _shown[message_id] = gallery_key(card)
    _shown.move_to_end(message_id)
    if len(_shown) > KEPT * 16:
        _shown.popitem(last=False)
