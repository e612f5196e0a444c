"""The hash chain of a game's event log.

Every event row stores ``prev_hash`` (the hash of the event before it) and its own ``hash``:
SHA-256 (hex) of the canonical JSON of ``game_id, seq, actor, action, events, draws,
prev_hash`` — keys sorted, no whitespace, UTF-8. The first event (seq 1) has the game's seed
commitment as its ``prev_hash``, so the chain is anchored to the hash players saw in the
lobby before anything happened. Changing, dropping or reordering any event changes every
hash after it; the game row keeps the newest hash (the chain's head).

Pure (no database, no Discord): the store chains the events it writes with
:func:`chained_texts`, the verifier (:mod:`bot.audit.verify`) and migration 0006 check and
backfill hashes with :func:`event_hash`, which hashes the same fields.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any, NamedTuple

import orjson

from bot.json_text import OPTIONS, plain

_SORTED = OPTIONS | orjson.OPT_SORT_KEYS
_FLOAT_DIFFERS = re.compile(rb"0\.0000|e-\d(?!\d)")
"""Where orjson writes a float unlike ``json`` (Python's ``repr``): between 1e-9 and 1e-4
(``0.00001`` for ``1e-05``, ``1e-7`` for ``1e-07``). Found inside a string too, which only
costs the slower way."""


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value`` the chain hashes: what the database hands back
    (``json`` round trip: tuples become lists, keys strings), keys sorted, no spaces,
    UTF-8; defined as :func:`standard_json` writes it. orjson writes the same text ten
    times faster where it can (the hash is computed at every action); a value it refuses or
    may write differently (a float it writes unlike ``json``) takes the standard way."""
    try:
        text = orjson.dumps(value, option=_SORTED)
    except TypeError:
        return standard_json(value)
    if _FLOAT_DIFFERS.search(text):
        return standard_json(value)
    return text.decode()


def standard_json(value: Any) -> str:
    """The chain's JSON text as the standard library writes it (the definition)."""
    return json.dumps(plain(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class ChainedTexts(NamedTuple):
    """One event's hashed values as the chain's JSON texts, and its hash: the store keeps
    these texts, so that an action's values are serialised once (docs/PERFORMANCE.md)."""

    action: str
    events: str
    draws: str
    hash: str


def chained_texts(
    *,
    game_id: int,
    seq: int,
    actor: str | None,
    action: Mapping[str, Any],
    events: list[Any],
    draws: list[Any],
    prev_hash: str,
) -> ChainedTexts:
    """The canonical JSON texts of one event's action, events and draws, and its hash
    chained to ``prev_hash`` (the only place that says which fields the hash covers): the
    hashed text is the canonical JSON of the object of the seven fields, put together from
    their texts (keys sorted, so in this order; byte for byte what :func:`canonical_json`
    writes for the whole object)."""
    action_text, events_text, draws_text = (
        canonical_json(action),
        canonical_json(events),
        canonical_json(draws),
    )
    text = (
        f'{{"action":{action_text},"actor":{_scalar(actor)},"draws":{draws_text},'
        f'"events":{events_text},"game_id":{_scalar(game_id)},'
        f'"prev_hash":{_scalar(prev_hash)},"seq":{_scalar(seq)}}}'
    )
    digest = hashlib.sha256(text.encode()).hexdigest()
    return ChainedTexts(action_text, events_text, draws_text, digest)


def _scalar(value: Any) -> str:
    """:func:`canonical_json` of an id, a number of the chain or a hash, without a call
    into a serialiser where the text is plain: an int, or a string of letters and digits
    only (none of them escaped)."""
    if type(value) is int:
        return str(value)
    if type(value) is str and value.isalnum():
        return f'"{value}"'
    return canonical_json(value)


def chained_event(
    *,
    game_id: int,
    seq: int,
    actor: str | None,
    action: Mapping[str, Any],
    events: list[Any],
    draws: list[Any],
    prev_hash: str,
) -> dict[str, Any]:
    """The hashed fields of one event and, under ``"hash"``, its hash chained to
    ``prev_hash`` (:func:`chained_texts`)."""
    chained = chained_texts(
        game_id=game_id, seq=seq, actor=actor, action=action, events=events, draws=draws,
        prev_hash=prev_hash,
    )  # fmt: skip
    return {
        "game_id": game_id,
        "seq": seq,
        "actor": actor,
        "action": action,
        "events": events,
        "draws": draws,
        "prev_hash": prev_hash,
        "hash": chained.hash,
    }


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
    event = chained_event(
        game_id=game_id, seq=seq, actor=actor, action=action, events=events, draws=draws,
        prev_hash=prev_hash,
    )  # fmt: skip
    return str(event["hash"])
