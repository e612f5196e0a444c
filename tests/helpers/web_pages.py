"""Every kind of page the website has, one entry each: where it is on a filled site
(tests/helpers/web_site.py), what it answers and its main heading in a language. The
browser tests open each one (headings, console, CSP, accessibility) and
``python -m tests.helpers.web_screens`` shoots those with a ``screen`` name.

A new page kind is one more entry in :data:`PAGES`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import t
from bot.plugins import PLUGINS
from bot.web.paths import (
    GAME,
    PLAYER,
    SERVER,
    TOURNAMENT,
    game_path,
    player_path,
    server_path,
    tournament_path,
)
from bot.web.player_ids import player_id
from bot.web.tournament_page import tournament
from tests.helpers.web_site import PLAYERS, SECRET_GAMES, Site

Heading = Callable[[Site, str], str]


@dataclass(frozen=True)
class PageKind:
    name: str  # the test's id
    route: str | None  # its route, as bot/web/paths.py writes it (None: a refusal's page)
    path: Callable[[Site], str]
    heading: Heading  # the page's h1 (its title, before " – Croupier") in a language
    status: int = 200
    screen: str | None = None  # its screenshots' name: docs/screens/web-<screen>-*.png


def fixed(key: str) -> Heading:
    return lambda _site, language: t(key, language)


def game_heading(kind: str, number: Callable[[Site], int]) -> Heading:
    return lambda site, language: t(
        "web.game.title", language, name=t(f"game.name.{kind}", language), game=number(site)
    )


def tournament_heading(site: Site, language: str) -> str:
    shown = tournament(site.service, site.key, site.tournaments[0], language)
    assert shown is not None
    return t("web.tournament.title", language, name=shown["name"])


def finished(kind: str) -> PageKind:
    def number(site: Site) -> int:
        return site.finished[kind]

    return PageKind(
        f"spiel-{kind}",
        GAME,
        lambda site: game_path(site.key, number(site)),
        game_heading(kind, number),
        screen="spiel" if kind == "verflixte6" else None,
    )


def running(kind: str) -> PageKind:
    def number(site: Site) -> int:
        return site.running[kind]

    return PageKind(
        f"laeuft-{kind}",
        GAME,
        lambda site: game_path(site.key, number(site)),
        game_heading(kind, number),
        screen="spiel-laeuft" if kind == "flaschenteufel" else None,
    )


PAGES: list[PageKind] = [
    PageKind("start", "/", lambda _site: "/", fixed("web.home.title"), screen="start"),
    PageKind(
        "server",
        SERVER,
        lambda site: server_path(site.key),
        fixed("web.server.title"),
        screen="server",
    ),
    *(finished(plugin.kind) for plugin in PLUGINS),
    *(running(kind) for kind in SECRET_GAMES),
    PageKind(
        "schritt",
        GAME,
        lambda site: game_path(site.key, site.finished["verflixte6"]) + "?schritt=3#schritt-3",
        game_heading("verflixte6", lambda site: site.finished["verflixte6"]),
        screen="schritt",
    ),
    PageKind(
        "unbekannt",
        None,
        lambda site: game_path(site.key, 999_999),
        fixed("web.error.404"),
        status=404,
        screen="404",
    ),
    PageKind(
        "unbekannter-server",
        None,
        lambda _site: server_path("gibt-es-nicht"),
        fixed("web.error.404"),
        status=404,
    ),
    PageKind(
        "turnier",
        TOURNAMENT,
        lambda site: tournament_path(site.key, site.tournaments[0]),
        tournament_heading,
        screen="turnier",
    ),
    PageKind(
        "spieler",
        PLAYER,
        lambda site: player_path(site.key, player_id(site.key, "1001")),
        lambda _site, _language: PLAYERS["1001"],
        screen="spieler",
    ),
    PageKind(
        "unbekannter-spieler",
        None,
        lambda site: player_path(site.key, "aaaaaaaaaa"),
        fixed("web.error.404"),
        status=404,
    ),
]
"""Every page kind (a finished game of every game, a running one of every secret game)."""
