"""Ratings: OpenSkill's Plackett-Luce on the places of finished games, all time and per
season, and one table rebuilt from the game results equal to the one kept game by game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlmodel import Session, select

from bot.engine import IllegalAction
from bot.history.seasons import season_at, season_name, seasons_of
from bot.history.skill_ratings import (
    PROVISIONAL_GAMES,
    Skill,
    games_by_kind,
    rate_game,
    recompute,
    start_season,
    table_of,
)
from bot.store import Store
from bot.store.history_rows import ALL_TIME, NO_GUILD, GameResult, Rating

GUILD = 7
START = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)

Finish = Callable[..., GameResult]


@pytest.fixture
def session(store: Store) -> Iterator[Session]:
    with Session(store.engine, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def finish(store: Store, session: Session) -> Finish:
    """A finished game with ``places`` (player -> place), rated as the fold rates it."""
    minutes = iter(range(10_000))

    def finished(places: dict[str, int], **overrides: Any) -> GameResult:
        players = list(places)
        game = store.create_game(
            kind="verflixte6", players=players, options={}, snapshot={}, seed="ab" * 32,
            seed_hash="cd" * 32, rng_counter=0, action={"do": "start"}, events=[], draws=[],
        )  # fmt: skip
        values: dict[str, Any] = {
            "game_id": game.id,
            "guild_id": GUILD,
            "kind": "verflixte6",
            "finished_at": START + timedelta(minutes=next(minutes)),
            "players": players,
            "places": places,
        }
        result = GameResult(**(values | overrides))
        session.add(result)
        session.flush()
        rate_game(session.connection(), result)
        session.commit()
        return result

    return finished


def kept(session: Session, season_id: int = ALL_TIME) -> dict[str, Skill]:
    return table_of(session, GUILD, "verflixte6", season_id)


def test_a_four_player_game_raises_the_winner_and_lowers_the_last(
    finish: Finish, session: Session
) -> None:
    finish({"a": 1, "b": 2, "c": 3, "d": 4})
    skills = kept(session)
    new = PlackettLuce().rating()
    assert skills["a"].mu > new.mu > skills["d"].mu
    assert skills["a"].mu > skills["b"].mu > skills["c"].mu > skills["d"].mu
    assert all(s.sigma < new.sigma and s.games == 1 for s in skills.values())
    ordered = sorted(skills, key=lambda p: skills[p].ordinal, reverse=True)
    assert ordered == ["a", "b", "c", "d"]


def test_ties_give_equal_change_for_equal_priors(finish: Finish, session: Session) -> None:
    finish({"a": 1, "b": 2, "c": 2, "d": 4})
    skills = kept(session)
    assert skills["b"] == skills["c"]
    assert skills["a"].mu > skills["b"].mu > skills["d"].mu
    finish({"x": 1, "y": 1})  # a drawn game of two newcomers changes neither mu
    x, y = kept(session)["x"], kept(session)["y"]
    assert x == y and x.mu == pytest.approx(PlackettLuce().mu)


def test_the_ratings_are_openskills_own(finish: Finish, session: Session) -> None:
    """The same numbers as OpenSkill's model fed the same games, whatever order the
    players are listed in."""
    finish({"d": 4, "b": 2, "a": 1, "c": 2})
    finish({"b": 1, "a": 2})
    model = PlackettLuce()
    r = {p: model.rating() for p in "abcd"}
    first = model.rate([[r["a"]], [r["b"]], [r["c"]], [r["d"]]], ranks=[1, 2, 2, 4])
    r = {p: first[i][0] for i, p in enumerate("abcd")}
    second = model.rate([[r["b"]], [r["a"]]], ranks=[1, 2])
    r["b"], r["a"] = second[0][0], second[1][0]
    skills = kept(session)
    for p in "abcd":
        assert (skills[p].mu, skills[p].sigma) == (r[p].mu, r[p].sigma)
        assert skills[p].ordinal == r[p].ordinal()  # to the bit
    assert skills["a"].games == 2 and skills["c"].games == 1


def test_games_that_do_not_count_change_nothing(finish: Finish, session: Session) -> None:
    finish({"a": 1, "b": 2}, rated=False)
    finish({"a": 1, "b": 2}, guild_id=NO_GUILD)
    finish({"a": 1})  # alone: nobody to be measured against
    finish({"a": 1, "b": 2}, players=["a"])  # only the players listed are rated
    assert list(session.exec(select(Rating))) == []


def test_provisional_until_enough_games(finish: Finish, session: Session) -> None:
    for _ in range(PROVISIONAL_GAMES - 1):
        finish({"a": 1, "b": 2})
    finish({"a": 1, "c": 2})
    skills = kept(session)
    assert not skills["a"].provisional and skills["a"].games == PROVISIONAL_GAMES
    assert skills["b"].provisional and skills["c"].provisional
    assert games_by_kind(session, GUILD) == {"verflixte6": 2 * PROVISIONAL_GAMES}


def test_a_season_counts_the_games_after_its_start(finish: Finish, session: Session) -> None:
    before = finish({"a": 1, "b": 2})
    first, ended = start_season(session, GUILD, "  Herbst  2026 ", "host", before.finished_at)
    session.commit()
    assert first.name == "Herbst 2026" and ended is None
    assert first.id is not None
    assert set(kept(session, first.id)) == {"a", "b"}  # finished as it started: in it
    later = finish({"b": 1, "c": 2})
    in_first = kept(session, first.id)
    assert set(in_first) == {"a", "b", "c"} and in_first["b"].games == 2
    assert kept(session)["b"].games == 2  # all time: both games
    second, ended = start_season(session, GUILD, "Winter", "host", later.finished_at + timedelta(1))
    session.commit()
    assert ended is not None and ended.id == first.id and ended.ended_at == second.started_at
    assert second.id is not None
    assert kept(session, second.id) == {}  # a new season starts empty
    finish({"a": 1, "c": 2}, finished_at=second.started_at + timedelta(hours=1))
    assert set(kept(session, second.id)) == {"a", "c"}
    assert set(kept(session, first.id)) == {"a", "b", "c"}  # the ended season keeps its table


def test_season_at_the_edges(session: Session) -> None:
    one, _ = start_season(session, GUILD, "Eins", "host", START)
    two, _ = start_season(session, GUILD, "Zwei", "host", START + timedelta(days=30))
    seasons = seasons_of(session, GUILD)
    assert season_at(seasons, START - timedelta(seconds=1)) is None
    assert season_at(seasons, START) is one
    assert season_at(seasons, two.started_at - timedelta(seconds=1)) is one
    assert season_at(seasons, two.started_at) is two
    assert seasons_of(session, GUILD + 1) == []  # seasons are per server


def test_season_names(session: Session) -> None:
    assert season_name(" Sommer\n2027 ") == "Sommer 2027"
    assert season_name("x" * 50) == "x" * 50
    with pytest.raises(IllegalAction) as too_long:
        season_name("x" * 51)
    assert too_long.value.key == "season.name_too_long"
    with pytest.raises(IllegalAction) as empty:
        season_name("   ")
    assert empty.value.key == "season.name_empty"
    start_season(session, GUILD, "Herbst", "host", START)
    with pytest.raises(IllegalAction) as taken:
        start_season(session, GUILD, "HERBST", "host", START + timedelta(days=1))
    assert taken.value.key == "season.name_taken"
    start_season(session, GUILD + 1, "Herbst", "host", START)  # another server may
    running = [s.name for s in seasons_of(session, GUILD) if s.ended_at is None]
    assert running == ["Herbst"]  # the refused one ended nothing


def test_recompute_equals_kept(finish: Finish, session: Session) -> None:
    """A table rebuilt from the game results is the one kept game by game, to the bit."""
    players = [f"p{i}" for i in range(7)]
    for game in range(40):
        seated = [players[(game * 3 + k) % 7] for k in range(2 + game % 5)]
        places = {p: 1 + (i * (game + 2)) % len(seated) for i, p in enumerate(seated)}
        finish(places)
        if game in (15, 30):
            at = START + timedelta(minutes=game, seconds=30)
            start_season(session, GUILD, f"Ab {game}", "host", at)
            session.commit()
    first, second = (s.id for s in seasons_of(session, GUILD))
    assert first is not None and second is not None
    for table in (ALL_TIME, first, second):
        before = kept(session, table)
        session.add(Rating(guild_id=GUILD, kind="verflixte6", season_id=table, player="ghost",
                           mu=1.0, sigma=1.0, games=3))  # fmt: skip
        session.commit()
        assert recompute(session, GUILD, "verflixte6", table) == before
        session.commit()
        assert kept(session, table) == before
    assert kept(session, first) != kept(session) != kept(session, second)
