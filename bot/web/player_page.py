"""``/s/<key>/spieler/<id>``: one player of the server, by his opaque id
(bot.web.player_ids): his display name, his finished games there (newest first, each
linked to its page), his statistics per game (``/statistik``'s query and lines) and his
rating over time per game and season (bot.web.rating_chart). Only players the server's
history knows have a page: an id of nobody there, or of another server's player, is 404."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.history.leaderboard import RATED_KINDS
from bot.plugins import statistics_lines
from bot.render.statistics_card import statistics_card
from bot.service import Service
from bot.web.listing import People, kinds, result_line
from bot.web.parts import SERVICE
from bot.web.player_ids import resolved
from bot.web.rating_chart import chart
from bot.web.render import language, page
from bot.web.text import Line, lines

GAMES_SHOWN = 50
"""A player's newest games the page lists (the count says how many he has in all)."""


@dataclass(frozen=True)
class Statistics:
    """One game's field of ``/statistik``: its title and its lines."""

    title: str
    lines: tuple[Line, ...]


def statistics(service: Service, guild_id: int, player: str, locale: str) -> list[Statistics]:
    """``/statistik``'s fields for ``player`` on the server, every game (the card's
    description names him by mention: the page has his name as its title instead)."""
    found = service.history.measures(guild_id, player)
    if not found:
        return []
    card = statistics_card(player, found, locale, statistics_lines())
    return [Statistics(title, lines(text)) for title, text in card.fields]


def player(service: Service, key: str, shown_id: str, locale: str) -> dict[str, Any] | None:
    """The player page's values (None: no such player on the server whose pages have
    ``key``). Reads the store: run it in a thread."""
    guild_id = service.directory.web_guild(key)
    if guild_id is None:
        return None
    who = People(service.directory, locale, key, service.history.players(guild_id))
    found = resolved(shown_id, who.ids())
    if found is None:
        return None
    results, total = service.history.results_of(guild_id, found, kinds(), GAMES_SHOWN)
    curves = service.history.rating_curves(guild_id, found, RATED_KINDS)
    return {
        "key": key,
        "name": who(found).name,
        "games": [result_line(result, who) for result in results],
        "total": total,
        "statistics": statistics(service, guild_id, found, locale),
        "charts": [chart(curve, locale) for curve in curves],
    }


async def player_page(request: web.Request) -> web.Response:
    values = await asyncio.to_thread(
        player, request.app[SERVICE], request.match_info["key"], request.match_info["player"],
        language(request),
    )  # fmt: skip
    if values is None:
        raise web.HTTPNotFound()
    return page(request, "player.html", **values)
