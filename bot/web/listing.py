"""What the pages show of a stored game: its game's name, date, players by display name,
status and winners (the history's places)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from babel.dates import format_date

from bot.i18n import listed, t
from bot.play.directory import Directory
from bot.plugins import PLUGINS
from bot.store import GameRow

Names = Callable[[str], str]


def names(directory: Directory, locale: str) -> Names:
    """Players by their display names, for one page; one whose name the bot never learnt
    is "no name", never his Discord id (a page shows no id)."""

    known: dict[str, str] = {}  # a page names a player many times: the directory once

    def name(player: str) -> str:
        if player not in known:
            shown = directory.display_name(player)
            nameless = shown == player and player.isdigit()
            known[player] = t("web.nameless", locale) if nameless else shown
        return known[player]

    return name


def kinds() -> tuple[str, ...]:
    """The games with pages now (a test's game plugged in included)."""
    return tuple(plugin.kind for plugin in PLUGINS)


@dataclass(frozen=True)
class GameLine:
    """One game as a page lists it."""

    number: int
    game: str
    date: str
    players: str
    status: str
    winners: str


def winners(places: Mapping[str, int] | None, name: Names, locale: str) -> str:
    """Who came first (several when tied), or "" when the game has no result yet."""
    if not places:
        return ""
    return listed((name(p) for p, place in places.items() if place == 1), locale)


def game_line(row: GameRow, places: Mapping[str, int] | None, name: Names, locale: str) -> GameLine:
    assert row.id is not None
    return GameLine(
        number=row.id,
        game=t(f"game.name.{row.kind}", locale),
        date=format_date(row.created_at, "medium", locale=locale),
        players=listed((name(p) for p in row.players), locale),
        status=t(f"web.status.{row.status}", locale),
        winners=winners(places, name, locale),
    )


def game_lines(
    rows: Sequence[GameRow], places: Mapping[int, Mapping[str, int]], name: Names, locale: str
) -> list[GameLine]:
    return [game_line(row, places.get(row.id or 0), name, locale) for row in rows]
