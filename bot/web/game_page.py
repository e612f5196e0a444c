"""``/s/<key>/spiel/<number>``: one game of the server, its players, status, seed and its
public log as steps, each described by its game (``GamePlugin.describe``) in the page's
language with the players' display names. ``?schritt=N`` shows the game up to step N with
links to the step before and after (no script needed); every step has its anchor
``#schritt-N``. What the public channel could not see is not here: the log is the one the
channel shows (``Records.public_events``). A finished game offers its export as a download
(``GAME_EXPORT``), and its whole view carries it for the dice check (``static/check.js``;
not each step's view, which a replay loads again and again)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from markupsafe import Markup

from bot.games.plugin import Describe
from bot.i18n import t
from bot.play.outcome import FINISHED, OPEN, PAUSED
from bot.plugins import plugin_of
from bot.service import Service
from bot.store import GameRow
from bot.web.dice_check import check_texts
from bot.web.game_export import embedded_export, export_document, export_text, file_name
from bot.web.listing import Names, game_line, people
from bot.web.parts import SERVICE
from bot.web.paths import game_export_path
from bot.web.render import language, page
from bot.web.text import shown

STEP = "schritt"
"""The query parameter of the step shown, and the prefix of each step's anchor."""
MAX_STEP_DIGITS = 7
SHOWN = (OPEN, PAUSED, FINISHED)
"""The games that have a page: those the server's page lists."""


@dataclass(frozen=True)
class Step:
    number: int
    line: Markup
    current: bool = False


class BadStep(ValueError):
    """``?schritt=`` names no step of the game."""


def step_asked(text: str | None, steps: int) -> int | None:
    """The step ``?schritt=`` asks for (None: the whole game); :class:`BadStep` when it
    is no step of this game."""
    if text is None:
        return None
    if not text.isdigit() or len(text) > MAX_STEP_DIGITS or not 1 <= int(text) <= steps:
        raise BadStep(text)
    return int(text)


def _by_type(event: Mapping[str, Any], locale: str, name: Names) -> str:
    """A game that has no ``describe``: its event by its type."""
    return t("web.game.event", locale, type=str(event.get("type")))


def describer(kind: str) -> Describe:
    """How the game ``kind`` writes each of its events (its plugin's ``describe``)."""
    plugin = plugin_of(kind)
    return _by_type if plugin is None or plugin.describe is None else plugin.describe


def shown_game(service: Service, key: str, number: int) -> GameRow | None:
    """Game ``number`` of the server whose pages have ``key``, if it has a page. Reads the
    store: run it in a thread."""
    guild_id = service.directory.web_guild(key)
    row = None if guild_id is None else service.records.stored(number, guild_id)
    if row is None or row.id is None or plugin_of(row.kind) is None:
        return None
    if row.status not in SHOWN:  # a lobby, or a game ended before its end: not listed
        return None
    return row


def game(
    service: Service, key: str, number: int, locale: str, step: str | None
) -> dict[str, Any] | None:
    """The game page's values (None: no such game on the server whose pages have
    ``key``). Reads the store: run it in a thread."""
    row = shown_game(service, key, number)
    if row is None or row.id is None:
        return None
    assert row.guild_id is not None  # a game of a server: shown_game found it there
    who = people(service, row.guild_id, key, locale)
    name = who.name
    events = service.records.public_events(row.id, row.kind)
    at = step_asked(step, len(events))
    shown_events = events if at is None else events[:at]
    describe = describer(row.kind)
    steps = [
        Step(n, shown(describe(e, locale, name)), n == at)
        for n, e in enumerate(shown_events, start=1)
    ]
    finished = row.status == FINISHED
    places = service.history.places([row.id]).get(row.id) if finished else None
    return {
        "key": key,
        "game": game_line(row, places, who),
        "names": [name(p) for p in row.players],
        "steps": steps,
        "total": len(events),
        "at": at,
        "seed_hash": row.seed_hash,
        "seed": row.seed if finished else None,
        "export": embedded_export(service, row.id) if finished and at is None else None,
        "export_path": game_export_path(key, number) if finished else None,
        "check_texts": check_texts(locale),
    }


async def game_page(request: web.Request) -> web.Response:
    shown_in = language(request)
    number = int(request.match_info["number"])
    try:
        values = await asyncio.to_thread(
            game, request.app[SERVICE], request.match_info["key"], number, shown_in,
            request.query.get(STEP),
        )  # fmt: skip
    except BadStep:
        raise web.HTTPBadRequest() from None
    if values is None:
        raise web.HTTPNotFound()
    return page(request, "game.html", **values)


def finished_export(service: Service, key: str, number: int) -> str | None:
    """The export file of finished game ``number`` (None: no such finished game)."""
    row = shown_game(service, key, number)
    if row is None or row.id is None or row.status != FINISHED:
        return None
    return export_text(export_document(service, row.id))


async def game_export(request: web.Request) -> web.Response:
    """A finished game's export, as a download (a running game has none: its seed is
    secret, and its log still grows)."""
    number = int(request.match_info["number"])
    text = await asyncio.to_thread(
        finished_export, request.app[SERVICE], request.match_info["key"], number
    )
    if text is None:
        raise web.HTTPNotFound()
    disposition = f'attachment; filename="{file_name(number)}"'
    return web.Response(
        text=text, content_type="application/json", headers={"Content-Disposition": disposition}
    )
