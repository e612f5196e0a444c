"""The export file of one game: everything needed to check it offline.

A JSON object (UTF-8), format 2 (written since chain format 2, migration 0021)::

    {"format": "croupier-game/2", "game_id": 7, "kind": "verflixte6", "status": "finished",
     "players": ["<pseudonym>", ...], "options": {...},
     "seed_hash": "<hex SHA-256 of the seed, shown before the game>",
     "seed": "<hex seed, only once the game is finished or aborted, else null>",
     "head_hash": "<hash of the last event>", "final_state": {... the stored snapshot ...},
     "state_seq": <the event after which final_state was stored; the last one once over>,
     "events": [{"seq": 1, "actor": "<pseudonym or null>", "action": {...}, "events": [...],
                 "draws": [{"n": 0, "sides": 6, "value": 4, "nonce": "<interaction id>"}],
                 "prev_hash": "...", "hash": "..."}, ...]}

Every person's id in ``players``, ``options``, ``final_state`` and the events' ``actor``,
``action`` and ``events`` is his pseudonym in this game (:func:`bot.engine.chain.pseudonym`):
the file holds no Discord id. An event's ``hash`` is the SHA-256 of the canonical JSON of
the event's fields as given but ``hash``, with the file's ``game_id`` (:mod:`bot.engine.chain`).
Format 1 (files written before) has the ids themselves, in the same shape; it is read and
checked the same way. How a file is checked: :mod:`bot.audit.verify`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.engine.chain import Pseudonyms

FORMAT = "croupier-game/2"
FORMAT_1 = "croupier-game/1"
"""The format written before chain format 2: the ids themselves, still read and checked."""
OVER = ("finished", "aborted")
FORMATS = (FORMAT, FORMAT_1)
EVENT_FIELDS = ("seq", "actor", "action", "events", "draws", "prev_hash", "hash")


class ExportError(ValueError):
    """The file is not a Croupier game export (not JSON, or fields missing or mistyped)."""


@dataclass(frozen=True)
class GameExport:
    """A read export file. ``events`` stay the plain dicts of the file."""

    game_id: int
    kind: str
    status: str
    players: list[str]
    options: dict[str, Any]
    seed_hash: str
    seed: str | None
    head_hash: str
    final_state: dict[str, Any] | None
    events: list[dict[str, Any]]
    state_seq: int | None = None
    """The event after which ``final_state`` holds (None: the last one). A running game's
    state is stored at checkpoints, not after every action (docs/DECISIONS.md)."""
    format: str = FORMAT


class LoggedEvent(Protocol):
    """An event of the log as the store keeps it (``bot.store.EventRow``). The export needs
    only these fields, so this module stays free of the database."""

    seq: int
    actor: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    draws: list[dict[str, Any]]
    prev_hash: str
    hash: str


class StoredGame(Protocol):
    """A game row as the store keeps it (``bot.store.GameRow``), the fields the export
    needs."""

    id: int | None
    kind: str
    status: str
    players: list[str]
    options: dict[str, Any]
    seed_hash: str
    seed: str
    head_hash: str
    snapshot: dict[str, Any]
    snapshot_version: int
    version: int
    actor_key: str
    people: list[str]


class GameLogs(Protocol):
    """Where stored games are read from (``bot.store.Store``)."""

    def get(self, game_id: int) -> StoredGame: ...
    def events(self, game_id: int, upto: int | None = None) -> Sequence[LoggedEvent]: ...


def event_entry(row: LoggedEvent) -> dict[str, Any]:
    """One logged action as stored, with the ids (``Service.export_log``, a tournament's
    full log); its hash is over the pseudonymised event (:func:`hidden_entry`)."""
    return {
        "seq": row.seq,
        "actor": row.actor,
        "action": row.action,
        "events": row.events,
        "draws": row.draws,
        "prev_hash": row.prev_hash,
        "hash": row.hash,
    }


def hidden_entry(row: LoggedEvent, names: Pseudonyms) -> dict[str, Any]:
    """One logged action as the export shows it: the event pseudonymised, as its hash
    covers it."""
    return {
        "seq": row.seq,
        "actor": names(row.actor),
        "action": names(row.action),
        "events": names(row.events),
        "draws": row.draws,
        "prev_hash": row.prev_hash,
        "hash": row.hash,
    }


def document(game: StoredGame, events: Sequence[LoggedEvent]) -> dict[str, Any]:
    """The export of a stored game, pseudonymised; the seed only once the game is over."""
    names = Pseudonyms(game.actor_key, game.people)
    return {
        "format": FORMAT,
        "game_id": game.id,
        "kind": game.kind,
        "status": game.status,
        "players": names(list(game.players)),
        "options": names(game.options),
        "seed_hash": game.seed_hash,
        "seed": game.seed if game.status in OVER else None,
        "head_hash": game.head_hash,
        "final_state": names(game.snapshot),
        "state_seq": game.snapshot_version,
        "events": [hidden_entry(row, names) for row in events],
    }


def from_store(store: GameLogs, game_id: int) -> dict[str, Any]:
    """The export of game ``game_id`` as stored now (raises ``GameNotFound``): the game row,
    and its events up to the row's version (an action committing meanwhile is left out)."""
    game = store.get(game_id)
    return document(game, store.events(game_id, upto=game.version))


def to_json(doc: Mapping[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=1)


def read(text: str | bytes) -> GameExport:
    """Parse an export file; :class:`ExportError` says what is wrong with it."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ExportError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ExportError("not a JSON object")
    form = data.get("format")
    if form not in FORMATS:
        raise ExportError(f"format is {form!r}, expected {FORMAT!r} or {FORMAT_1!r}")
    events = _typed(data, "events", list)
    for index, event in enumerate(events):
        if not isinstance(event, dict) or any(key not in event for key in EVENT_FIELDS):
            raise ExportError(f"event {index + 1}: needs {', '.join(EVENT_FIELDS)}")
    seed = data.get("seed")
    final_state = data.get("final_state")
    state_seq = data.get("state_seq")
    return GameExport(
        game_id=_typed(data, "game_id", int),
        kind=_typed(data, "kind", str),
        status=_typed(data, "status", str),
        players=[str(p) for p in _typed(data, "players", list)],
        options=_typed(data, "options", dict),
        seed_hash=_typed(data, "seed_hash", str),
        seed=seed if isinstance(seed, str) else None,
        head_hash=_typed(data, "head_hash", str),
        final_state=final_state if isinstance(final_state, dict) else None,
        events=events,
        state_seq=state_seq if type(state_seq) is int else None,
        format=str(form),
    )


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ExportError(f"{key}: missing or not a {kind.__name__}")
    return value
