"""A tournament through the service: stored, logged, fed by its group games, auditable."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Action, IllegalAction
from bot.service import Outcome, Service
from bot.store import Store
from bot.tournament.game import SYSTEM

PLAYERS = [str(1000 + i) for i in range(8)]


async def play_out(service: Service, game_id: int) -> Outcome:
    """Every turn: no jokers, then stopp (a robbery victim is the first one offered)."""
    outcome = service.tables.current(game_id)
    while not outcome.finished:
        player = outcome.to_act[0]
        turn = outcome.public["turn"]
        action = Action("jokers", {"jokers": []}) if turn["phase"] == "jokers" else Action("stopp")
        outcome = await service.act(game_id, player, action)
    return outcome


async def start_groups(service: Service, tournament: Outcome) -> list[int]:
    """What the Discord layer does after a draw: one V6 game per group, linked back."""
    state: Any = tournament.public
    current = state["rounds"][-1]
    games = []
    for group in current["groups"]:
        options = {
            "durchgaenge": 4 if current["finale"] else state["durchgaenge"],
            "finale": current["finale"],
            "tournament": {
                "id": tournament.game_id,
                "round": current["number"],
                "group": group["number"],
            },
        }
        game = await service.create("verflixte6", group["players"], options)
        await service.act(
            tournament.game_id,
            SYSTEM,
            Action("game", {"group": group["number"], "game_id": game.game_id}),
        )
        games.append(game.game_id)
    return games


async def test_a_whole_tournament_through_the_service(store: Store) -> None:
    service = Service(store)
    created = await service.create("turnier", ["host"], {"name": "Herbst", "durchgaenge": 1})
    tid = created.game_id
    for player in PLAYERS:
        await service.act(tid, player, Action("register"))
    with pytest.raises(IllegalAction, match=r"tour\.already_registered"):
        await service.act(tid, PLAYERS[0], Action("register"))
    with pytest.raises(IllegalAction, match=r"tour\.host_only"):
        await service.act(tid, PLAYERS[0], Action("close"))
    with pytest.raises(IllegalAction, match=r"tour\.host_only"):
        await service.act(tid, PLAYERS[0], Action("record", {"group": 1, "lines": []}))
    drawn = await service.act(tid, "host", Action("close"))
    assert drawn.events[-1]["type"] == "round"
    assert sorted(p for g in drawn.events[-1]["groups"] for p in g) == sorted(PLAYERS)

    first_round = await start_groups(service, drawn)
    assert len(first_round) == 2
    await play_out(service, first_round[0])
    last = await play_out(service, first_round[1])
    (linked,) = last.linked
    assert [e["type"] for e in linked.events] == ["group_table", "round"]
    assert linked.events[-1]["finale"] is True

    finale = await start_groups(service, service.tables.current(tid))
    assert service.tables.current(finale[0]).public["finale"] is True
    end = await play_out(service, finale[0])
    (final,) = end.linked
    assert final.events[-1]["type"] == "champion"
    assert final.finished and final.public["champion"] in PLAYERS
    assert service.records.audit(tid) == []  # every draw verifies and the log replays to the state


async def test_a_result_lost_in_a_crash_is_recorded_after_the_restart(store: Store) -> None:
    service = Service(store)
    created = await service.create("turnier", ["host"], {"durchgaenge": 1})
    for player in PLAYERS[:4] + PLAYERS[4:]:
        await service.act(created.game_id, player, Action("register"))
    drawn = await service.act(created.game_id, "host", Action("close"))
    games = await start_groups(service, drawn)

    async def crash(table: Any) -> list[Outcome]:
        return []  # the process died before the tournament heard of the result

    service.finished_listeners = [crash]  # the tournament never hears of it
    await play_out(service, games[0])
    restarted = Service(Store(store.engine))
    restarted.tables.load_open_games()
    (recorded,) = await restarted.tournaments.reconcile()
    assert recorded.events[0]["type"] == "group_table"
    assert await restarted.tournaments.reconcile() == []
