"""A finished game's export as the web gives it: the file at ``GAME_EXPORT`` and the data
block of the game's page that the dice check (``static/check.js``) reads. Both are the
document :mod:`bot.audit.export` makes (:func:`export_document`, the web's one call into
it); the page's copy is written without the file's indentation (a third smaller)."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from bot.audit import export
from bot.service import Service
from bot.web.dice_check import data_block


def export_document(service: Service, game_id: int) -> dict[str, Any]:
    """The export of game ``game_id`` (the file ``croupier verify`` reads). Reads the store:
    run it in a thread."""
    return export.from_store(service.store, game_id)


def export_text(document: dict[str, Any]) -> str:
    """The export file's text."""
    return export.to_json(document)


def file_name(number: int) -> str:
    return f"croupier-spiel-{number}.json"


def embedded_export(service: Service, game_id: int) -> Markup:
    """The export of game ``game_id`` as the data block of its page. Reads the store: run it
    in a thread."""
    document = export_document(service, game_id)
    return data_block(json.dumps(document, ensure_ascii=False, separators=(",", ":")))
