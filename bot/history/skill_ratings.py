"""Ratings per game and server (OpenSkill), all time and per season.

:func:`rate_game` is called by the fold (bot.history) in the transaction that records a
finished game's :class:`~bot.store.history_rows.GameResult`. Each player is a team of one,
ranked by his place (players tied share a place, and OpenSkill 6.2 rates them alike); the
players go to the model in one fixed order, so a rebuild from the log gives the very same
floats. :func:`recompute` rebuilds one table (a server's game, all time or one season)
from the game results alone.

The ratings are applied in finish order, always. A game folded late (its fold was lost
in a crash or failed, and caught up after later games of its players) makes its tables
recomputed rather than updated; a season started at or before a game that was already
folded (a host's ``/saison neu`` racing a game's end) recomputes the seasons' tables. So a
kept table is at any time what :func:`recompute` and ``croupier history rebuild`` make of
the results, to the bit. The fold and the season start hold the server's history lock
(bot.history.guild_lock), so that two processes never rate from the same old ratings.

Who is rated: a result's ``rated`` says whether a game counts (the fold decides it with
:func:`bot.history.counting.rated`: no practice game, no game with computer seats unless
its host allowed it); a game outside a server has no leaderboard and is not rated. In a
rated game with computers, each computer is rated under its id like a person, so that
beating a strong one is worth more than beating a weak one; no leaderboard lists them
(bot.history.leaderboard), and they count in no server's played games (:func:`games_by_kind`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import Connection, Select, bindparam, func, or_
from sqlmodel import Session, col, select

from bot.history.guild_lock import hold
from bot.history.seasons import add_season, season_at, seasons_of
from bot.history.upserts import replacing
from bot.players.seats import PREFIX as COMPUTER
from bot.store.history_rows import ALL_TIME, NO_GUILD, GameResult, Rating, Season

MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, beta 25/6, tau
25/300): made for games of more than two players ranked by places. No randomness."""

_RESULTS = GameResult.__table__  # type: ignore[attr-defined]
_RATINGS = Rating.__table__  # type: ignore[attr-defined]
_SEASONS = select(Season.__table__).where(  # type: ignore[attr-defined]
    Season.__table__.c.guild_id == bindparam("guild_id")  # type: ignore[attr-defined]
)
_LATER = select(_RESULTS).where(
    _RESULTS.c.guild_id == bindparam("guild_id"),
    _RESULTS.c.kind == bindparam("kind"),
    _RESULTS.c.finished_at >= bindparam("finished_at"),  # the index's range
    or_(
        _RESULTS.c.finished_at > bindparam("finished_at"),
        _RESULTS.c.game_id > bindparam("game_id"),
    ),
    _RESULTS.c.rated,
)
"""The rated results of a server's game that finished after one (then by game id)."""
_RATE = replacing(_RATINGS, ("mu", "sigma", "games"))

PROVISIONAL_GAMES = 5
"""A player with fewer rated games in a table is provisional: his sigma is still wide, so
his ordinal says little yet. He is listed after the established players."""


@dataclass(frozen=True)
class Skill:
    """A player's rating in one table: OpenSkill's mu and sigma and his rated games."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """What the leaderboard orders by: mu − 3 sigma, a skill he has almost surely."""
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW = Skill(MODEL.mu, MODEL.sigma)
"""A player's rating before his first rated game."""


def ordinal(mu: float, sigma: float) -> float:
    """OpenSkill's ordinal of a rating with its defaults (z 3, alpha 1, target 0):
    ``1 * ((mu - 3.0 * sigma) + 0 / 1)``, the very float of ``mu - 3.0 * sigma``, without
    building a rating object (which draws a uuid: 40 µs, a leaderboard of 200 players
    8 ms)."""
    return mu - 3.0 * sigma


def rated_places(result: GameResult) -> dict[str, int] | None:
    """The places of a result that counts for the ratings, in the model's fixed order
    (place, then player id); None for one that does not (not rated, outside a server,
    fewer than two placed players)."""
    if not result.rated or result.guild_id == NO_GUILD:
        return None
    places = {str(p): int(result.places[p]) for p in result.players if p in result.places}
    if len(places) < 2:
        return None
    return dict(sorted(places.items(), key=lambda item: (item[1], item[0])))


