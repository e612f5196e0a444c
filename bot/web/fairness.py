"""The server page's fairness report: ``/fairness``'s report of the whole server (the same
count, bot.history.face_counts, and the same lines, bot.render.fairness_card) in the
page's language, and its histogram at ``/s/<key>/fairness.png``, drawn by ``/fairness``'s
code in the pictures' worker process (bot.render.drawn): a chart already drawn for the
same counts in the same language is served from there."""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass

from aiohttp import web
from markupsafe import Markup

from bot.audit.dice_fairness import Report, report
from bot.i18n import t
from bot.render.cards import Picture
from bot.render.drawn import draw
from bot.render.fairness_card import fairness_card, histogram
from bot.render.pictures.histogram import alt_histogram, histogram_png
from bot.service import Service
from bot.web.parts import SERVICE
from bot.web.render import language
from bot.web.text import Line, lines, shown


@dataclass(frozen=True)
class Section:
    """One part of the report: its heading and its lines."""

    title: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class FairnessShown:
    """The report as the page shows it: its sentences, its parts, and the chart's alt
    text ("" when there is no chart: no six-sided die was rolled)."""

    lines: tuple[Markup, ...]
    sections: tuple[Section, ...]
    picture: str


def counted(service: Service, guild_id: int) -> Report:
    """Every die of the server's finished games, by face (the history caught up first)."""
    return report(service.history.face_counts(guild_id))


def fairness(service: Service, guild_id: int, locale: str) -> FairnessShown | None:
    """The server's report (None: nothing drawn yet). Reads the store: run it in a thread."""
    found = counted(service, guild_id)
    if found.empty:
        return None
    card = fairness_card(found, t("fairness.scope.server", locale), locale)
    sections = tuple(Section(title, lines(text)) for title, text in card.fields)
    alt = ""
    if found.dice:
        title, bars, _, legend, _ = histogram(found, locale)
        alt = alt_histogram(title, bars, legend)
    return FairnessShown(tuple(shown(p) for p in card.description.split("\n\n")), sections, alt)


def chart(found: Report, locale: str) -> Picture | None:
    """The report's histogram, as ``/fairness`` draws it (None: no six-sided die)."""
    if not found.dice:
        return None
    args = histogram(found, locale)
    return Picture(
        f"fairness-{locale}",
        f"web-fairness:{locale}:{args!r}",
        functools.partial(histogram_png, *args),
        alt_histogram(args[0], args[1], args[3]),
    )


async def fairness_picture(request: web.Request) -> web.Response:
    """``/s/<key>/fairness.png``: the server's chart in the page's language."""
    service = request.app[SERVICE]
    guild_id = await asyncio.to_thread(service.directory.web_guild, request.match_info["key"])
    if guild_id is None:
        raise web.HTTPNotFound()
    found = await asyncio.to_thread(counted, service, guild_id)
    picture = chart(found, language(request))
    if picture is None:
        raise web.HTTPNotFound()
    return web.Response(body=await draw(picture), content_type="image/png")
