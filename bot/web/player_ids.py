"""A player's short opaque id on a server's pages, the one place it is made and read back:
ten letters of base32 of HMAC-SHA256 keyed with the server's web key over his id. It
names no Discord id and cannot be turned back into one; it changes with the key (pages
turned off and on again: links sent before stay dead, like the server's). A page's id is
read back by making the ids of the players the server's history knows."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
from collections.abc import Iterable, Mapping

LENGTH = 10
"""Letters of an id: 50 bits, no two of a server's players alike in practice."""
KEPT = 50_000
"""Ids kept made (a few megabytes)."""
PATTERN = re.compile(f"[a-z2-7]{{{LENGTH}}}")
"""What an id looks like (the route's pattern)."""


@functools.lru_cache(maxsize=KEPT)
def player_id(key: str, player: str) -> str:
    """``player``'s id on the pages of the server whose web key is ``key`` (the latest
    :data:`KEPT` kept: a page names a server's players again and again)."""
    digest = hmac.new(key.encode(), player.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii")[:LENGTH].lower()


def player_ids(key: str, players: Iterable[str]) -> dict[str, str]:
    """Each of ``players`` by his id."""
    return {player: player_id(key, player) for player in players}


def resolved(shown: str, ids: Mapping[str, str]) -> str | None:
    """The player whose id is ``shown``, of ``ids`` (:func:`player_ids` of the players a
    server knows); None: none of them."""
    if PATTERN.fullmatch(shown) is None:
        return None
    return next((player for player, made in ids.items() if hmac.compare_digest(made, shown)), None)
