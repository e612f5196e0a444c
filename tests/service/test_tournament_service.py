"""A tournament through the service: stored, logged, fed by its group games, auditable."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import Action, IllegalAction
from bot.play.outcome import FollowUp
from bot.play.tournaments import group_of
from bot.service import Outcome, Service
from bot.store import Store

PLAYERS = [str(1000 + i) for i in range(8)]
HOST = "999"
"""Ids are Discord's (digits): a word for an id could be a key of the state, which the
export's pseudonyms would replace too (bot.engine.chain)."""


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
    """What the Discord layer does after a draw, without threads: each group's table, as
    the tournament's workflow opens and links it."""
    games = []
    for group in tournament.public["rounds"][-1]["groups"]:
        table, _ = await service.tournaments.open_group(tournament.game_id, group["number"], None)
        games.append(table.game_id)
    return games


async def test_a_whole_tournament_through_the_service(store: Store) -> None:
    service = Service(store)
    created = await service.create("turnier", [HOST], {"name": "Herbst", "durchgaenge": 1})
    tid = created.game_id
    for player in PLAYERS:
        await service.act(tid, player, Action("register"))
    with pytest.raises(IllegalAction, match=r"tour\.already_registered"):
        await service.act(tid, PLAYERS[0], Action("register"))
    with pytest.raises(IllegalAction, match=r"tour\.host_only"):
        await service.act(tid, PLAYERS[0], Action("close"))
    with pytest.raises(IllegalAction, match=r"tour\.host_only"):
        await service.act(tid, PLAYERS[0], Action("record", {"group": 1, "lines": []}))
    drawn = await service.act(tid, HOST, Action("close"))
    assert drawn.events[-1]["type"] == "round"
    assert sorted(p for g in drawn.events[-1]["groups"] for p in g) == sorted(PLAYERS)

    first_round = await start_groups(service, drawn)
    assert len(first_round) == 2
    await service.settle(await play_out(service, first_round[0]))
    last = await play_out(service, first_round[1])
    (linked,) = await service.settle(last)
    assert [e["type"] for e in linked.events] == ["group_table", "round"]
    assert linked.events[-1]["finale"] is True

    finale = await start_groups(service, service.tables.current(tid))
    assert service.tables.current(finale[0]).public["finale"] is True
    end = await play_out(service, finale[0])
    (final,) = await service.settle(end)
    assert final.events[-1]["type"] == "champion"
    assert final.finished and final.public["champion"] in PLAYERS
    assert service.records.audit(tid) == []  # every draw verifies and the log replays to the state


async def test_a_result_lost_in_a_crash_is_recorded_after_the_restart(store: Store) -> None:
    service = Service(store)
    created = await service.create("turnier", [HOST], {"durchgaenge": 1})
    for player in PLAYERS[:4] + PLAYERS[4:]:
        await service.act(created.game_id, player, Action("register"))
    drawn = await service.act(created.game_id, HOST, Action("close"))
    games = await start_groups(service, drawn)

    def crash(table: Any) -> list[FollowUp]:
        return []  # the process died before the tournament heard of the result

    service.finished_listeners = [crash]  # the tournament never hears of it
    await play_out(service, games[0])
    restarted = Service(Store(store.engine))
    restarted.tables.load_open_games()
    (recorded,) = await restarted.tournaments.reconcile()
    assert recorded.events[0]["type"] == "group_table"
    assert await restarted.tournaments.reconcile() == []


async def test_a_group_table_a_crash_left_unlinked_is_taken_not_doubled(store: Store) -> None:
    """A restart finishes a half-done start: the table already opened in the group's
    thread is linked; a group without one gets its own, with the tournament's options."""
    service = Service(store)
    created = await service.create(
        "turnier", [HOST], {"durchgaenge": 1, "clock_seconds": 300, "on_timeout": "wait"}
    )
    tid = created.game_id
    for player in PLAYERS:
        await service.act(tid, player, Action("register"))
    drawn = await service.act(tid, HOST, Action("close"))
    first, second = drawn.public["rounds"][-1]["groups"]
    made = await service.create("verflixte6", first["players"], {}, channel_id=77)
    table, linked = await service.tournaments.open_group(tid, first["number"], 77)
    assert table.game_id == made.game_id
    assert table.events[0]["type"] == made.events[0]["type"]  # what its first message shows
    assert group_of(linked, first["number"])["game_id"] == made.game_id  # type: ignore[index]
    other, linked = await service.tournaments.open_group(tid, second["number"], 78)
    assert other.game_id not in (tid, made.game_id)
    assert group_of(linked, second["number"])["game_id"] == other.game_id  # type: ignore[index]
    options = service.tables.options(other.game_id)
    assert options["tournament"] == {"id": tid, "round": 1, "group": second["number"]}
    assert (options["clock_seconds"], options["on_timeout"]) == (300, "wait")
    owed = service.outbox.due_for(tid, now=float("inf"))
    assert linked.version not in owed and linked.version - 1 not in owed  # links show nothing
