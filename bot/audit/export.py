"""The export file of one game: everything needed to check it offline.

A JSON object (UTF-8)::

    {"format": "croupier-game/1", "game_id": 7, "kind": "verflixte6", "status": "finished",
     "players": ["<discord id>", ...], "options": {...},
     "seed_hash": "<hex SHA-256 of the seed, shown before the game>",
     "seed": "<hex seed, only once the game is finished or aborted, else null>",
     "head_hash": "<hash of the last event>", "final_state": {... the stored snapshot ...},
     "state_seq": <the event after which final_state was stored; the last one once over>,
     "events": [{"seq": 1, "actor": "<id or null>", "action": {...}, "events": [...],
                 "draws": [{"n": 0, "sides": 6, "value": 4, "nonce": "<interaction id>"}],
                 "prev_hash": "...", "hash": "..."}, ...]}

How ``hash`` is computed is in :mod:`bot.engine.chain`; how a file is checked in
:mod:`bot.audit.verify`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

FORMAT = "croupier-game/1"
OVER = ("finished", "aborted")
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


class GameLogs(Protocol):
    """Where stored games are read from (``bot.store.Store``)."""

    def get(self, game_id: int) -> StoredGame: ...
    def events(self, game_id: int, upto: int | None = None) -> Sequence[LoggedEvent]: ...


def event_entry(row: LoggedEvent) -> dict[str, Any]:
    """One logged action as the export (and ``Service.export_log``) shows it."""
    return {
        "seq": row.seq,
        "actor": row.actor,
        "action": row.action,
        "events": row.events,
        "draws": row.draws,
        "prev_hash": row.prev_hash,
        "hash": row.hash,
    }


def document(game: StoredGame, events: Sequence[LoggedEvent]) -> dict[str, Any]:
    """The export of a stored game; the seed only once the game is over."""
    return {
        "format": FORMAT,
        "game_id": game.id,
        "kind": game.kind,
        "status": game.status,
        "players": list(game.players),
        "options": game.options,
        "seed_hash": game.seed_hash,
        "seed": game.seed if game.status in OVER else None,
        "head_hash": game.head_hash,
        "final_state": game.snapshot,
        "state_seq": game.snapshot_version,
        "events": [event_entry(row) for row in events],
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
    if data.get("format") != FORMAT:
        raise ExportError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
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
    )


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ExportError(f"{key}: missing or not a {kind.__name__}")
    return value
