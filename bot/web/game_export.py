"""A finished game's export as the web gives it: the file at ``GAME_EXPORT`` and the data
block of the game's page that the dice check (``static/check.js``) reads. Both are the
document :mod:`bot.audit.export` makes, written by its ``to_json``; this is the web's one
call into it."""

from __future__ import annotations

from typing import Any

from bot.audit import export
from bot.service import Service


def export_document(service: Service, game_id: int) -> dict[str, Any]:
    """The export of game ``game_id`` (the file ``croupier verify`` reads). Reads the store:
    run it in a thread."""
    return export.from_store(service.store, game_id)


def export_text(document: dict[str, Any]) -> str:
    """The export file's text."""
    return export.to_json(document)


def file_name(number: int) -> str:
    return f"croupier-spiel-{number}.json"
