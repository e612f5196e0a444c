"""The hash chain of a game's event log.

Every event row stores ``prev_hash`` (the hash of the event before it) and its own ``hash``:
SHA-256 (hex) of the canonical JSON of ``game_id, seq, actor, action, events, draws,
prev_hash`` — keys sorted, no whitespace, UTF-8. The first event (seq 1) has the game's seed
commitment as its ``prev_hash``, so the chain is anchored to the hash players saw in the
lobby before anything happened. Changing, dropping or reordering any event changes every
hash after it; the game row keeps the newest hash (the chain's head).

Chain format 2 (since migration 0021) hashes the same fields of the event *pseudonymised*:
every JSON string (value or key) of ``actor``, ``action`` and ``events`` that is one of the
game's people (:class:`Pseudonyms`) is replaced by :func:`pseudonym` before the canonical
JSON is taken; ``draws`` and the chain's own fields are taken as they are. The stored rows
keep the ids (the engines replay them); the export (:mod:`bot.audit.export`, format
``croupier-game/2``) holds the pseudonymised values, so its events hash as given, with the
format-1 formula, and carry no Discord id. An export of format 1 (written before) holds the
ids and hashes the same way: the checker's formula is one.

Pure (no database, no Discord): the store chains the events it writes with
:func:`chained_texts` (given the game's :class:`Pseudonyms`), the verifier
(:mod:`bot.audit.verify`) checks an export's events with :func:`event_hash`, migration 0006
backfilled format-1 hashes with it, and 0021 re-chained every game in format 2.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

import orjson

from bot.json_text import OPTIONS, plain

_SORTED = OPTIONS | orjson.OPT_SORT_KEYS
_FLOAT_DIFFERS = re.compile(rb"0\.0000|e-\d(?!\d)")
"""Where orjson writes a float unlike ``json`` (Python's ``repr``): between 1e-9 and 1e-4
(``0.00001`` for ``1e-05``, ``1e-7`` for ``1e-07``). Found inside a string too, which only
costs the slower way."""


PSEUDONYM = re.compile(r"p[0-9a-f]{20}")
"""What a pseudonym looks like (never a Discord id, which is digits)."""


def new_actor_key() -> str:
    """A game's secret key of its pseudonyms (32 random bytes, hex), never published."""
    return secrets.token_hex(32)


def pseudonym(key: str, player_id: str) -> str:
    """The pseudonym of a person in the game whose ``actor_key`` is ``key``: ``"p"`` and the
    first 20 hex digits of HMAC-SHA256(key, id). A pseudonym stays itself, so that a
    person's id erased by his pseudonym in the stored rows hashes the same."""
    if PSEUDONYM.fullmatch(player_id):
        return player_id
    digest = hmac.new(bytes.fromhex(key), player_id.encode(), hashlib.sha256).hexdigest()
    return "p" + digest[:20]


def pseudonymise(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every string, and every dict key, that is a key of ``names`` replaced
    by its value; in one walk, giving back ``value`` itself (no copy) where nothing in it
    changes. A key is taken as JSON writes it (an integer key as its digits); a dict's keys
    are sorted only when its JSON text is taken. This is the rule; the chain's hot path
    works on the JSON text to the same result (:meth:`Pseudonyms.hidden_text`)."""
    kind = type(value)
    if kind is str:
        return names.get(value, value)
    if kind is dict:
        changed = False
        out = {}
        for key, item in value.items():
            if type(key) is str:
                new_key = names.get(key, key)
            elif type(key) is int and str(key) in names:
                new_key = names[str(key)]
            else:
                new_key = key
            new_item = pseudonymise(item, names)
            changed = changed or new_key is not key or new_item is not item
            out[new_key] = new_item
        return out if changed else value
    if kind is list or kind is tuple:
        items = [pseudonymise(item, names) for item in value]
        if any(new is not old for new, old in zip(items, value, strict=True)):
            return items
        return value
    return value


_LONG_NUMBER = re.compile(r"\d{19}")


class Pseudonyms:
    """The people of one game and their pseudonyms: every person its log names (the
    players ever seated, who acted, whom an action named), in the order they came; the
    list only grows (``games.people``). Kept with a cached table, so that each pseudonym is
    computed once."""

    __slots__ = ("_quoted", "key", "names")

    def __init__(self, key: str, people: Iterable[str] = ()) -> None:
        self.key = key
        self.names: dict[str, str] = {}
        self._quoted: list[tuple[str, str, str]] = []
        """Each person's id and pseudonym as JSON strings, and the id as a JSON key."""
        self.grow(people)

    @property
    def people(self) -> list[str]:
        return list(self.names)

    def grow(self, named: Iterable[str]) -> bool:
        """Add the people not yet known; whether there were any."""
        names = self.names
        new = [p for p in named if p not in names]
        for person in new:
            if person in names:  # named twice
                continue
            alias = names[person] = pseudonym(self.key, person)
            quoted = canonical_json(person)
            self._quoted.append((quoted, canonical_json(alias), quoted + ":"))
        return bool(new)

    def __call__(self, value: Any) -> Any:
        """``value`` pseudonymised (:func:`pseudonymise`)."""
        return pseudonymise(value, self.names)

    def hidden_text(self, text: str, value: Any) -> str:
        """The canonical JSON of ``value`` pseudonymised, given ``text``, its canonical JSON:
        each person's JSON string replaced in the text (a few C calls, where the walk and a
        second serialisation took ~10 µs an action), the keys sorted anew only if an id was
        one (read back by orjson; by ``json`` where 19 digits in a row may be an integer
        beyond 64 bits, which orjson would make a float). Exact because, without an escaped
        quote in the text, every ``"`` delimits a string, so an id's JSON string is found
        only as a whole string; with one, the walk."""
        if '\\"' in text:
            return canonical_json(pseudonymise(plain(value), self.names))
        hidden, keyed = text, False
        for quoted, alias, as_key in self._quoted:
            if quoted in hidden:
                keyed = keyed or as_key in hidden
                hidden = hidden.replace(quoted, alias)
        if not keyed:
            return hidden
        read = json.loads if _LONG_NUMBER.search(hidden) else orjson.loads
        return canonical_json(read(hidden))


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
    names: Pseudonyms | None = None,
) -> ChainedTexts:
    """The canonical JSON texts of one event's action, events and draws, and its hash
    chained to ``prev_hash`` (the only place that says which fields the hash covers): the
    hashed text is the canonical JSON of the object of the seven fields, put together from
    their texts (keys sorted, so in this order; byte for byte what :func:`canonical_json`
    writes for the whole object). With ``names`` (the game's :class:`Pseudonyms`: chain
    format 2) the hash covers ``actor``, ``action`` and ``events`` pseudonymised; the texts
    returned are those of the values as given (what the store keeps)."""
    action_text, events_text, draws_text = (
        canonical_json(action),
        canonical_json(events),
        canonical_json(draws),
    )
    hashed_action, hashed_events = action_text, events_text
    if names is not None:
        actor = actor if actor is None else names.names.get(actor, actor)
        hashed_action = names.hidden_text(action_text, action)
        hashed_events = names.hidden_text(events_text, events)
    text = (
        f'{{"action":{hashed_action},"actor":{_scalar(actor)},"draws":{draws_text},'
        f'"events":{hashed_events},"game_id":{_scalar(game_id)},'
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
    names: Pseudonyms | None = None,
) -> dict[str, Any]:
    """The hashed fields of one event (as given) and, under ``"hash"``, its hash chained to
    ``prev_hash`` (:func:`chained_texts`; format 2 with ``names``)."""
    chained = chained_texts(
        game_id=game_id, seq=seq, actor=actor, action=action, events=events, draws=draws,
        prev_hash=prev_hash, names=names,
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
    names: Pseudonyms | None = None,
) -> str:
    """The hash of one event, chained to ``prev_hash`` (format 2 with ``names``; without,
    the values are hashed as given: format 1, or an export's pseudonymised event)."""
    return chained_texts(
        game_id=game_id, seq=seq, actor=actor, action=action, events=events, draws=draws,
        prev_hash=prev_hash, names=names,
    ).hash  # fmt: skip
