"""``/s/<key>/spiel/<number>``: one game of the server, its players, status, seed and its
public log as steps, each described by its game (``GamePlugin.describe``) in the page's
language with the players' display names. ``?schritt=N`` shows the game up to step N with
links to the step before and after (no script needed; ``replay.js`` adds the arrow keys),
and the table as the public saw it after that step (the game's ``view_card`` of its public
view: :mod:`bot.web.replay`); without a step, the table as it stands. Every step has its
anchor ``#schritt-N``. What the public channel could not see is not here: the log is the
one the channel shows, redacted by the game.

A finished game's result picture (``GamePlugin.result_picture``, the one its channel got)
is at ``…/ergebnis.png``. A finished game offers its export as a download
(``GAME_EXPORT``), and its whole view carries it for the dice check (``static/check.js``;
not each step's view, which a replay loads again and again)."""

from __future__ import annotations

import asyncio
import functools
import gzip
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from markupsafe import Markup, escape

from bot.games.plugin import Describe, Drawing, GamePlugin
from bot.i18n import t
from bot.play.outcome import FINISHED, OPEN, PAUSED
from bot.plugins import plugin_of
from bot.service import Service
from bot.store import GameRow
from bot.web.dice_check import check_texts
from bot.web.game_export import embedded_export, export_document, export_text, file_name
from bot.web.languages import link
from bot.web.listing import Names, game_line, names, people
from bot.web.parts import KEPT, REPLAYS, SERVICE
from bot.web.paths import game_export_path, game_picture_path
from bot.web.render import language, page
from bot.web.replay import Replay, Replays
from bot.web.text import shown

STEP = "schritt"
"""The query parameter of the step shown, and the prefix of each step's anchor."""
MAX_STEP_DIGITS = 7
SHOWN = (OPEN, PAUSED, FINISHED)
"""The games that have a page: those the server's page lists."""
ITEM = '<li id="schritt-{n}"><a class="step" href="{href}#schritt-{n}">{n}</a> {line}</li>\n'
"""One step of the log as the page lists it (written here once per step and language:
the template gets the list whole)."""
CURRENT = ' class="current" aria-current="step">'
PICTURE_CACHE = "public, max-age=86400"
"""A finished game's picture never changes (but for a player's new name)."""


@dataclass(frozen=True)
class Table:
    """The public card of a view, as the page shows it."""

    title: str
    fields: list[tuple[Markup, Markup]]
    footer: Markup


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


def shown_game(service: Service, key: str, number: int) -> tuple[GameRow, GamePlugin] | None:
    """Game ``number`` of the server whose pages have ``key``, if it has a page (its row
    without its checkpoint: ``Records.header``), and its game. Reads the store: run it in
    a thread."""
    guild_id = service.directory.web_guild(key)
    row = None if guild_id is None else service.records.header(number, guild_id)
    plugin = None if row is None else plugin_of(row.kind)
    if row is None or row.id is None or plugin is None:
        return None
    if row.status not in SHOWN:  # a lobby, or a game ended before its end: not listed
        return None
    return row, plugin


def replay_of(service: Service, replays: Replays, row: GameRow, plugin: GamePlugin) -> Replay:
    """The game's replay as of ``row``'s version (kept, or read now)."""
    found = replays.get(row)
    if found is None:
        assert row.id is not None
        whole = service.records.stored(row.id, row.guild_id or 0)  # with its checkpoint
        if whole is None:  # never: a game is not deleted
            raise web.HTTPNotFound()
        logged = [r for r in service.records.logged(row.id) if r.seq <= whole.version]
        found = Replay.of(plugin.engine, whole, logged)
        replays.keep(whole, found)
    return found


def _lines(
    replay: Replay,
    kind: str,
    locale: str,
    name: Names,
    *,
    players: tuple[str, ...],
    kept: str | None,
) -> list[str]:
    """Each step's item of the list (:data:`ITEM`), written once per language, names and
    kept language of the links."""
    key = ("lines", locale, players, kept)
    found: list[str] | None = replay.shown.get(key)
    if found is None:
        describe = describer(kind)
        found = [
            ITEM.format(n=n, href=escape(link("", kept, schritt=n)),
                        line=shown(describe(e, locale, name)))
            for n, e in enumerate(replay.public, start=1)
        ]  # fmt: skip
        replay.shown[key] = found
    return found


def listed_steps(items: list[str], at: int | None) -> Markup:
    """The log up to step ``at`` (None: whole), step ``at`` marked as the current one."""
    if at is None:
        return Markup("".join(items))
    current = items[at - 1].replace('">', '"' + CURRENT, 1)
    return Markup("".join([*items[: at - 1], current]))


def table_of(
    plugin: GamePlugin, view: Mapping[str, Any] | None, locale: str, name: Names
) -> Table | None:
    """The public card of ``view`` (None: no table yet, or a game without a card)."""
    if view is None or plugin.view_card is None:
        return None
    card = plugin.view_card(view, locale, name)
    fields = [(shown(title), shown(text)) for title, text in card.fields]
    return Table(title=card.title, fields=fields, footer=shown(card.footer))


def drawing_of(
    replay: Replay, plugin: GamePlugin, row: GameRow, locale: str, name: Names
) -> Drawing | None:
    """A finished game's result picture (None: unfinished, or its game draws none)."""
    if row.status != FINISHED or plugin.result_picture is None:
        return None
    key = ("drawing", locale, tuple(name(p) for p in row.players))
    if key not in replay.shown:
        view = replay.last_view()
        drawn = None if view is None else plugin.result_picture(view, replay.public, locale, name)
        replay.shown[key] = drawn
    found: Drawing | None = replay.shown[key]
    return found


