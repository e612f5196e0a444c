"""The hash chain of a game's event log.

Every event row stores ``prev_hash`` (the hash of the event before it) and its own ``hash``:
SHA-256 (hex) of the canonical JSON of ``game_id, seq, actor, action, events, draws,
prev_hash`` — keys sorted, no whitespace, UTF-8. The first event (seq 1) has the game's seed
commitment as its ``prev_hash``, so the chain is anchored to the hash players saw in the
lobby before anything happened. Changing, dropping or reordering any event changes every
hash after it; the game row keeps the newest hash (the chain's head).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from bot.json_text import plain


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value`` the chain hashes: what the database hands back
    (``json`` round trip: tuples become lists, keys strings), keys sorted, no spaces."""
    return json.dumps(plain(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def event_hash(
    *,
    game_id: int,
    seq: int,
    actor: str | None,
    action: Mapping[str, Any],
    events: list[Any],
    draws: list[Any],
    prev_hash: str,
) -> str:
    """The hash of one event, chained to ``prev_hash``."""
    body = {
        "game_id": game_id,
        "seq": seq,
        "actor": actor,
        "action": action,
        "events": events,
        "draws": draws,
        "prev_hash": prev_hash,
    }
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()
