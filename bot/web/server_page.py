"""``/s/<key>``: a server's tournaments and recent games, each linked to its page, its
leaderboards per game and season (``?saison=``: the ones ``/rangliste`` shows when no
season is picked, all time, or one of the server's seasons) and its fairness report with
its chart. Every player's name links to his page."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from aiohttp import web
from babel.dates import format_date

from bot.history.leaderboard import RATED_KINDS, Board
from bot.history.queries import Season
from bot.i18n import t
from bot.render import leaderboard_card as boards
from bot.service import Service
from bot.web.fairness import fairness
from bot.web.listing import GameLine, People, Person, game_lines, kinds, people
from bot.web.parts import SERVICE
from bot.web.render import language, page
from bot.web.tournament_page import tournament_lines

RECENT = 25
"""Games the server's page lists."""
SEASON = "saison"
"""The query parameter of the leaderboards' season: a season's number on the server (1
its first), or :data:`ALL_TIME`; none: what ``/rangliste`` shows unasked."""
ALL_TIME = "alle"


@dataclass(frozen=True)
class BoardLine:
    """A leaderboard's line as the page shows it (place "" while provisional)."""

    place: str
    who: Person
    rating: str
    games: str


@dataclass(frozen=True)
class BoardShown:
    """A leaderboard as a table: its title, season, header and rows."""

    title: str
    season: str
    note: str
    """Why another season's board stands here ("": none)."""
    header: tuple[str, ...]
    rows: tuple[BoardLine, ...]
    """The players with a place."""
    provisional: str
    """The label over the players without one yet (too few rated games), as /rangliste
    writes it."""
    provisional_rows: tuple[BoardLine, ...]
    footer: str
    """How the rating is made, and how many players the board holds."""


@dataclass(frozen=True)
class SeasonChoice:
    """One entry of the season switch: its label, its dates, its query value (None: the
    unasked boards) and whether the page shows it."""

    label: str
    dates: str
    value: str | None
    current: bool


class UnknownSeason(LookupError):
    """``?saison=`` names no season of the server."""


def season_asked(text: str | None, seasons: list[Season]) -> tuple[bool, Season | None]:
    """The season ``?saison=`` asks for: (False, None) none asked, (True, None) all time,
    (True, season) one of the server's; :class:`UnknownSeason` for anything else."""
    if text is None:
        return False, None
    if text == ALL_TIME:
        return True, None
    if text.isdigit() and len(text) <= 4 and 1 <= int(text) <= len(seasons):
        return True, seasons[int(text) - 1]
    raise UnknownSeason(text)


def _day(when: datetime, locale: str) -> str:
    return format_date(when, "medium", locale=locale)


def season_choices(
    seasons: list[Season], asked: tuple[bool, Season | None], locale: str
) -> list[SeasonChoice]:
    """The switch: the unasked boards, all time, then the seasons, newest first."""
    picked, season = asked
    choices = [
        SeasonChoice(t("web.server.season_now", locale), "", None, not picked),
        SeasonChoice(t("rank.all_time", locale), "", ALL_TIME, picked and season is None),
    ]
    for number in range(len(seasons), 0, -1):
        shown = seasons[number - 1]
        since = _day(shown.started_at, locale)
        dates = (
            t("web.server.season_since", locale, since=since)
            if shown.ended_at is None
            else t(
                "web.server.season_span", locale, since=since, until=_day(shown.ended_at, locale)
            )
        )
        choices.append(SeasonChoice(shown.name, dates, str(number), shown is season))
    return choices


def board_shown(board: Board, who: People, locale: str, note: str = "") -> BoardShown:
    rows = [
        BoardLine(place, who(line.player), rating, games)
        for line, (place, _, rating, games) in zip(
            board.lines, boards.rows(board.lines, who.name, locale), strict=True
        )
    ]
    return BoardShown(
        boards.title(board.kind, locale),
        boards.season_title(board.season, locale),
        note,
        boards.header(locale),
        tuple(row for row in rows if row.place),
        t("rank.provisional", locale, count=board.provisional),
        tuple(row for row in rows if not row.place),
        t("rank.footer", locale, count=board.players),
    )


def leaderboards(
    service: Service, guild_id: int, who: People, asked: tuple[bool, Season | None],
    seasons: list[Season],
) -> list[BoardShown]:  # fmt: skip
    """The server's leaderboard of every rated game that has one, in the season asked."""
    shown = []
    boards_of = service.history.boards()
    picked, season = asked
    for kind in RATED_KINDS:
        note = ""
        if picked:
            board = boards_of.board(guild_id, kind, season)
        else:
            board, empty = boards_of.current(guild_id, kind, seasons)
            if empty is not None:
                note = t("rank.fallback", who.locale, season=empty.name)
        if board.lines:
            shown.append(board_shown(board, who, who.locale, note))
    return shown


def server(service: Service, key: str, locale: str, season: str | None) -> dict[str, Any] | None:
    """The server page's values (None: no server's pages have ``key``). Reads the store:
    run it in a thread. :class:`UnknownSeason` for a season the server has not."""
    guild_id = service.directory.web_guild(key)
    if guild_id is None:
        return None
    seasons = service.history.boards().seasons(guild_id)
    asked = season_asked(season, seasons)
    who = people(service, guild_id, key, locale)
    rows = service.records.recent_games(guild_id, kinds(), RECENT)
    places = service.history.places([row.id for row in rows if row.id is not None])
    games: list[GameLine] = game_lines(rows, places, who)
    return {
        "key": key,
        "games": games,
        "tournaments": tournament_lines(service, key, guild_id, locale),
        "seasons": season_choices(seasons, asked, locale),
        "boards": leaderboards(service, guild_id, who, asked, seasons),
        "fairness": fairness(service, guild_id, locale),
    }


async def server_page(request: web.Request) -> web.Response:
    shown = language(request)
    try:
        values = await asyncio.to_thread(
            server, request.app[SERVICE], request.match_info["key"], shown,
            request.query.get(SEASON),
        )  # fmt: skip
    except UnknownSeason:
        raise web.HTTPNotFound() from None
    if values is None:
        raise web.HTTPNotFound()
    return page(request, "server.html", **values)
