"""The hash chain the store writes: each event chained to the one before, the first to the
seed commitment, the head kept on the game row, over the game's pseudonyms (format 2); and
the migrations that chain old rows (0006: format 1, 0021: format 2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from sqlalchemy import JSON, Engine, TableClause, column, insert, inspect, select, table

from bot.audit import export
from bot.audit.verify import check_chain
from bot.engine.chain import Pseudonyms, event_hash, pseudonym
from bot.store import GameRow, Store, VersionConflict, upgrade
from bot.store.columns import UTCDateTime, utcnow
from bot.store.migrate import alembic_config

NewGame = Callable[..., GameRow]
JSON_COLUMNS = {"players", "options", "snapshot", "action", "events", "draws"}
OLD_GAME_COLUMNS = [
    *("id", "kind", "status", "version", "players", "options", "snapshot", "seed"),
    *("seed_hash", "rng_counter", "locale", "created_at", "updated_at"),
]
OLD_EVENT_COLUMNS = ["id", "game_id", "seq", "actor", "action", "events", "draws", "created_at"]


def old_table(name: str, columns: list[str]) -> TableClause:
    def typed(name: str) -> Any:
        if name in JSON_COLUMNS:
            return column(name, JSON)
        return column(name, UTCDateTime) if name.endswith("_at") else column(name)

    return table(name, *(typed(c) for c in columns))


def step(store: Store, game: GameRow, version: int, **overrides: Any) -> Any:
    assert game.id is not None
    arguments: dict[str, Any] = {
        "expected_version": version,
        "actor": "111",
        "action": {"do": "weiter", "args": {"n": version}},
        "events": [{"type": "rolled", "value": version}],
        "draws": [{"n": version, "sides": 6, "value": 3, "nonce": str(version)}],
        "snapshot": {"turn": version},
        "rng_counter": version,
    }
    arguments.update(overrides)
    return store.append(game.id, **arguments)


def assert_chained(store: Store, game_id: int) -> None:
    """Every stored event hashes in format 2 over the game's stored key and people."""
    game, rows = store.get(game_id), store.events(game_id)
    assert len(game.actor_key) == 64
    names = Pseudonyms(game.actor_key, game.people)
    head = game.seed_hash
    for row in rows:
        assert row.prev_hash == head
        assert row.hash == event_hash(
            game_id=game_id,
            seq=row.seq,
            actor=row.actor,
            action=row.action,
            events=row.events,
            draws=row.draws,
            prev_hash=row.prev_hash,
            names=names,
        )
        head = row.hash
    assert game.head_hash == head


def test_events_are_chained_from_the_seed_commitment(store: Store, new_game: NewGame) -> None:
    game = new_game(actor=None, draws=[{"n": 0, "sides": 6, "value": 4, "nonce": "ü"}])
    assert game.id is not None
    first = store.events(game.id)[0]
    assert first.prev_hash == game.seed_hash and game.head_hash == first.hash
    appended = step(store, game, 1, prev_hash=game.head_hash)
    step(store, game, 2)  # without prev_hash the store reads the head itself
    assert_chained(store, game.id)
    rows = store.events(game.id)
    assert appended[:2] == (2, rows[1].hash)
    assert len({row.hash for row in rows}) == 3


def test_a_wrong_head_is_a_conflict_and_writes_nothing(store: Store, new_game: NewGame) -> None:
    game = new_game()
    assert game.id is not None
    with pytest.raises(VersionConflict):
        step(store, game, 1, prev_hash="0" * 64)
    assert store.get(game.id).version == 1 and len(store.events(game.id)) == 1
    step(store, game, 1, prev_hash=game.head_hash)
    assert_chained(store, game.id)


def test_the_migration_chains_rows_written_before_it(engine: Engine) -> None:
    upgrade(engine, "0005")
    # the tables as revision 0005 had them (the models already have the chain columns)
    games = old_table("games", OLD_GAME_COLUMNS)
    events = old_table("game_events", OLD_EVENT_COLUMNS)
    now = utcnow()
    with engine.begin() as conn:
        for game_id, count in ((1, 3), (2, 1)):
            conn.execute(
                insert(games).values(
                    id=game_id,
                    kind="verflixte6",
                    status="open",
                    version=count,
                    players=["1", "2"],
                    options={},
                    snapshot={},
                    seed="ab" * 32,
                    seed_hash=f"{game_id}" * 64,
                    rng_counter=0,
                    locale="de",
                    created_at=now,
                    updated_at=now,
                )
            )
            for seq in range(count, 0, -1):  # inserted out of order on purpose
                conn.execute(
                    insert(events).values(
                        game_id=game_id,
                        seq=seq,
                        actor=None if seq == 1 else "1",
                        action={"do": "x", "seq": seq},
                        events=[{"ä": seq}],
                        draws=[{"n": seq, "sides": 6, "value": 1, "nonce": "n"}],
                        created_at=now,
                    )
                )
    upgrade(engine)
    store = Store(engine)
    for game_id in (1, 2):
        assert_chained(store, game_id)
    assert store.get(1).head_hash == store.events(1)[-1].hash != store.get(2).head_hash
    with engine.connect() as conn:
        hashes = conn.execute(select(column("hash")).select_from(table("game_events"))).all()
    assert len(hashes) == 4 and all(len(h) == 64 for (h,) in hashes)


