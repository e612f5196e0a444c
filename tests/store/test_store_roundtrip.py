"""Games and events survive a round trip through the database unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields, replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import Text, cast, select

from bot.clocks.clock import Clock
from bot.engine.chain import chained_event, event_hash
from bot.privacy.server_data import mark_back, mark_left
from bot.store import GameNotFound, GameRow, Store, repository
from bot.store.clock_rows import COLUMNS, WRITTEN, ClockStore, StoredClock, clock_values
from bot.store.columns import sqlite_time

NewGame = Callable[..., GameRow]

BIG = 1234567890123456789
SNAPSHOT = {
    "players": [{"name": "Prinzessin ü", "hand": [[1, 6], [3, None]]}],
    "nested": {"deep": {"list": [True, False, None, 1.5, "ß"]}},
    "big": BIG,
}


def test_create_game_returns_loaded_row(new_game: NewGame) -> None:
    game = new_game(guild_id=BIG, channel_id=BIG + 1, locale="en", snapshot=SNAPSHOT)
    assert game.id is not None
    assert game.version == 1
    assert game.status == "open"
    assert game.guild_id == BIG
    assert game.snapshot == SNAPSHOT
    assert game.created_at.tzinfo is not None


def test_round_trip(store: Store, new_game: NewGame) -> None:
    game = new_game(
        guild_id=BIG,
        channel_id=BIG + 1,
        players=["Prinzessin ü", "42"],
        options={"rules": {"limit": [1, 2]}},
        actor=None,
        draws=[{"n": 0, "sides": 6, "value": 4, "nonce": "0"}],
    )
    assert game.id is not None
    v2 = store.append(
        game.id,
        expected_version=1,
        actor="Prinzessin ü",
        action={"do": "weiter", "args": {"dice": [1, 2]}},
        events=[{"type": "rolled", "values": [6, 6]}, {"type": "text", "msg": "ü€"}],
        draws=[{"n": 1, "sides": 6, "value": 6, "nonce": "1"}],
        snapshot={"turn": 1},
        rng_counter=1,
    )
    v3 = store.append(
        game.id,
        expected_version=2,
        actor="42",
        action={"do": "stop"},
        events=[],
        draws=[],
        snapshot=SNAPSHOT,
        rng_counter=7,
        status="finished",
    )
    assert (v2.version, v3.version) == (2, 3)

    loaded = Store(store.engine).get(game.id)
    assert loaded.version == 3
    assert loaded.status == "finished"
    assert loaded.snapshot == SNAPSHOT
    assert loaded.rng_counter == 7
    assert loaded.guild_id == BIG
    assert loaded.channel_id == BIG + 1
    assert loaded.players == ["Prinzessin ü", "42"]
    assert loaded.options == {"rules": {"limit": [1, 2]}}
    assert loaded.seed == "ab" * 32
    assert loaded.created_at.tzinfo == UTC
    assert loaded.updated_at >= loaded.created_at

    events = store.events(game.id)
    assert [e.seq for e in events] == [1, 2, 3]
    assert [e.actor for e in events] == [None, "Prinzessin ü", "42"]
    assert events[0].draws == [{"n": 0, "sides": 6, "value": 4, "nonce": "0"}]
    assert events[1].action == {"do": "weiter", "args": {"dice": [1, 2]}}
    assert events[1].events[1] == {"type": "text", "msg": "ü€"}
    assert events[1].draws == [{"n": 1, "sides": 6, "value": 6, "nonce": "1"}]
    assert events[2].events == []
    assert all(e.game_id == game.id for e in events)
    assert all(e.created_at.tzinfo == UTC for e in events)


def test_events_of_two_games_stay_apart(store: Store, new_game: NewGame) -> None:
    first, second = new_game(), new_game(events=[{"type": "other"}])
    assert first.id is not None and second.id is not None
    assert [e.events for e in store.events(first.id)] == [[{"type": "started"}]]
    assert [e.events for e in store.events(second.id)] == [[{"type": "other"}]]


def test_open_games_lists_only_open_ones(store: Store, new_game: NewGame) -> None:
    open_one, finished, aborted, other_open = (new_game() for _ in range(4))
    for game, status in ((finished, "finished"), (aborted, "aborted")):
        assert game.id is not None
        store.append(
            game.id,
            expected_version=1,
            actor=None,
            action={"do": status},
            events=[],
            draws=[],
            snapshot={},
            rng_counter=0,
            status=status,
        )
    assert [g.id for g in store.open_games()] == [open_one.id, other_open.id]


def test_set_message(store: Store, new_game: NewGame) -> None:
    game = new_game()
    assert game.id is not None
    store.set_message(game.id, BIG)
    loaded = store.get(game.id)
    assert loaded.message_id == BIG
    assert loaded.version == 1


def test_a_game_keeps_the_newest_of_its_messages(store: Store, new_game: NewGame) -> None:
    """Discord's ids grow with time: a process late to record an older table message (the
    turn before, posted elsewhere) never overwrites the newer one (issue 44)."""
    game = new_game()
    assert game.id is not None
    store.set_message(game.id, BIG)
    store.set_message(game.id, BIG - 1)
    assert store.get(game.id).message_id == BIG
    store.set_message(game.id, BIG + 1)
    assert store.get(game.id).message_id == BIG + 1


def test_unknown_game(store: Store) -> None:
    with pytest.raises(GameNotFound):
        store.get(999)
    with pytest.raises(GameNotFound):
        store.set_message(999, 1)
    with pytest.raises(GameNotFound):
        store.append(
            999,
            expected_version=1,
            actor=None,
            action={},
            events=[],
            draws=[],
            snapshot={},
            rng_counter=0,
        )
    assert store.events(999) == []


def test_guild_language_setting_round_trip(store: Store) -> None:
    assert store.guild_locale(1234567890123456789) is None
    store.set_guild_locale(1234567890123456789, "en")
    assert store.guild_locale(1234567890123456789) == "en"
    store.set_guild_locale(1234567890123456789, "de")
    assert store.guild_locale(1234567890123456789) == "de"


def test_latest_game_in_a_channel(store: Store) -> None:
    def make(kind: str, channel: int) -> int:
        row = store.create_game(
            kind=kind, players=["1"], options={}, snapshot={}, seed="00" * 16, seed_hash="h",
            rng_counter=0, channel_id=channel, action={"do": "setup"}, events=[], draws=[],
        )  # fmt: skip
        assert row.id is not None
        return row.id

    make("turnier", 5)
    newest = make("turnier", 5)
    make("verflixte6", 5)
    make("turnier", 6)
    latest = store.latest_game("turnier", 5)
    assert latest is not None and latest.id == newest
    assert store.latest_game("turnier", 7) is None


def test_croupier_role_and_language_live_side_by_side(store: Store) -> None:
    store.set_guild_locale(42, "en")
    store.set_croupier_role(42, 1234567890123456789)
    assert (store.guild_locale(42), store.croupier_role(42)) == ("en", 1234567890123456789)
    store.set_croupier_role(42, None)
    assert (store.guild_locale(42), store.croupier_role(42)) == ("en", None)


def test_a_clock_written_with_an_action_reads_back_unchanged(
    store: Store, new_game: NewGame
) -> None:
    """The per-action statements run as SQL compiled once, their values processed by their
    types (bot.store.prepared): JSON, aware datetimes, booleans, floats and NULLs must be
    stored as ``Connection.execute`` would store them."""
    game = new_game()
    assert game.id is not None
    started = datetime(2026, 11, 23, 18, 30, 5, 123456, tzinfo=UTC)
    clock = Clock(
        game_id=game.id,
        seconds=90,
        version=2,
        waiting=["Prinzessin ü", "42"],
        started=started,
        deadline=started.astimezone(timezone(timedelta(hours=1))) + timedelta(seconds=90),
        reminded=True,
        remaining=12.5,
        absent=["42"],
    )
    store.append(
        game.id,
        expected_version=1,
        actor="42",
        action={"do": "weiter"},
        events=[],
        draws=[],
        snapshot=None,
        rng_counter=1,
        clock=clock,
    )
    clocks = ClockStore(store.engine)
    assert clocks.get(game.id) == clock  # written with the action
    later = replace(clock, version=3, deadline=None, reminded=False, remaining=None)
    clocks.put(later)
    assert clocks.get(game.id) == later  # updated on its own
    assert clocks.get(game.id + 1) is None
    with pytest.raises(GameNotFound):
        clocks.put(replace(later, game_id=game.id + 1))


def _stored_text(store: Store, table: Any, game_id: int, seq: int | None = None) -> dict[str, Any]:
    """A game's row (or its event ``seq``) as the database keeps it: every column cast to
    text (no result processing) but those that tell two games apart."""
    if seq is None:
        skip, where = ("id", "created_at"), [table.c.id == game_id]
    else:
        skip, where = ("id", "game_id"), [table.c.game_id == game_id, table.c.seq == seq]
    columns = [c for c in table.columns if c.name not in skip]
    stmt = select(*(cast(c, Text).label(c.name) for c in columns)).where(*where)
    with store.engine.connect() as connection:
        return dict(connection.execute(stmt).one()._mapping)


def test_the_plain_writes_store_what_execute_stores(
    store: Store, new_game: NewGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action's write binds its values plain (bot.store.prepared: no bind processors,
    times formatted once, the event's JSON the hash chain's text); the rows must be the
    ones ``Connection.execute`` writes from the same values, to the byte, but for the key
    order of the event's JSON (sorted, as the chain hashes it)."""
    mine, plain = new_game(), new_game()
    assert mine.id is not None and plain.id is not None
    started = datetime(2026, 11, 23, 18, 30, 5, 123456, tzinfo=timezone(timedelta(hours=-3)))
    deadline = started + timedelta(seconds=90)
    monkeypatch.setattr(repository, "utcnow", lambda: started)
    clock = Clock(0, 90, version=2, waiting=["ü"], started=started, deadline=deadline,
                  reminded=True, remaining=0.1)  # fmt: skip
    action = {"do": "weiter", "t": (1, "ß")}
    events = [{"big": BIG, "x": 1.5, "ok": True, "none": None}]
    players = ["Prinzessin ü", "42"]
    store.append(
        mine.id, expected_version=1, actor="Prinzessin ü", action=action, events=events,
        draws=[], snapshot=SNAPSHOT, rng_counter=3, status="paused", players=players,
        prev_hash=mine.head_hash, clock=replace(clock, game_id=mine.id),
    )  # fmt: skip
    event = chained_event(game_id=plain.id, seq=2, actor="Prinzessin ü", action=action,
                          events=events, draws=[], prev_hash=plain.head_hash)  # fmt: skip
    values = {
        "v_id": plain.id, "v_expected": 1, "v_prev_hash": plain.head_hash,
        "v_rng_counter": 3, "v_version": 2, "v_head_hash": event["hash"],
        "v_updated_at": started, "v_snapshot": SNAPSHOT, "v_snapshot_version": 2,
        "v_status": "paused", "v_players": players,
        **{f"v_{name}": getattr(clock, name.removeprefix("clock_")) for name in COLUMNS},
        "v_clock_due": clock.due_at(),
    }  # fmt: skip
    with store.engine.begin() as connection:
        update = repository._game_update(True, True, True, True)
        assert connection.execute(update.statement, values).rowcount == 1
        connection.execute(repository._EVENT_INSERT.statement, {**event, "created_at": started})
    games, rows = repository._GAMES, repository._EVENTS
    mine_row, plain_row = _stored_text(store, games, mine.id), _stored_text(store, games, plain.id)
    assert mine_row["head_hash"] != plain_row["head_hash"]  # the chain holds the game's id
    assert mine_row["actor_key"] != plain_row["actor_key"]  # each game its own
    blank = {"head_hash": "", "actor_key": ""}
    assert {**mine_row, **blank} == {**plain_row, **blank}
    mine_event = _stored_text(store, rows, mine.id, 2)
    plain_event = _stored_text(store, rows, plain.id, 2)
    for name in ("action", "events", "draws", "hash", "prev_hash"):
        if name in ("action", "events", "draws"):
            assert json.loads(mine_event[name]) == json.loads(plain_event[name]), name
        mine_event.pop(name), plain_event.pop(name)
    assert mine_event == plain_event
    chain = store.events(mine.id)
    assert chain[1].prev_hash == chain[0].hash
    assert chain[1].hash == event_hash(
        game_id=mine.id, seq=2, actor="Prinzessin ü", action=action, events=events, draws=[],
        prev_hash=mine.head_hash, names=store.pseudonyms(mine.id),
    )  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        {},
        {"version": 3},
        {"waiting": ["a", "b"], "version": 3},
        {"reminded": False},
        {"deadline": None, "started": None},
        {"remaining": 12.5, "absent": ["a"], "stand_in": ["b"]},
    ],
)
def test_a_kept_clock_binds_what_a_new_one_binds(change: dict[str, Any]) -> None:
    """The bound values a clock takes from the one written before it are those it would
    have been given anew."""
    started = datetime(2026, 11, 23, 18, 30, 5, tzinfo=UTC)
    old = Clock(7, 90, version=2, waiting=["a"], started=started,
                deadline=started + timedelta(seconds=90), reminded=True)  # fmt: skip
    new = replace(old, **change)
    before = StoredClock(old, clock_values(old, sqlite_time))
    assert clock_values(new, sqlite_time, before) == clock_values(new, sqlite_time)


