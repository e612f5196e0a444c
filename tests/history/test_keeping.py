"""The history is kept as games end: folded once right after the finishing action, never
for a game still running or aborted, caught up after a crash, and set right when a
tournament is corrected after its end."""

from __future__ import annotations

import logging

import pytest
from sqlmodel import col, select

from bot.engine import Action
from bot.history.keeping import catch_up, fold_game
from bot.history.rebuild import rebuild
from bot.service import Service
from bot.store import DrawTally, GameResult, PlayerMeasure, Store
from tests.history.playing import play_game, play_tournament
from tests.history.test_rebuild import rows


def measure(store: Store, player: str, kind: str, name: str, guild_id: int = 1) -> float:
    with store._session() as session:
        row = session.get(PlayerMeasure, (guild_id, player, kind, name))
    return 0.0 if row is None else row.value


async def test_a_game_is_folded_once_when_it_ends(store: Store) -> None:
    service = Service(store)
    outcome = await play_game(service, "dicedevils", ["a", "b", "c"], {}, seed=2)
    with store._session() as session:
        result = session.get(GameResult, outcome.game_id)
        assert result is not None and sorted(result.places.values())[0] == 1
        drawn = sum(len(e.draws) for e in store.events(outcome.game_id))
        tallied = session.exec(select(DrawTally).where(DrawTally.game_id == outcome.game_id))
        assert sum(t.count for t in tallied) == drawn > 0
    assert result.finished_at == store.events(outcome.game_id)[-1].created_at
    assert measure(store, "a", "dicedevils", "games") == 1
    assert fold_game(store, outcome.game_id) is False  # folded already: nothing doubles
    assert catch_up(store) == 0
    assert measure(store, "a", "dicedevils", "games") == 1


async def test_running_and_aborted_games_are_not_folded(store: Store) -> None:
    service = Service(store)
    running = await service.create("verflixte6", ["a", "b"], guild_id=1)
    lobby = await service.open_lobby("teufel", "a", guild_id=1)
    await service.act(lobby.game_id, "a", Action("leave"))  # the lobby is aborted
    assert fold_game(store, running.game_id) is False
    assert fold_game(store, lobby.game_id) is False
    assert catch_up(store) == 0
    assert rows(store)["GameResult"] == []


async def test_a_fold_lost_in_a_crash_is_caught_up(store: Store) -> None:
    service = Service(store)
    service.finished_listeners = []  # the process died between the commit and the fold
    first = await play_game(service, "verflixte6", ["a", "b"], {}, seed=1)
    second = await play_game(service, "flaschenteufel", ["a", "b", "c"], {}, seed=1)
    assert rows(store)["GameResult"] == []
    assert catch_up(store) == 2
    with store._session() as session:
        folded = session.exec(select(GameResult.game_id).order_by(col(GameResult.finished_at)))
        assert list(folded) == [first.game_id, second.game_id]
    kept = rows(store)
    rebuild(store)
    assert rows(store) == kept


async def test_a_failing_fold_leaves_the_action_and_the_start_standing(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(store: Store, game_id: int) -> bool:
        raise RuntimeError("disk full")

    monkeypatch.setattr("bot.history.keeping.fold_game", broken)
    service = Service(store)
    with caplog.at_level(logging.ERROR, "bot.history.keeping"):
        outcome = await play_game(service, "verflixte6", ["a", "b"], {}, seed=1)
    assert outcome.finished and "not folded" in caplog.text
    assert catch_up(store) == 0  # still failing: logged, and the start goes on
    monkeypatch.undo()
    assert catch_up(store) == 1


async def test_a_tournament_corrected_after_its_end_is_folded_anew(store: Store) -> None:
    service = Service(store)
    players = [str(1000 + i) for i in range(6)]
    end = await play_tournament(service, players)
    finale = end.public["rounds"][-1]
    champion = end.public["champion"]
    other = next(line["player"] for line in finale["groups"][0]["table"][1:])
    assert measure(store, champion, "turnier", "wins") == 1
    fix = {"target": other, "points": 99, "eyes": 99, "group": 1, "reason": "typo", "host": True}
    corrected = await service.act(end.game_id, "host", Action("correct", fix))
    assert measure(store, champion, "turnier", "wins") == 1  # a follow-up, not yet made
    await service.settle(corrected)
    assert corrected.public["champion"] == other
    assert measure(store, other, "turnier", "wins") == 1
    assert measure(store, other, "turnier", "finale.1") == 1
    assert measure(store, champion, "turnier", "wins") == 0
    assert measure(store, champion, "turnier", "games") == 1
    kept = rows(store)
    rebuild(store)
    assert rows(store) == kept


async def test_a_correction_lost_in_a_crash_or_reopening_a_tournament_is_caught_up(
    store: Store,
) -> None:
    service = Service(store)
    end = await play_tournament(service, [str(1000 + i) for i in range(6)])
    champion = end.public["champion"]
    finale = end.public["rounds"][-1]["groups"][0]["table"]
    other = finale[1]["player"]
    listeners = service.finished_listeners
    service.finished_listeners = listeners[1:]  # the process dies before the history hears
    fix = {"target": other, "points": 99, "eyes": 99, "group": 1, "reason": "typo", "host": True}
    await service.act(end.game_id, "host", Action("correct", fix))
    assert measure(store, champion, "turnier", "wins") == 1  # stale
    assert catch_up(store) == 1
    assert measure(store, other, "turnier", "wins") == 1
    assert measure(store, champion, "turnier", "wins") == 0

    first_round = end.public["rounds"][0]["groups"][0]
    out = next(line["player"] for line in first_round["table"][2:])  # went out in round 1
    reopen = {"target": out, "points": 99, "eyes": 99, "group": 1, "round": 1,
              "reason": "typo", "host": True, "confirm": True}  # fmt: skip
    reopened = await service.act(end.game_id, "host", Action("correct", reopen))
    assert not reopened.finished  # a round drawn anew: the tournament runs again
    assert catch_up(store) == 1
    with store._session() as session:
        assert session.get(GameResult, end.game_id) is None
    assert measure(store, other, "turnier", "games") == 0
    kept = rows(store)
    rebuild(store)
    assert rows(store) == kept