def game(
    service: Service,
    replays: Replays,
    key: str,
    number: int,
    locale: str,
    *,
    step: str | None,
    kept: str | None = None,
) -> dict[str, Any] | None:
    """The game page's values (None: no such game on the server whose pages have
    ``key``). Reads the store: run it in a thread."""
    found = shown_game(service, key, number)
    if found is None:
        return None
    row, plugin = found
    assert row.id is not None and row.guild_id is not None  # shown_game found it there
    replay = replay_of(service, replays, row, plugin)
    total = replay.steps
    at = step_asked(step, total)
    who = people(service, row.guild_id, key, locale)
    name = who.name
    players = tuple(name(p) for p in row.players)
    items = _lines(replay, row.kind, locale, name, players=players, kept=kept)
    view = replay.view_after(at) if at is not None else replay.last_view()
    finished = row.status == FINISHED
    drawing = drawing_of(replay, plugin, row, locale, name)
    places = None
    if finished:  # a finished game's places, read once per version
        if "places" not in replay.shown:
            replay.shown["places"] = service.history.places([row.id]).get(row.id)
        places = replay.shown["places"]
    return {
        "key": key,
        "game": game_line(row, places, who),
        "names": list(players),
        "log": listed_steps(items, at),
        "total": total,
        "at": at,
        "table": table_of(plugin, view, locale, name),
        "picture": None if drawing is None else game_picture_path(key, row.id),
        "picture_alt": "" if drawing is None else drawing.description,
        "seed_hash": row.seed_hash,
        "seed": row.seed if finished else None,
        "export": _export(service, replay, row.id) if finished and at is None else None,
        "kept_page": (replay.shown, ("page", key, locale, kept, players))
        if finished and at is None
        else None,
        "export_path": game_export_path(key, number) if finished else None,
        "check_texts": check_texts(locale),
    }


def _export(service: Service, replay: Replay, game_id: int) -> Markup:
    """A finished game's export as its page's data block, made once per version."""
    if "export" not in replay.shown:
        replay.shown["export"] = embedded_export(service, game_id)
    found: Markup = replay.shown["export"]
    return found


def picture(service: Service, replays: Replays, key: str, number: int, locale: str) -> bytes | None:
    """A finished game's result picture as PNG (None: no such game, or none to show);
    drawn once per version, language and names. Reads the store and draws: run it in a
    thread."""
    found = shown_game(service, key, number)
    if found is None:
        return None
    row, plugin = found
    if row.status != FINISHED or plugin.result_picture is None:
        return None
    replay = replay_of(service, replays, row, plugin)
    name = names(service.directory, locale)
    drawn_key = ("picture", locale, tuple(name(p) for p in row.players))
    png: bytes | None = replay.shown.get(drawn_key)
    if png is None:
        drawing = drawing_of(replay, plugin, row, locale, name)
        if drawing is None:
            return None
        png = drawing.draw()
        replay.shown[drawn_key] = png
    return png


async def game_page(request: web.Request) -> web.Response:
    shown_in = language(request)
    number = int(request.match_info["number"])
    app = request.app
    try:
        values = await asyncio.to_thread(
            functools.partial(game, step=request.query.get(STEP), kept=request.get(KEPT)),
            app[SERVICE], app[REPLAYS], request.match_info["key"], number, shown_in,
        )  # fmt: skip
    except BadStep:
        raise web.HTTPBadRequest() from None
    if values is None:
        raise web.HTTPNotFound()
    kept_page = values.pop("kept_page")
    if kept_page is None:
        response = page(request, "game.html", **values)
        response.enable_compression()  # a long log: gzip, where the client takes it
        return response
    shown, page_key = kept_page  # a finished game's whole page: rendered and zipped once
    bodies: tuple[bytes, bytes] | None = shown.get(page_key)
    if bodies is None:
        html = page(request, "game.html", **values).body
        assert isinstance(html, bytes)
        bodies = (html, await asyncio.to_thread(gzip.compress, html, ZIPPED))
        shown[page_key] = bodies
    return _sent(request, *bodies)


ZIPPED = 6
"""zlib's level for a finished game's kept page (what aiohttp's compression uses too)."""


def _sent(request: web.Request, html: bytes, zipped: bytes) -> web.Response:
    """A kept page: gzipped where the client takes it, else as it is."""
    response = web.Response(body=html, content_type="text/html", charset="utf-8")
    response.headers["Vary"] = "Accept-Encoding"
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response.body = zipped
        response.headers["Content-Encoding"] = "gzip"
    return response


async def game_picture(request: web.Request) -> web.Response:
    app = request.app
    png = await asyncio.to_thread(
        picture, app[SERVICE], app[REPLAYS], request.match_info["key"],
        int(request.match_info["number"]), language(request),
    )  # fmt: skip
    if png is None:
        raise web.HTTPNotFound()
    response = web.Response(body=png, content_type="image/png")
    response.headers["Cache-Control"] = PICTURE_CACHE
    return response


def finished_export(service: Service, key: str, number: int) -> str | None:
    """The export file of finished game ``number`` (None: no such finished game)."""
    found = shown_game(service, key, number)
    if found is None or found[0].id is None or found[0].status != FINISHED:
        return None
    return export_text(export_document(service, found[0].id))


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