def test_the_poll_reads_the_due_clocks_of_live_tables(store: Store, new_game: NewGame) -> None:
    clocks = ClockStore(store.engine)
    now = datetime(2026, 11, 23, 23, 0, tzinfo=UTC)
    minute = timedelta(minutes=1)
    games = {name: new_game() for name in ("reminder", "deadline", "later", "stopped", "over")}
    for name, started, status, reminded in (
        ("reminder", now - minute, None, False),  # half of its two minutes gone
        ("deadline", now - 2 * minute, None, True),  # reminded, and its time is up
        ("later", now, None, False),  # due in a minute
        ("stopped", None, None, False),  # no clock runs (paused, or nobody to wait for)
        ("over", now - 2 * minute, "finished", True),  # left running on an ended game
    ):
        game_id = games[name].id
        assert game_id is not None
        deadline = None if started is None else started + 2 * minute
        store.append(
            game_id, expected_version=1, actor=None, action={}, events=[], draws=[],
            snapshot=None, rng_counter=0, status=status,
            clock=Clock(game_id, seconds=120, version=2, started=started, deadline=deadline,
                        reminded=reminded),
        )  # fmt: skip
    none = new_game()
    assert none.id is not None and clocks.get(none.id) is None  # no clock stored yet
    due = {c.game_id for c in clocks.due_by(now)}
    assert due == {games["reminder"].id, games["deadline"].id}
    assert {c.game_id for c in clocks.due_by(now + minute)} == due | {games["later"].id}


