"""Computer seats through the service: seated in a lobby by its host, playing their turns
through the one write path (logged, verifiable), and standing in for an absent player."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.computer_players import player
from bot.engine import Action, IllegalAction
from bot.lobby import Lobby, lobby_action
from bot.play.computer_seats import ComputerSeats
from bot.players import LEVELS
from bot.players.seats import COMPUTERS_RATED, is_computer
from bot.service import Service
from bot.store import Store


async def play_computers(service: Service, limit: int = 500) -> int:
    """Play every decision computers owe until none is owed; how many were played."""
    for played in range(limit):
        turns = list(service.computers.due())
        if not turns:
            return played
        question = service.computers.question(turns[0])
        assert question is not None
        await service.computers.play(turns[0], ComputerSeats.decide(question))
    raise AssertionError("the computers did not stop")


async def person_moves(service: Service, game: int, person: str) -> None:
    """The person's one decision (as "leicht" would take it)."""
    current = service.tables.current(game)
    seat = current.players.index(person)
    await service.act(
        game, person, player("verflixte6", "leicht").decide(current.private[person], seat)
    )


def test_only_the_host_seats_and_removes_computers() -> None:
    lobby = Lobby("1", ["1", "2"], 2, 3)
    with pytest.raises(IllegalAction, match=r"lobby\.only_host_computers"):
        lobby.act(LEVELS, "2", lobby_action("computer", ["add:leicht"]))
    with pytest.raises(IllegalAction, match=r"lobby.no_such_level"):
        lobby.act(LEVELS, "1", lobby_action("computer", ["add:meister"]))
    lobby.act(LEVELS, "1", lobby_action("computer", ["add:stark"]))
    assert lobby.players == ["1", "2", "cpu:stark:1"]
    with pytest.raises(IllegalAction, match=r"lobby.full"):
        lobby.act(LEVELS, "1", lobby_action("computer", ["add:leicht"]))
    with pytest.raises(IllegalAction, match=r"lobby\.only_host_computers"):
        lobby.act(LEVELS, "2", lobby_action("computer", ["remove:cpu:stark:1"]))
    with pytest.raises(IllegalAction, match=r"lobby.no_such_computer"):
        lobby.act(LEVELS, "1", lobby_action("computer", ["remove:2"]))
    (event,) = lobby.act(LEVELS, "1", lobby_action("computer", ["remove:cpu:stark:1"]))
    assert event.to_dict() == {"type": "computer", "player": "cpu:stark:1", "by": "1",
                               "seated": False}  # fmt: skip
    assert lobby.players == ["1", "2"]


def test_a_computer_never_hosts_and_alone_keeps_no_table_open() -> None:
    lobby = Lobby("1", ["1"], 2, 4)
    lobby.act(LEVELS, "1", lobby_action("computer", ["add:leicht"]))
    lobby.join("2")
    lobby.leave("1")
    assert lobby.host == "2" and not lobby.empty
    lobby.leave("2")
    assert lobby.empty  # only the computer sits: the service closes the table
    with pytest.raises(IllegalAction, match=r"lobby.not_joined"):
        lobby.leave("cpu:leicht:1")


async def test_a_table_with_computers_plays_to_its_end_through_the_log(store: Store) -> None:
    service = Service(store)
    opened = await service.open_lobby("verflixte6", "1", {"durchgaenge": 2})
    game = opened.game_id
    await service.act(game, "1", Action("computer", {"add": "stark"}))
    await service.act(game, "1", Action("computer", {"add": "leicht"}))
    await service.act(game, "1", Action("rated"))
    with pytest.raises(IllegalAction, match=r"lobby\.only_host_computers"):
        await service.act(game, "2", Action("rated"))
    started = await service.act(game, "1", Action("start"))
    assert started.players == ["1", "cpu:stark:1", "cpu:leicht:2"]
    assert service.tables.options(game)[COMPUTERS_RATED] is True
    assert store.get(game).options[COMPUTERS_RATED] is True  # stored with the start
    while not service.tables.is_over(game):
        played = await play_computers(service)
        current = service.tables.current(game)
        if current.status != "open":
            break
        assert current.to_act == ["1"] and played >= 0  # the person's turn
        await person_moves(service, game, "1")
    log = store.events(game, store.get(game).version)
    actors = {row.actor for row in log}
    assert {"cpu:stark:1", "cpu:leicht:2"} <= actors  # each computer acted as itself
    assert service.tables.stored_state(game) == service.games["verflixte6"].dump(
        service.tables.get(game).state
    )  # the log, played again, is the game


async def test_a_computer_stands_in_for_an_absent_player_until_he_takes_back(
    store: Store,
) -> None:
    service = Service(store)
    started = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 3})
    game = started.game_id
    await service.host.kick(game, "9", "2", "weg", stand_in=True)
    assert list(service.computers.due()) == []  # "1" is to act, not "2"
    while "2" not in service.tables.current(game).to_act:
        await person_moves(service, game, "1")
    (turn,) = service.computers.due()
    assert turn.player == "2" and turn.level == "stark"
    await play_computers(service)
    rows = store.events(game, store.get(game).version)
    by_computer = [r for r in rows if r.actor == "2" and r.action.get("by_croupier")]
    assert by_computer and all(r.action["by_croupier"] == "computer" for r in by_computer)
    with pytest.raises(IllegalAction, match=r"host.no_stand_in"):
        await service.host.take_back(game, "1")
    await service.host.take_back(game, "2")
    assert service.clocks.of(game).stand_in == []
    # after a restart the stand-in is read from the stored clock
    await service.host.kick(game, "9", "2", stand_in=True)
    again = Service(store)
    again.tables.load_open_games()
    if again.tables.current(game).to_act == ["2"]:
        assert [t.player for t in again.computers.due()] == ["2"]
    assert again.clocks.of(game).stand_in == ["2"]
    assert not any(is_computer(p) for p in again.tables.current(game).players)


@pytest.mark.parametrize(
    ("verb", "values", "action"),
    [
        ("join", [], Action("join")),
        ("leave", [], Action("leave")),
        ("start", [], Action("start")),
        ("rated", [], Action("rated")),
        ("computer", ["add:stark"], Action("computer", {"add": "stark"})),
        ("computer", ["remove:cpu:leicht:2"], Action("computer", {"remove": "cpu:leicht:2"})),
    ],
)
def test_every_lobby_control_reads_as_its_action(
    verb: str, values: list[str], action: Action
) -> None:
    assert lobby_action(verb, values) == action


async def test_when_the_clock_runs_out_a_computer_plays_on_until_he_takes_back(
    store: Store,
) -> None:
    now = [datetime(2026, 11, 27, 20, 0, tzinfo=UTC)]
    service = Service(store, now=lambda: now[0])
    options = {"durchgaenge": 2, "clock_seconds": 60, "on_timeout": "computer"}
    game = (await service.create("verflixte6", ["1", "2"], options)).game_id
    now[0] += timedelta(seconds=31)
    assert [n.what for n in await service.clocks.tick()] == ["remind"]
    assert list(service.computers.due()) == []  # reminded, not taken over yet
    now[0] += timedelta(seconds=30)
    (notice,) = await service.clocks.tick()
    assert notice.what == "computer" and notice.players == ("1",)
    assert [turn.player for turn in service.computers.due()] == ["1"]
    assert service.clocks.of(game).deadline is None  # the computer acts, not the clock
    await play_computers(service)
    assert "1" not in service.tables.current(game).to_act
    await service.host.take_back(game, "1")
    assert service.clocks.of(game).stand_in == []
