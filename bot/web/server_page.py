"""``/s/<key>``: a server's tournaments and recent games, each linked to its page, and its
leaderboards (the ones ``/rangliste`` shows when no season is picked)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.history.leaderboard import RATED_KINDS
from bot.i18n import t
from bot.render import leaderboard_card as boards
from bot.render.pictures.leaderboard_picture import Row
from bot.service import Service
from bot.web.listing import GameLine, game_lines, kinds, names
from bot.web.parts import SERVICE
from bot.web.render import language, page
from bot.web.tournament_page import tournament_lines

RECENT = 25
"""Games the server's page lists."""


@dataclass(frozen=True)
class BoardShown:
    """A leaderboard as a table: its title, season, header and rows."""

    title: str
    season: str
    header: Row
    rows: tuple[Row, ...]
    """The players with a place."""
    provisional: str
    """The label over the players without one yet (too few rated games), as /rangliste
    writes it."""
    provisional_rows: tuple[Row, ...]
    footer: str
    """How the rating is made, and how many players the board holds."""


def leaderboards(service: Service, guild_id: int, locale: str) -> list[BoardShown]:
    """The server's leaderboard of every rated game that has one."""
    shown = []
    name = names(service.directory, locale)
    boards_of = service.history.boards()
    seasons = boards_of.seasons(guild_id)
    for kind in RATED_KINDS:
        board, _ = boards_of.current(guild_id, kind, seasons)
        if board.lines:
            rows = boards.rows(board.lines, name, locale)
            placed = [line.place is not None for line in board.lines]
            shown.append(
                BoardShown(
                    boards.title(kind, locale),
                    boards.season_title(board.season, locale),
                    boards.header(locale),
                    tuple(row for row, ranked in zip(rows, placed, strict=True) if ranked),
                    t("rank.provisional", locale, count=board.provisional),
                    tuple(row for row, ranked in zip(rows, placed, strict=True) if not ranked),
                    t("rank.footer", locale, count=board.players),
                )
            )
    return shown


def server(service: Service, key: str, locale: str) -> dict[str, Any] | None:
    """The server page's values (None: no server's pages have ``key``). Reads the store:
    run it in a thread."""
    guild_id = service.directory.web_guild(key)
    if guild_id is None:
        return None
    rows = service.records.recent_games(guild_id, kinds(), RECENT)
    places = service.history.places([row.id for row in rows if row.id is not None])
    games: list[GameLine] = game_lines(rows, places, names(service.directory, locale), locale)
    return {
        "key": key, "games": games, "boards": leaderboards(service, guild_id, locale),
        "tournaments": tournament_lines(service, key, guild_id, locale),
    }  # fmt: skip


async def server_page(request: web.Request) -> web.Response:
    shown = language(request)
    values = await asyncio.to_thread(server, request.app[SERVICE], request.match_info["key"], shown)
    if values is None:
        raise web.HTTPNotFound()
    return page(request, "server.html", **values)
