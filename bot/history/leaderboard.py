"""A server's leaderboard of one game, all time or one season, and the seasons a host
starts: what ``/rangliste`` and ``/saison`` read and write, on the store's database.

The leaderboard is one read of the ratings' primary key (guild, game, season): a server's
table holds its few hundred players at most, ordered here, its computers left out (they
are rated, never listed: bot.history.counting). Established players come first by their
ordinal (μ − 3σ), players tied on it share a place; provisional ones (fewer than
:data:`~bot.history.skill_ratings.PROVISIONAL_GAMES` rated games) follow, without a place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from bot.history.seasons import running_season, seasons_of
from bot.history.skill_ratings import (
    PROVISIONAL_GAMES,
    Skill,
    games_by_kind,
    start_season,
    table_of,
)
from bot.players.seats import is_computer
from bot.plugins import GAMES
from bot.store import Store
from bot.store.history_rows import ALL_TIME, Season
from bot.tournament.game import TournamentGame

RATED_KINDS = tuple(kind for kind in GAMES if kind != TournamentGame.kind)
"""The games with a leaderboard (a tournament's games are Die verflixte 6 games)."""
DEFAULT_KIND = RATED_KINDS[0]
"""The leaderboard's game on a server that has no rated game yet: Die verflixte 6."""
TOP = 10
"""Lines a leaderboard shows."""


@dataclass(frozen=True)
class Line:
    """A leaderboard's line: place (None: provisional), player, ordinal, rated games."""

    place: int | None
    player: str
    ordinal: float
    games: int


def ranked(skills: Mapping[str, Skill], top: int = TOP) -> list[Line]:
    """The table's first ``top`` lines: the established players by ordinal (then by more
    games, then by id: one order every time), sharing a place on an equal ordinal; then,
    while there is room, the provisional ones the same way."""

    def order(player: str) -> tuple[float, int, str]:
        skill = skills[player]
        return (-skill.ordinal, -skill.games, player)

    established = sorted((p for p, s in skills.items() if not s.provisional), key=order)
    provisional = sorted((p for p, s in skills.items() if s.provisional), key=order)
    lines: list[Line] = []
    for number, player in enumerate(established[:top], start=1):
        skill = skills[player]
        before = lines[-1] if lines else None
        tied = before is not None and before.ordinal == skill.ordinal
        place = before.place if tied and before is not None else number
        lines.append(Line(place, player, skill.ordinal, skill.games))
    for player in provisional[: top - len(lines)]:
        skill = skills[player]
        lines.append(Line(None, player, skill.ordinal, skill.games))
    return lines


def people(skills: Mapping[str, Skill]) -> dict[str, Skill]:
    """A table's ratings without its computers: they are rated (a game against them counts
    by their strength) but no leaderboard lists them, established or provisional."""
    return {player: skill for player, skill in skills.items() if not is_computer(player)}


@dataclass(frozen=True)
class Board:
    """What ``/rangliste`` shows: the game, the season (None: all time), the lines, and
    how many players the table holds in all."""

    kind: str
    season: Season | None
    lines: list[Line]
    players: int
    provisional: int = PROVISIONAL_GAMES
    """From how many rated games on a player is established (his place counts)."""


class Leaderboards:
    """The leaderboards and seasons of every server, on the store's database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _session(self) -> Session:
        return Session(self.store.engine, expire_on_commit=False)

    def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, oldest first."""
        with self._session() as session:
            return seasons_of(session, guild_id)

    def start_season(
        self, guild_id: int, name: str, by: str, now: datetime
    ) -> tuple[Season, Season | None]:
        """A host's new season (the running one ended): see
        :func:`bot.history.skill_ratings.start_season`; refusals raise IllegalAction."""
        with self._session() as session, session.begin():
            return start_season(session, guild_id, name, by, now)

    def default_kind(self, guild_id: int) -> str:
        """The game the server played most in rated games (the first of :data:`RATED_KINDS`
        on a tie, or when it has none)."""
        with self._session() as session:
            counted = games_by_kind(session, guild_id)
        return max(RATED_KINDS, key=lambda kind: (counted.get(kind, 0), -RATED_KINDS.index(kind)))

    def board(self, guild_id: int, kind: str, season: Season | None, top: int = TOP) -> Board:
        """The leaderboard of ``kind`` on the server, in ``season`` (None: all time)."""
        season_id = ALL_TIME if season is None or season.id is None else season.id
        with self._session() as session:
            skills = people(table_of(session, guild_id, kind, season_id))
        return Board(kind, season, ranked(skills, top), len(skills))

    def current(
        self, guild_id: int, kind: str, seasons: list[Season] | None = None
    ) -> tuple[Board, Season | None]:
        """The leaderboard shown when nobody picks a season: the running season's, or all
        time's while that one has no rated game yet (the empty season is returned second,
        for a note), or all time's when no season runs. ``seasons``: the server's, when
        read already (several games' boards)."""
        running = running_season(self.seasons(guild_id) if seasons is None else seasons)
        board = self.board(guild_id, kind, running)
        if not board.lines and running is not None:
            return self.board(guild_id, kind, None), running
        return board, None
