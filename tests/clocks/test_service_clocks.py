"""Turn clocks through the service, with a fake time: reminders, the absence rule of each
game, restarts, pauses, lobbies, and the host controls that go with them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.clocks import timing as clocks
from bot.engine import Action, IllegalAction
from bot.service import Service
from bot.store import Store
from tests.helpers.fake_time import FakeTime


@pytest.fixture
def time() -> FakeTime:
    return FakeTime()


async def test_a_silent_player_is_reminded_once_then_the_croupier_stops_for_him(
    store: Store, time: FakeTime
) -> None:
    service = Service(store, now=time)
    game = await service.create("verflixte6", ["1", "2"], {})
    assert await service.clocks.tick() == []
    time.wait(300)
    [remind] = await service.clocks.tick()
    assert remind.what == clocks.REMIND and remind.players == ("1",)
    assert remind.deadline == time.value + timedelta(seconds=300)
    time.wait(100)
    assert await service.clocks.tick() == []  # reminded once only
    time.wait(200)
    [expired] = await service.clocks.tick()
    assert expired.what == clocks.EXPIRE and expired.players == ("1",)
    assert expired.outcome.to_act == ["2"]
    assert _acted(expired.outcome)[0] == ("1", {"do": "jokers", "jokers": []})
    rows = store.events(game.game_id)[1:]
    assert rows and all(r.actor == "1" and r.action["by_croupier"] == "clock" for r in rows)
    assert service.clocks.of(game.game_id).waiting == ["2"]  # ben's clock runs now, in full
    assert service.clocks.of(game.game_id).deadline == time.value + timedelta(seconds=600)


def _acted(outcome: object) -> list[tuple[str, dict[str, object]]]:
    return list(outcome.absent)  # type: ignore[attr-defined]


async def test_a_restart_keeps_the_time_left(store: Store, time: FakeTime) -> None:
    service = Service(store, now=time)
    game = await service.create("verflixte6", ["1", "2"], {})
    time.wait(400)
    restarted = Service(Store(store.engine), now=time)
    restarted.tables.load_open_games()
    [remind] = await restarted.clocks.tick()  # half-time passed while the bot was down
    assert remind.what == clocks.REMIND
    time.wait(199)
    assert await restarted.clocks.tick() == []
    time.wait(1)
    [expired] = await restarted.clocks.tick()
    assert expired.what == clocks.EXPIRE and game.game_id == expired.outcome.game_id


async def test_a_pause_stops_the_clock_and_resume_gives_back_the_time_left(
    store: Store, time: FakeTime
) -> None:
    service = Service(store, now=time)
    game = await service.create("verflixte6", ["1", "2"], {})
    time.wait(300)
    assert [n.what for n in await service.clocks.tick()] == [clocks.REMIND]
    time.wait(200)
    await service.host.do(game.game_id, "99", "pause")
    time.wait(86_400)
    assert [n.what for n in await service.clocks.tick()] == []
    await service.host.do(game.game_id, "99", "resume")
    time.wait(99)
    assert await service.clocks.tick() == []
    time.wait(1)
    assert [n.what for n in await service.clocks.tick()] == [clocks.EXPIRE]


async def test_wait_instead_of_the_rule_leaves_the_decision_to_the_host(
    store: Store, time: FakeTime
) -> None:
    service = Service(store, now=time)
    game = await service.create("verflixte6", ["1", "2"], {"on_timeout": "wait"})
    time.wait(600)
    assert [n.what for n in await service.clocks.tick()] == [clocks.WAIT]
    time.wait(3600)
    assert await service.clocks.tick() == []
    assert service.tables.current(game.game_id).to_act == ["1"]  # nobody played for him
    assert len(store.events(game.game_id)) == 1


async def test_a_lobby_nobody_starts_closes_itself(store: Store, time: FakeTime) -> None:
    service = Service(store, now=time)
    lobby = await service.open_lobby("teufel", "1")
    time.wait(clocks.LOBBY_SECONDS - 1)
    assert await service.clocks.tick() == []
    time.wait(1)
    [closed] = await service.clocks.tick()
    assert closed.what == "closed" and closed.outcome.status == "aborted"
    with pytest.raises(IllegalAction):
        await service.act(lobby.game_id, "2", Action("join"))


@pytest.mark.parametrize(
    ("kind", "players"),
    [
        ("teufel", ["1", "2", "3"]),
        ("flaschenteufel", ["1", "2", "3"]),
        ("dicedevils", ["1", "2", "3"]),
        ("verflixte6", ["1", "2", "3"]),
    ],
)
async def test_every_game_moves_on_when_time_is_up(
    store: Store, time: FakeTime, kind: str, players: list[str]
) -> None:
    """Nobody answers at all: each expiry plays the absence rule for those waiting, and the
    table keeps moving (new decisions, new players) instead of hanging."""
    service = Service(store, now=time)
    game = await service.create(kind, players, {})
    versions = [service.tables.current(game.game_id).version]
    for _ in range(6):
        time.wait(600)
        notices = [n for n in await service.clocks.tick() if n.what == clocks.EXPIRE]
        assert len(notices) == 1
        acted = _acted(notices[0].outcome)
        assert acted and {p for p, _ in acted} <= set(notices[0].players)
        versions.append(service.tables.current(game.game_id).version)
        if service.tables.current(game.game_id).finished:
            break
    assert versions == sorted(set(versions))  # every expiry moved the game on
    logged = [r for r in store.events(game.game_id) if r.action.get("by_croupier")]
    assert len(logged) >= 6 or service.tables.current(game.game_id).finished


async def test_a_host_ends_a_table_and_its_results_so_far_are_kept(store: Store) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {})
    await service.act(game.game_id, "1", Action("jokers", {"jokers": []}))
    ended = await service.host.end_table(game.game_id, "99", "Feierabend")
    assert ended.status == "aborted" and ended.seed is not None
    [event] = ended.events
    assert event["type"] == "end" and event["host"] == "99" and "1" in event["result"]
    with pytest.raises(IllegalAction, match=r"game\.over"):
        await service.act(game.game_id, "1", Action("stopp"))
    assert service.clocks.of(game.game_id).deadline is None


async def test_a_replacement_takes_over_seat_state_and_turn(store: Store) -> None:
    service = Service(store)
    game = await service.create("flaschenteufel", ["1", "2", "3"], {})
    before = service.tables.current(game.game_id)
    outcome = await service.host.replace_player(game.game_id, "99", "2", "7", "musste weg")
    assert outcome.players == ["1", "7", "3"]
    assert outcome.private["7"]["hand"] == before.private["2"]["hand"]
    assert "2" not in outcome.private
    with pytest.raises(IllegalAction, match=r"host\.not_seated"):
        await service.host.replace_player(game.game_id, "99", "2", "8")
    with pytest.raises(IllegalAction, match=r"game\.already_seated"):
        await service.host.replace_player(game.game_id, "99", "1", "3")
    restarted = Service(Store(store.engine))
    restarted.tables.load_open_games()
    assert restarted.tables.current(game.game_id).private["7"] == outcome.private["7"]


async def test_a_kicked_player_is_played_by_the_absence_rule_at_once(store: Store) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {})
    outcome = await service.host.kick(game.game_id, "99", "1", "offline")
    assert outcome.to_act == ["2"]  # his turn was played there and then
    assert _acted(outcome)[0] == ("1", {"do": "jokers", "jokers": []})
    await service.act(game.game_id, "2", Action("jokers", {"jokers": []}))
    after = await service.act(game.game_id, "2", Action("stopp"))
    assert "1" not in after.to_act  # his next turn (if any) was played at once too


async def test_clock_settings_are_logged_and_validated(store: Store, time: FakeTime) -> None:
    service = Service(store, now=time)
    game = await service.create("verflixte6", ["1", "2"], {})
    await service.host.set_clock(game.game_id, "99", seconds=60)
    assert service.clocks.of(game.game_id).deadline == time.value + timedelta(seconds=60)
    await service.host.set_clock(game.game_id, "99", seconds=0)
    assert service.clocks.of(game.game_id).deadline is None
    with pytest.raises(IllegalAction, match=r"game\.bad_clock"):
        await service.host.set_clock(game.game_id, "99", on_timeout="später")
    assert store.events(game.game_id)[-1].action == {
        "do": "clock",
        "seconds": 0,
        "on_timeout": None,
    }


async def test_a_game_with_a_replacement_still_verifies(store: Store) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 1})
    await service.host.replace_player(game.game_id, "99", "2", "7", "musste weg")
    await service.host.kick(game.game_id, "99", "1")
    outcome = await service.host.kick(game.game_id, "99", "7")
    assert outcome.finished
    assert outcome.players == ["1", "7"]
    assert service.records.audit(game.game_id) == []
    assert any(r.actor == "7" for r in store.events(game.game_id))


async def test_a_clock_moved_on_by_another_process_is_read_anew(
    store: Store, time: FakeTime
) -> None:
    first = Service(store, now=time)
    game = await first.create("verflixte6", ["1", "2"], {})
    second = Service(Store(store.engine), now=time)
    second.tables.load_open_games()  # its copy: player 1 to decide
    time.wait(100)
    await first.act(game.game_id, "1", Action("jokers", {"jokers": []}))
    await first.act(game.game_id, "1", Action("stopp"))  # player 2's clock runs since 100
    time.wait(600)
    [expired] = await second.clocks.tick()
    assert expired.what == clocks.EXPIRE and expired.players == ("2",)
    assert {r.actor for r in store.events(game.game_id) if r.action.get("by_croupier")} == {"2"}


async def test_a_clock_at_another_process_s_table_waits_until_its_moves_are_shown(
    store: Store, time: FakeTime
) -> None:
    """The clock's process plays no clock at a table of another process's server while the
    database shows that process still drawing its last move: both would draw the table at
    once, each closing and posting its messages unaware of the other's (issue 44)."""
    service = Service(store, now=time)
    game = await service.create("verflixte6", ["1", "2"], {}, guild_id=5 << 22)
    elsewhere = lambda guild: guild != 5 << 22  # noqa: E731
    time.wait(300)
    assert await service.clocks.tick(elsewhere) == []  # its first version not shown yet
    assert store.get(game.game_id).version == game.version
    service.outbox.delivered(game.game_id, game.version, durable=True)  # now it is
    assert [n.what for n in await service.clocks.tick(elsewhere)] == [clocks.REMIND]
    assert [n.what for n in await service.clocks.tick()] == []  # the owner's own: no wait