def test_downgrade_and_upgrade_keep_the_games(
    store: Store, engine: Engine, new_game: NewGame
) -> None:
    game = new_game()
    assert game.id is not None
    step(store, game, 1)
    head = store.get(game.id).head_hash
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0005")
    assert "head_hash" not in {c["name"] for c in inspect(engine).get_columns("games")}
    upgrade(engine)  # and back: the chain is computed again, over a new key
    assert store.get(game.id).head_hash not in ("", head)
    assert_chained(store, game.id)


PERSONS = ("100000000000000001", "100000000000000002", "100000000000000003")


def format_1_game(conn: Any, game_id: int) -> str:
    """A game as stored before 0021: ids in its rows, chained in format 1; its head."""
    anna, ben, left = PERSONS
    games = old_table("games", [*OLD_GAME_COLUMNS, "head_hash"])
    events = old_table("game_events", [*OLD_EVENT_COLUMNS, "prev_hash", "hash"])
    logged = [
        (anna, {"do": "open"}, [{"type": "lobby", "host": anna}]),
        (left, {"do": "join"}, [{"type": "join", "player": left}]),
        (left, {"do": "leave"}, [{"type": "leave", "player": left}]),
        (ben, {"do": "join"}, [{"type": "join", "player": ben}]),
        (anna, {"do": "computer", "add": "stark"}, [{"type": "computer", "player": "cpu:stark:1"}]),
        ("croupier", {"do": "x"}, [{"type": "scores", "by": {anna: 3, ben: 1}, "word": "weiter"}]),
    ]
    head, now, rows = f"{game_id}" * 64, utcnow(), []
    seed_hash = head
    for seq, (actor, action, logged_events) in enumerate(logged, start=1):
        draws = [{"n": seq - 1, "sides": 6, "value": 2, "nonce": str(900 + seq)}]
        digest = event_hash(game_id=game_id, seq=seq, actor=actor, action=action,
                            events=logged_events, draws=draws, prev_hash=head)  # fmt: skip
        rows.append({"game_id": game_id, "seq": seq, "actor": actor, "action": action,
                     "events": logged_events, "draws": draws, "prev_hash": head, "hash": digest,
                     "created_at": now})  # fmt: skip
        head = digest
    conn.execute(
        insert(games).values(
            id=game_id,
            kind="altes_spiel",
            status="finished",
            version=len(rows),
            players=[anna, ben, "cpu:stark:1"],
            options={},
            snapshot={"by": {anna: 3}},
            seed="ab" * 32,
            seed_hash=seed_hash,
            rng_counter=len(rows),
            locale="de",
            created_at=now,
            updated_at=now,
            head_hash=head,
        )
    )
    conn.execute(insert(events), rows)
    return head


def test_0021_chains_the_games_before_it_over_pseudonyms(engine: Engine) -> None:
    upgrade(engine, "0020")
    with engine.begin() as conn:
        heads = {game_id: format_1_game(conn, game_id) for game_id in (1, 2)}
    upgrade(engine)
    store = Store(engine)
    for game_id in (1, 2):
        game = store.get(game_id)
        assert game.people == list(PERSONS)  # no computer, not the croupier
        assert game.head_hash != heads[game_id]
        assert_chained(store, game_id)
        text = export.to_json(export.from_store(store, game_id))
        assert not [p for p in PERSONS if p in text]
        assert "cpu:stark:1" in text and "croupier" in text and "weiter" in text
        assert check_chain(export.read(text)) is None
    assert store.get(1).actor_key != store.get(2).actor_key
    config = alembic_config()  # and down: format 1 again, the heads as they were
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0020")
    with engine.connect() as conn:
        found = conn.execute(select(column("id"), column("head_hash")).select_from(table("games")))
        assert dict(found.all()) == heads


def test_people_grow_with_the_persons_an_action_names(store: Store, new_game: NewGame) -> None:
    game = new_game()
    assert game.id is not None and game.people == ["111", "222"]
    names = store.pseudonyms(game.id)
    with pytest.raises(VersionConflict):  # not written: neither the row nor the cache grow
        step(store, game, 1, prev_hash="0" * 64, names=names, named=["444"])
    assert names.people == store.get(game.id).people == ["111", "222"]
    step(store, game, 1, names=names, named=["333", "111"], actor="333",
         events=[{"type": "rolled", "player": "333"}])  # fmt: skip
    assert names.people == store.get(game.id).people == ["111", "222", "333"]
    step(store, game, 2, names=names, actor="333")  # known: nothing more to write
    assert_chained(store, game.id)
    assert names("333") == pseudonym(game.actor_key, "333")
    assert store.events(game.id)[1].events == [{"type": "rolled", "player": "333"}]  # the id kept
