"""Practice tables and computer seats in the players' history: a practice game counts for
no rating and no statistics (its dice for the fairness tallies); a game with a computer
counts for the ratings only when its host allowed it, and then its computers are rated
under their ids but listed on no leaderboard; their statistics are kept under their ids
and name them as computers. Games played through the service and folded as they end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import Session, select

from bot.engine import IllegalAction
from bot.history.fold import remeasure
from bot.history.leaderboard import RATED_KINDS, Leaderboards
from bot.history.player_statistics import computers_measured, player_measures
from bot.history.queries import History
from bot.history.rebuild import rebuild
from bot.history.skill_ratings import PROVISIONAL_GAMES, Skill, rate_game, table_of
from bot.players.seats import COMPUTERS_RATED, PRACTICE, computer_id, computer_name
from bot.render.lobby_card import COMPUTER_MARK, mention
from bot.service import Service
from bot.store import DrawTally, GameResult, PlayerMeasure, Store
from bot.store.history_rows import ALL_TIME
from cogs.statistics import picked_computer, statistics_answer
from tests.history.playing import play_game
from tests.history.test_rebuild import rows

GUILD = 1
KIND = "verflixte6"
EASY = computer_id("leicht", 1)
HARD = computer_id("stark", 2)


async def played(store: Store, players: list[str], seed: int = 0, **options: Any) -> int:
    """One Die verflixte 6 game of one Durchgang, played to its end and folded; its id."""
    options = {"durchgaenge": 1, **options}
    outcome = await play_game(Service(store), KIND, players, options, seed=seed, guild_id=GUILD)
    return outcome.game_id


def result(store: Store, game_id: int) -> GameResult:
    with store._session() as session:
        found = session.get(GameResult, game_id)
    assert found is not None  # folded as it ended
    return found


def ratings(store: Store) -> dict[str, Skill]:
    with store._session() as session:
        return table_of(session, GUILD, KIND, ALL_TIME)


def measured(store: Store) -> set[str]:
    with store._session() as session:
        return {m.player for m in session.exec(select(PlayerMeasure))}


async def test_a_practice_game_counts_for_no_rating_and_no_statistics(store: Store) -> None:
    game_id = await played(store, ["a", "b"], **{PRACTICE: True})
    assert not result(store, game_id).rated
    assert ratings(store) == {}
    assert measured(store) == set()
    assert player_measures(store, GUILD, "a") == {}
    with store._session() as session:  # dice are dice: the fairness report counts them
        assert session.exec(select(DrawTally).where(DrawTally.game_id == game_id)).first()
    assert Leaderboards(store).board(GUILD, KIND, None).lines == []

    await played(store, ["a", "b"], seed=1)  # the same players at an ordinary table
    assert set(ratings(store)) == {"a", "b"} and measured(store) == {"a", "b"}
    assert player_measures(store, GUILD, "a")[KIND]["games"] == 1  # the practice game not


@pytest.mark.parametrize("allowed", [False, True])
async def test_a_game_with_a_computer_is_rated_only_when_the_host_allows_it(
    store: Store, allowed: bool
) -> None:
    options = {COMPUTERS_RATED: True} if allowed else {}
    game_id = await played(store, ["a", EASY], **options)
    assert result(store, game_id).rated is allowed
    assert set(ratings(store)) == ({"a", EASY} if allowed else set())
    board = Leaderboards(store).board(GUILD, KIND, None)
    assert [line.player for line in board.lines] == (["a"] if allowed else [])
    assert board.players == (1 if allowed else 0)
    assert measured(store) == {"a", EASY}  # statistics count either way, the computer's too
    assert player_measures(store, GUILD, EASY)[KIND]["games"] == 1


async def test_a_practice_table_with_computers_stays_unrated_even_when_allowed(
    store: Store,
) -> None:
    game_id = await played(store, ["a", EASY], **{PRACTICE: True, COMPUTERS_RATED: True})
    assert not result(store, game_id).rated
    assert ratings(store) == {} and measured(store) == set()


async def test_a_humans_rating_changes_by_a_computer_game_only_when_allowed(
    store: Store,
) -> None:
    await played(store, ["a", "b"], seed=1)
    before = ratings(store)["a"]
    await played(store, ["a", HARD], seed=2)
    assert ratings(store)["a"] == before
    await played(store, ["a", HARD], seed=3, **{COMPUTERS_RATED: True})
    after = ratings(store)["a"]
    assert after.games == before.games + 1
    assert (after.mu, after.sigma) != (before.mu, before.sigma)
    assert ratings(store)[HARD].games == 1  # the computer is rated under its id


def test_the_computer_rated_higher_is_worth_more_to_beat(store: Store) -> None:
    """A computer is rated like anyone: beating the stronger one raises a player more."""
    with Session(store.engine, expire_on_commit=False) as session:
        for minute in range(4):  # HARD has beaten a newcomer four times, EASY lost four
            finish(session, store, {HARD: 1, "x": 2}, minute)
            finish(session, store, {"x": 1, EASY: 2}, 10 + minute)
        finish(session, store, {"a": 1, HARD: 2}, 20)
        finish(session, store, {"b": 1, EASY: 2}, 21)
        skills = table_of(session, GUILD, KIND, ALL_TIME)
    assert skills[HARD].ordinal > skills[EASY].ordinal
    assert skills["a"].mu > skills["b"].mu


def finish(session: Session, store: Store, places: dict[str, int], minute: int, **kw: Any) -> None:
    """A rated result written and rated as the fold does it (fast: no game played)."""
    kind = kw.get("kind", KIND)
    game = store.create_game(
        kind=kind, players=list(places), options={COMPUTERS_RATED: True}, snapshot={},
        seed="ab" * 32, seed_hash="cd" * 32, rng_counter=0, action={"do": "start"},
        events=[], draws=[],
    )  # fmt: skip
    start = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)
    result = GameResult(
        game_id=game.id, guild_id=GUILD, kind=kind, players=list(places), places=places,
        finished_at=start + timedelta(minutes=minute),
    )  # fmt: skip
    session.add(result)
    session.flush()
    rate_game(session.connection(), result)
    session.commit()


def test_computers_are_on_no_leaderboard_of_any_game_or_season(store: Store) -> None:
    boards = Leaderboards(store)
    with Session(store.engine, expire_on_commit=False) as session:
        finish(session, store, {"a": 1, EASY: 2}, 0)  # before the season: all time only
    season, _ = boards.start_season(GUILD, "Winter", "host", datetime(2026, 11, 2, tzinfo=UTC))
    minute = 2 * 24 * 60
    with Session(store.engine, expire_on_commit=False) as session:
        for kind in RATED_KINDS:
            for game in range(PROVISIONAL_GAMES + 1):  # all established but "b"
                places = {EASY: 1, HARD: 2, "a": 3} if game else {EASY: 1, "b": 2}
                finish(session, store, places, minute, kind=kind)
                minute += 1
    for kind in RATED_KINDS:
        for picked in (None, season):
            with store._session() as session:
                kept = table_of(session, GUILD, kind, ALL_TIME if picked is None else season.id)
            assert {EASY, HARD} <= set(kept)  # rated, established ...
            assert not kept[EASY].provisional and not kept[HARD].provisional
            board = boards.board(GUILD, kind, picked)
            listed = {line.player for line in board.lines}
            assert listed == {"a", "b"}  # ... but not listed
            assert [line.place for line in board.lines] == [1, None]  # "b" provisional
            assert board.players == 2


def test_a_computers_games_do_not_pick_the_leaderboards_game(store: Store) -> None:
    """The default game is the one people played most in rated games: three player-games
    of Teufel (two of them computers') count less than two of Die verflixte 6."""
    with Session(store.engine, expire_on_commit=False) as session:
        finish(session, store, {"a": 1, "b": 2}, 0)
        finish(session, store, {"a": 1, EASY: 2, HARD: 3}, 1, kind="teufel")
    assert Leaderboards(store).default_kind(GUILD) == KIND


async def test_a_rebuild_gives_the_same_rows_for_practice_and_computer_tables(
    store: Store,
) -> None:
    await played(store, ["a", "b"], seed=1)
    await played(store, ["a", "b"], seed=2, **{PRACTICE: True})
    await played(store, ["a", EASY], seed=3)
    await played(store, ["b", HARD, EASY], seed=4, **{COMPUTERS_RATED: True})
    await played(store, ["a", HARD], seed=5, **{PRACTICE: True, COMPUTERS_RATED: True})
    kept = rows(store)
    assert len(kept["GameResult"]) == 5
    assert rebuild(store) == 5
    assert rows(store) == kept
    with store._session() as session, session.begin():  # a corrected tournament's refold
        remeasure(session.connection(), GUILD, KIND)
    assert rows(store) == kept


async def test_statistics_name_a_computer_as_a_computer(store: Store) -> None:
    await played(store, ["123", EASY])
    card = statistics_answer(History(store), GUILD, EASY, None, "de")
    assert not isinstance(card, Exception)
    assert f"{COMPUTER_MARK} {computer_name(EASY)}" in card.description
    assert "<@" not in card.description
    person = statistics_answer(History(store), GUILD, "123", None, "de")
    assert not isinstance(person, Exception) and "<@123>" in person.description


async def test_statistik_finds_a_computer_by_its_pick_or_its_typed_name(store: Store) -> None:
    await played(store, ["123", EASY])
    await played(store, ["123", HARD], seed=1, **{PRACTICE: True})  # measured by nothing
    found = computers_measured(store, GUILD)
    assert found == [EASY] and computers_measured(store, GUILD + 1) == []
    assert picked_computer(found, EASY) == EASY  # the autocomplete's value
    assert picked_computer(found, f"{COMPUTER_MARK} {computer_name(EASY)}".upper()) == EASY
    assert picked_computer(found, f" {computer_name(EASY)} ") == EASY
    assert picked_computer(found, computer_name(HARD)) is None
    refusal = statistics_answer(History(store), GUILD, HARD, None, "de")
    assert isinstance(refusal, IllegalAction)
    assert refusal.params["player"] == mention(HARD)  # named as a computer, not by its id
