"""What the pages show of a stored game: its game's name, date, players by display name
(each linked to his page, where he has one), status and winners (the history's places)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from babel.dates import format_date

from bot.i18n import listed, t
from bot.play.directory import Directory
from bot.play.outcome import FINISHED
from bot.plugins import PLUGINS
from bot.service import Service
from bot.store import GameResult, GameRow
from bot.web.paths import player_path
from bot.web.player_ids import player_id, player_ids

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


@dataclass(frozen=True)
class Person:
    """A player as a page shows him: his display name and his page (None: he has none,
    no finished game on the server yet)."""

    name: str
    path: str | None


Listed = tuple[Person | str, ...]
"""Players in a sentence, as the reader lists them: each player, and the words between
them ("Anna", ", ", "Ben", " und ", "Cem")."""
_MARK = re.compile("\x00([0-9]+)\x00")


class People:
    """One page's players of one server: by display name (:func:`names`), linked to the
    pages of those the server's history knows (``known``)."""

    def __init__(self, directory: Directory, locale: str, key: str, known: Iterable[str]):
        self.name = names(directory, locale)
        self.locale = locale
        self.key = key
        self.known = frozenset(known)

    def ids(self) -> dict[str, str]:
        """Every player the server knows, by his id on its pages."""
        return player_ids(self.key, self.known)

    def __call__(self, player: str) -> Person:
        if player not in self.known:
            return Person(self.name(player), None)
        return Person(self.name(player), player_path(self.key, player_id(self.key, player)))

    def listed(self, players: Iterable[str]) -> Listed:
        """``players`` as the reader lists them, each linked (``listed``'s words kept)."""
        shown = [self(player) for player in players]
        text = listed((f"\x00{n}\x00" for n in range(len(shown))), self.locale)
        parts: list[Person | str] = []
        for n, part in enumerate(_MARK.split(text)):
            if n % 2:
                parts.append(shown[int(part)])
            elif part:
                parts.append(part)
        return tuple(parts)


def people(service: Service, guild_id: int, key: str, locale: str) -> People:
    """The players of the server whose pages have ``key``, for one page (reads the store)."""
    return People(service.directory, locale, key, service.history.players(guild_id))


def kinds() -> tuple[str, ...]:
    """The games with pages now (a test's game plugged in included)."""
    return tuple(plugin.kind for plugin in PLUGINS)


@dataclass(frozen=True)
class GameLine:
    """One game as a page lists it."""

    number: int
    game: str
    date: str
    players: Listed
    status: str
    winners: Listed


def winners(places: Mapping[str, int] | None, who: People) -> Listed:
    """Who came first (several when tied), or nobody when the game has no result yet."""
    if not places:
        return ()
    return who.listed(p for p, place in places.items() if place == 1)


@dataclass(frozen=True)
class Played:
    """What a line says of a game, from its row or its result."""

    number: int
    kind: str
    when: datetime
    players: Sequence[str]
    status: str
    places: Mapping[str, int] | None


def _line(game: Played, who: People) -> GameLine:
    return GameLine(
        number=game.number,
        game=t(f"game.name.{game.kind}", who.locale),
        date=format_date(game.when, "medium", locale=who.locale),
        players=who.listed(game.players),
        status=t(f"web.status.{game.status}", who.locale),
        winners=winners(game.places, who),
    )


def game_line(row: GameRow, places: Mapping[str, int] | None, who: People) -> GameLine:
    assert row.id is not None
    return _line(Played(row.id, row.kind, row.created_at, row.players, row.status, places), who)


def result_line(result: GameResult, who: People) -> GameLine:
    """A finished game as its folded result has it (a player's games)."""
    places = {p: int(v) for p, v in result.places.items()}
    played = Played(
        result.game_id, result.kind, result.finished_at, result.players, FINISHED, places
    )
    return _line(played, who)


def game_lines(
    rows: Sequence[GameRow], places: Mapping[int, Mapping[str, int]], who: People
) -> list[GameLine]:
    return [game_line(row, places.get(row.id or 0), who) for row in rows]