def rate(skills: Mapping[str, Skill], places: Mapping[str, int]) -> dict[str, Skill]:
    """One game's new ratings: ``places`` in order (see :func:`rated_places`), each player's
    rating before it in ``skills`` (a newcomer: :data:`NEW`)."""
    players = list(places)
    teams: list[list[PlackettLuceRating]] = []
    for player in players:
        skill = skills.get(player, NEW)
        teams.append([MODEL.rating(mu=skill.mu, sigma=skill.sigma)])
    ranks: list[float] = [float(places[p]) for p in players]
    after = MODEL.rate(teams, ranks=ranks)
    return {
        player: Skill(team[0].mu, team[0].sigma, skills.get(player, NEW).games + 1)
        for player, team in zip(players, after, strict=True)
    }


def tables_of(connection: Connection, result: GameResult) -> list[int]:
    """The tables a result counts in: all time, and the season running when it finished."""
    found = connection.execute(_SEASONS, {"guild_id": result.guild_id}).mappings()
    season = season_at([Season(**row) for row in found], result.finished_at)
    return [ALL_TIME] if season is None or season.id is None else [ALL_TIME, season.id]


def _read(session: Session, guild_id: int, kind: str, season_id: int) -> dict[str, Rating]:
    query = select(Rating).where(
        Rating.guild_id == guild_id, Rating.kind == kind, Rating.season_id == season_id
    )
    return {row.player: row for row in session.exec(query)}


def _write(
    session: Session,
    rows: Mapping[str, Rating],
    table: tuple[int, str, int],
    skills: Mapping[str, Skill],
) -> None:
    """Keep ``skills`` in one table (guild, game, season): a player's row changed, or a
    newcomer's added."""
    guild_id, kind, season_id = table
    for player, skill in skills.items():
        row = rows.get(player) or Rating(
            guild_id=guild_id, kind=kind, season_id=season_id, player=player,
            mu=skill.mu, sigma=skill.sigma,
        )  # fmt: skip
        row.mu, row.sigma, row.games = skill.mu, skill.sigma, skill.games
        session.add(row)


def rate_game(connection: Connection, result: GameResult) -> None:
    """Update the ratings of ``result``'s players (a rated game only, its result written
    in ``connection``'s transaction): all time and in the season running when it
    finished; both tables recomputed if a later game of one of its players is rated
    already (:func:`overtaken`). The server's history lock is held."""
    places = rated_places(result)
    if places is None:
        return
    tables = tables_of(connection, result)
    if overtaken(connection, result, places):
        with Session(bind=connection) as session:
            for season_id in tables:
                recompute(session, result.guild_id, result.kind, season_id)
        return
    key = {"guild_id": result.guild_id, "kind": result.kind}
    found = connection.execute(
        _kept(len(places), len(tables)),
        key | _numbered("player", places) | _numbered("season", tables),
    )
    kept = {(row.season_id, row.player): Skill(row.mu, row.sigma, row.games) for row in found}
    rows = []
    for season_id in tables:
        skills = {p: kept[season_id, p] for p in places if (season_id, p) in kept}
        for player, skill in rate(skills, places).items():
            rows.append(
                key | {"season_id": season_id, "player": player, "mu": skill.mu,
                       "sigma": skill.sigma, "games": skill.games}
            )  # fmt: skip
    _RATE.run_many(connection, rows)


def _numbered(name: str, values: Iterable[object]) -> dict[str, object]:
    return {f"{name}{n}": value for n, value in enumerate(values)}


@cache
def _kept(players: int, tables: int) -> Select[Any]:
    """The kept ratings of a game's ``players`` in its ``tables`` (one read of the
    ratings' primary key); bound as ``player0``…, ``season0``…."""
    return select(_RATINGS).where(
        _RATINGS.c.guild_id == bindparam("guild_id"),
        _RATINGS.c.kind == bindparam("kind"),
        _RATINGS.c.season_id.in_([bindparam(f"season{n}") for n in range(tables)]),
        _RATINGS.c.player.in_([bindparam(f"player{n}") for n in range(players)]),
    )


def overtaken(connection: Connection, result: GameResult, places: Mapping[str, int]) -> bool:
    """Whether a rated game of the server's ``result.kind`` that finished after
    ``result`` (then by game id) seats one of its players: then rating it now would
    apply it out of order (games without a common player give the same ratings in either
    order). Most often none finished after it: one read of the results' order index."""
    values = {
        "guild_id": result.guild_id,
        "kind": result.kind,
        "finished_at": result.finished_at,
        "game_id": result.game_id,
    }
    later = connection.execute(_LATER, values).mappings()
    return any(set(rated_places(GameResult(**other)) or ()) & set(places) for other in later)


