"""Tables start as lobbies: join, leave, start — stored like every other action."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction
from bot.lobby import Lobby
from bot.service import Service
from bot.store import Store


def test_lobby_rules() -> None:
    lobby = Lobby("1", ["1"], 2, 3)
    with pytest.raises(IllegalAction, match=r"lobby.already_joined"):
        lobby.join("1")
    with pytest.raises(IllegalAction, match=r"lobby.too_few"):
        lobby.check_start("1")
    lobby.join("2")
    lobby.join("3")
    with pytest.raises(IllegalAction, match=r"lobby.full"):
        lobby.join("4")
    with pytest.raises(IllegalAction, match=r"lobby.only_host"):
        lobby.check_start("2")
    lobby.leave("1")
    assert lobby.host == "2"
    with pytest.raises(IllegalAction, match=r"lobby.not_joined"):
        lobby.leave("1")


def test_the_invited_sit_in_their_order_and_their_seats_are_kept() -> None:
    """A rematch's lobby: the host "2" and the invited "1", "3" of a table of three; a
    stranger may take a seat only while more are free than the invited still need."""
    lobby = Lobby("2", ["2"], 2, 4, invited=["1", "2", "3"])
    assert lobby.awaited == ["1", "3"]
    lobby.join("9")  # 4 seats: 2 and 9 sit, 1 and 3 are awaited
    with pytest.raises(IllegalAction, match=r"lobby.reserved"):
        lobby.join("8")
    lobby.join("3")
    lobby.join("1")
    assert lobby.players == ["1", "2", "3", "9"]  # their former order, the stranger last
    assert lobby.awaited == []


async def test_a_table_goes_from_lobby_to_game(store: Store) -> None:
    service = Service(store)
    lobby = await service.open_lobby("verflixte6", "1", {"durchgaenge": 1}, channel_id=5)
    assert lobby.status == "lobby"
    assert lobby.seed_hash and lobby.seed is None
    assert lobby.public == {
        "lobby": {
            "host": "1",
            "players": ["1"],
            "min_players": 2,
            "max_players": 6,
            "invited": [],
            "computers_rated": False,
        },
        "options": {"durchgaenge": 1},
        "computers": ["leicht", "stark"],  # the levels its lobby offers (its card's select)
    }
    with pytest.raises(IllegalAction, match=r"lobby.not_started"):
        await service.act(lobby.game_id, "1", Action("weiter"))
    await service.act(lobby.game_id, "2", Action("join"))
    await service.act(lobby.game_id, "3", Action("join"))
    await service.act(lobby.game_id, "3", Action("leave"))
    with pytest.raises(IllegalAction, match=r"lobby.only_host"):
        await service.act(lobby.game_id, "2", Action("start"))
    started = await service.act(lobby.game_id, "1", Action("start"), nonce="click-1")
    assert started.status == "open"
    assert started.players == ["1", "2"]
    assert started.to_act == ["1"]
    assert [e["type"] for e in started.events][:2] == ["start", "durchgang"]
    with pytest.raises(IllegalAction, match=r"game.not_your_turn"):
        await service.act(lobby.game_id, "2", Action("jokers", {"jokers": []}))
    row = store.get(lobby.game_id)
    assert (row.status, row.players, row.version) == ("open", ["1", "2"], 5)


async def test_a_lobby_survives_a_restart(store: Store) -> None:
    service = Service(store)
    lobby = await service.open_lobby("verflixte6", "1")
    await service.act(lobby.game_id, "2", Action("join"))
    restarted = Service(Store(store.engine))
    assert restarted.tables.load_open_games() == 1
    outcome = await restarted.act(lobby.game_id, "1", Action("start"))
    assert outcome.players == ["1", "2"]


async def test_the_last_one_leaving_closes_the_lobby(store: Store) -> None:
    service = Service(store)
    lobby = await service.open_lobby("verflixte6", "1")
    outcome = await service.act(lobby.game_id, "1", Action("leave"))
    assert outcome.status == "aborted"
    assert Service(store).tables.load_open_games() == 0


async def test_a_game_started_from_a_lobby_audits_clean(store: Store) -> None:
    service = Service(store)
    lobby = await service.open_lobby("verflixte6", "1")
    await service.act(lobby.game_id, "2", Action("join"))
    outcome = await service.act(lobby.game_id, "1", Action("start"))
    while not outcome.finished:
        player = outcome.to_act[0]
        phase = outcome.public["turn"]["phase"]
        action = Action("jokers", {"jokers": []}) if phase == "jokers" else Action("stopp")
        if phase == "steal":
            action = Action("steal", {"victim": "2" if player == "1" else "1"})
        outcome = await service.act(lobby.game_id, player, action)
    assert service.records.audit(lobby.game_id) == []
