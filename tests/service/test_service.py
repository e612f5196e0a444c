"""The service: one transaction per action, refusals change nothing, restarts lose nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Action, IllegalAction
from bot.engine.rng import Draw, seed_hash, verify_draws
from bot.service import Service
from bot.store import GameRow, Store

PLAYERS = ["111", "222"]


async def new_game(service: Service, **options: Any) -> int:
    outcome = await service.create("verflixte6", PLAYERS, options, guild_id=1, channel_id=2)
    return outcome.game_id


async def test_create_commits_to_the_seed_without_revealing_it(store: Store) -> None:
    outcome = await Service(store).create("verflixte6", PLAYERS, {})
    row = store.get(outcome.game_id)
    assert outcome.seed is None
    assert outcome.seed_hash == row.seed_hash == seed_hash(bytes.fromhex(row.seed))
    assert outcome.to_act == ["111"]
    assert outcome.version == 1
    assert [e.seq for e in store.events(outcome.game_id)] == [1]


async def test_an_action_is_one_event(store: Store) -> None:
    service = Service(store)
    game_id = await new_game(service)
    outcome = await service.act(game_id, "111", Action("jokers", {"jokers": []}), nonce="i-1")
    assert outcome.version == 2
    freiwurf = next(e for e in outcome.events if e["type"] == "freiwurf")
    events = store.events(game_id)
    assert [e.seq for e in events] == [1, 2]
    assert events[1].actor == "111"
    assert events[1].action == {"do": "jokers", "jokers": []}
    assert [d["value"] for d in events[1].draws] == [freiwurf["die"]]
    assert events[1].draws[0]["nonce"] == "i-1"
    row = store.get(game_id)
    assert (row.version, row.rng_counter) == (2, 1)
    assert row.snapshot_version == 1  # no checkpoint yet: the stored state is replayed
    stored = service.tables.stored_state(game_id)
    assert stored is not None and stored["seats"][0]["eyes"] == freiwurf["die"]


async def test_refusals_change_nothing(store: Store) -> None:
    service = Service(store)
    game_id = await new_game(service)
    with pytest.raises(IllegalAction) as refused:
        await service.act(game_id, "222", Action("jokers", {"jokers": []}))
    assert refused.value.key == "game.not_your_turn"
    with pytest.raises(IllegalAction) as stranger:
        await service.act(game_id, "999", Action("stopp"))
    assert stranger.value.key == "game.not_a_player"
    with pytest.raises(IllegalAction) as unknown:
        await service.act(12345, "111", Action("stopp"))
    assert unknown.value.key == "game.not_found"
    assert store.get(game_id).version == 1
    assert len(store.events(game_id)) == 1


async def test_a_stale_button_is_refused(store: Store) -> None:
    service = Service(store)
    game_id = await new_game(service)
    await service.act(game_id, "111", Action("jokers", {"jokers": []}), expected_version=1)
    with pytest.raises(IllegalAction) as stale:
        await service.act(game_id, "111", Action("stopp"), expected_version=1)
    assert stale.value.key == "game.stale"
    assert store.get(game_id).version == 2


async def test_a_failed_commit_leaves_no_trace(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = Service(store)
    game_id = await new_game(service)
    before = service.tables.current(game_id)

    def broken(*args: Any, **kwargs: Any) -> int:
        raise RuntimeError("database went away")

    monkeypatch.setattr(store, "append", broken)
    with pytest.raises(RuntimeError):
        await service.act(game_id, "111", Action("jokers", {"jokers": []}))
    assert service.tables.current(game_id) == before
    monkeypatch.undo()
    outcome = await service.act(game_id, "111", Action("jokers", {"jokers": []}))
    assert outcome.version == 2
    assert store.events(game_id)[-1].draws[0]["n"] == 0  # the lost draw was not counted


async def test_another_process_moving_on_is_a_conflict_not_a_lost_update(store: Store) -> None:
    first, second = Service(store), Service(store)
    game_id = await new_game(first)
    second.tables.load_open_games()
    await first.act(game_id, "111", Action("jokers", {"jokers": []}))
    with pytest.raises(IllegalAction) as conflict:  # second still sees the joker phase
        await second.act(game_id, "111", Action("jokers", {"jokers": []}))
    assert conflict.value.key == "game.conflict"
    with pytest.raises(IllegalAction) as current:  # reloaded: the Freiwurf is done
        await second.act(game_id, "111", Action("jokers", {"jokers": []}))
    assert current.value.key == "v6.phase.step"
    outcome = await second.act(game_id, "111", Action("stopp"))
    assert outcome.version == 3
    assert [e.seq for e in store.events(game_id)] == [1, 2, 3]


async def test_a_restart_continues_exactly_where_the_game_was(store: Store) -> None:
    service = Service(store)
    game_id = await new_game(service)
    await service.act(game_id, "111", Action("jokers", {"jokers": []}))
    await service.act(game_id, "111", Action("weiter"))
    before = service.tables.current(game_id)

    restarted = Service(Store(store.engine))
    assert restarted.tables.load_open_games() == 1
    assert restarted.tables.current(game_id) == before


async def play_to_the_end(service: Service, game_id: int) -> Any:
    outcome = service.tables.current(game_id)
    nonce = 0
    while not outcome.finished:
        player = outcome.to_act[0]
        phase = outcome.public["turn"]["phase"]
        if phase == "jokers":
            action = Action("jokers", {"jokers": []})
        elif phase == "steal":
            victim = next(p for p in PLAYERS if p != player)
            action = Action("steal", {"victim": victim})
        else:
            action = Action("stopp")
        nonce += 1
        outcome = await service.act(game_id, player, action, nonce=f"interaction-{nonce}")
    return outcome


async def test_the_seed_is_revealed_at_the_end_and_every_draw_verifies(store: Store) -> None:
    service = Service(store)
    game_id = await new_game(service, durchgaenge=2)
    with pytest.raises(IllegalAction):
        service.records.audit(game_id)
    outcome = await play_to_the_end(service, game_id)
    assert outcome.seed is not None
    assert seed_hash(bytes.fromhex(outcome.seed)) == outcome.seed_hash
    assert store.get(game_id).status == "finished"
    assert service.records.audit(game_id) == []
    draws = [Draw.from_dict(d) for e in store.events(game_id) for d in e.draws]
    assert len(draws) >= 4
    forged = [Draw(d.n, d.sides, d.value % 6 + 1, d.nonce) if d.n == 1 else d for d in draws]
    assert verify_draws(bytes.fromhex(outcome.seed), outcome.seed_hash, forged) != []
    assert Service(store).tables.load_open_games() == 0


async def test_audit_notices_a_snapshot_that_the_log_does_not_give(store: Store) -> None:
    service = Service(store)
    game_id = await new_game(service)
    await play_to_the_end(service, game_id)
    row = store.get(game_id)
    forged = {
        **row.snapshot,
        "seats": [{**row.snapshot["seats"][0], "abend_points": 99}, *row.snapshot["seats"][1:]],
    }
    with store.engine.begin() as connection:
        connection.execute(
            GameRow.__table__.update()
            .where(GameRow.__table__.c.id == game_id)
            .values(snapshot=forged)  # type: ignore[attr-defined]
        )
    assert Service(store).records.audit(game_id) == [
        "replaying the log does not give the stored state"
    ]


async def test_private_views_exist_for_every_player(store: Store) -> None:
    outcome = await Service(store).create("verflixte6", PLAYERS, {})
    assert set(outcome.private) == set(PLAYERS)
    assert outcome.public["viewer"] is None


async def test_an_engine_failure_halfway_restores_the_committed_state(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = Service(store)
    game_id = await new_game(service)
    before = service.tables.current(game_id)
    engine = service.games["verflixte6"]

    def half_done(state: Any, seat: int, action: Action, rng: Any) -> Any:
        state.seats[0].eyes = 999  # changed in place ...
        raise RuntimeError("... and then the engine fails")

    monkeypatch.setattr(engine, "apply", half_done)
    with pytest.raises(RuntimeError):
        await service.act(game_id, "111", Action("jokers", {"jokers": []}))
    assert service.tables.current(game_id) == before


def test_a_servers_language_is_read_once_and_kept(store: Store) -> None:
    service = Service(store)
    reads: list[int] = []
    stored = store.guild_locale

    def counted(guild_id: int) -> str | None:
        reads.append(guild_id)
        return stored(guild_id)

    store.guild_locale = counted  # type: ignore[method-assign]
    assert service.directory.guild_locale(None) == "de"
    assert [service.directory.guild_locale(7) for _ in range(3)] == ["de"] * 3
    assert reads == [7]
    service.directory.set_guild_locale(7, "en")
    assert service.directory.guild_locale(7) == "en" and reads == [7]
    assert (
        Service(Store(store.engine)).directory.guild_locale(7) == "en"
    )  # stored for the next start