def start_season(
    session: Session, guild_id: int, typed: str, by: str, now: datetime
) -> tuple[Season, Season | None]:
    """A host's new season (:func:`bot.history.seasons.add_season`), the server's history
    lock held: a game folded already that finished at ``now`` or later counts for the new
    season, so the tables of the seasons it ended and started are recomputed."""
    hold(session.connection(), guild_id)
    season, ended = add_season(session, guild_id, typed, by, now)
    since = select(GameResult.kind).where(
        col(GameResult.guild_id) == guild_id, col(GameResult.finished_at) >= now
    )
    for kind in sorted(set(session.exec(since.distinct()))):
        for table in (ended, season):
            if table is not None and table.id is not None:
                recompute(session, guild_id, kind, table.id)
    return season, ended


def results_of(
    session: Session, guild_id: int, kind: str, season: Season | None = None
) -> Sequence[GameResult]:
    """A server's rated results of one game in the order they finished (then by game id);
    of ``season``'s time only, if given (those it may hold: :func:`season_at` decides)."""
    query = (
        select(GameResult)
        .where(GameResult.guild_id == guild_id, GameResult.kind == kind, col(GameResult.rated))
        .order_by(col(GameResult.finished_at), col(GameResult.game_id))
    )
    if season is not None:
        query = query.where(col(GameResult.finished_at) >= season.started_at)
        if season.ended_at is not None:
            query = query.where(col(GameResult.finished_at) < season.ended_at)
    return list(session.exec(query))


def replayed(
    session: Session, guild_id: int, kind: str, season_id: int
) -> Iterator[tuple[GameResult, dict[str, Skill]]]:
    """One table's games from the game results alone, in finish order, each with its
    players' ratings after it: what :func:`rate_game` made of them one by one (the
    table's end is :func:`replay`; a player's rating over time, bot.history.rating_history)."""
    seasons = seasons_of(session, guild_id)
    table = next((s for s in seasons if s.id == season_id), None)
    skills: dict[str, Skill] = {}
    if season_id != ALL_TIME and table is None:
        return  # no such season: an empty table
    for result in results_of(session, guild_id, kind, table):
        places = rated_places(result)
        if places is None:
            continue
        if table is not None and season_at(seasons, result.finished_at) is not table:
            continue
        after = rate(skills, places)
        skills.update(after)
        yield result, after


def replay(session: Session, guild_id: int, kind: str, season_id: int) -> dict[str, Skill]:
    """One table's ratings from the game results alone, in finish order (:func:`replayed`)."""
    skills: dict[str, Skill] = {}
    for _, after in replayed(session, guild_id, kind, season_id):
        skills.update(after)
    return skills


def recompute(session: Session, guild_id: int, kind: str, season_id: int) -> dict[str, Skill]:
    """Rebuild one table (a server's game, all time or one season) from the game results:
    its rows written anew from :func:`replay` (a player it no longer holds deleted)."""
    skills = replay(session, guild_id, kind, season_id)
    rows = _read(session, guild_id, kind, season_id)
    for player, row in rows.items():
        if player not in skills:
            session.delete(row)
    _write(session, rows, (guild_id, kind, season_id), skills)
    session.flush()
    return skills


def table_of(session: Session, guild_id: int, kind: str, season_id: int) -> dict[str, Skill]:
    """One table's ratings as kept: one read of the ratings' primary key (its columns,
    not rows to change)."""
    query = select(Rating.player, Rating.mu, Rating.sigma, Rating.games).where(
        Rating.guild_id == guild_id, Rating.kind == kind, Rating.season_id == season_id
    )
    return {player: Skill(mu, sigma, games) for player, mu, sigma, games in session.exec(query)}


def games_by_kind(session: Session, guild_id: int, season_id: int = ALL_TIME) -> dict[str, int]:
    """Rated player-games of people per game on a server (the most played game is the
    leaderboard's default; a computer's games are no one's)."""
    summed = (
        select(Rating.kind, func.sum(Rating.games))
        .where(
            Rating.guild_id == guild_id,
            Rating.season_id == season_id,
            col(Rating.player).not_like(f"{COMPUTER}%"),
        )
        .group_by(col(Rating.kind))
    )
    return {kind: int(games) for kind, games in session.exec(summed)}