def test_the_clock_value_and_its_columns_have_the_same_fields() -> None:
    """``Clock`` (the plain value every action computes) and its ``clock_…`` columns in the
    games table are declared apart; a field added to one only would be lost on the way.
    ``clock_due`` is derived (``Clock.due_at``)."""
    table = GameRow.__table__  # type: ignore[attr-defined]
    columns = [c.name.removeprefix("clock_") for c in table.columns if c.name.startswith("clock_")]
    assert ["game_id", *columns] == [f.name for f in fields(Clock)] + ["due"]
    assert (*COLUMNS, "clock_due") == WRITTEN


def test_the_clocks_of_a_server_the_bot_left_wait_until_it_is_back(
    store: Store, new_game: NewGame
) -> None:
    """Nobody at a server the bot was removed from can act or read: its clocks wait (a
    stand-in would otherwise play its tables to their end before the bot is added back);
    another server's, and a table of no server, go on."""
    clocks = ClockStore(store.engine)
    now = datetime(2026, 11, 23, 23, 0, tzinfo=UTC)
    started = now - timedelta(minutes=3)
    games = {guild: new_game(guild_id=guild) for guild in (41, 42, None)}
    for game in games.values():
        assert game.id is not None
        store.append(
            game.id, expected_version=1, actor=None, action={}, events=[], draws=[],
            snapshot=None, rng_counter=0, status=None,
            clock=Clock(game.id, seconds=120, version=2, started=started,
                        deadline=started + timedelta(minutes=2), reminded=True),
        )  # fmt: skip
    every = {game.id for game in games.values()}
    assert {c.game_id for c in clocks.due_by(now)} == every
    mark_left(store.engine, 41)
    assert {c.game_id for c in clocks.due_by(now)} == every - {games[41].id}
    assert mark_back(store.engine, 41)
    assert {c.game_id for c in clocks.due_by(now)} == every
