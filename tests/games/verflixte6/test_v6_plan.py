"""Die verflixte 6's plan, read without Discord: a weiter edits the turn's message; a
typed command's lines answer it; a Durchgang's end closes the turn, posts its result with
the picture and opens the next turn's message."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action
from bot.games.verflixte6.render import lines
from bot.plugins import GAMES
from bot.service import Outcome
from bot.store import Store
from cogs.games.verflixte6.show import plan
from cogs.pipeline.plans import NewTable, Post, PromptsMovedOn, Reply, Table
from tests.helpers.engine_state import engine_state
from tests.helpers.plans import delivery, kinds, play_until, seeded


def rolled(outcome: Outcome) -> bool:
    return any(e["type"] == "roll" for e in outcome.events) and not any(
        e["type"] in ("turn", "durchgang_end") for e in outcome.events
    )


def durchgang_ended(outcome: Outcome) -> bool:
    return any(e["type"] == "durchgang_end" for e in outcome.events) and not outcome.finished


async def test_a_weiter_edits_the_turn_s_message(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 2})
    outcome = await play_until(service, outcome, rolled)
    assert kinds(plan(delivery(service, outcome), None)) == ["Table", "PromptsMovedOn"]
    typed = plan(delivery(service, outcome), None, typed=True)
    assert isinstance(typed[0], Reply) and typed[0].text and not typed[0].public


async def test_a_durchgang_s_end_posts_its_result_and_opens_the_next_turn(store: Store) -> None:
    service = seeded(store)
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 2})
    outcome = await play_until(service, outcome, durchgang_ended)
    closing, *rest = plan(delivery(service, outcome), None)
    assert isinstance(closing, Table) and not closing.card.rows
    end = next(e for e in outcome.events if e["type"] == "durchgang_end")
    result = next(s for s in rest if isinstance(s, Post))
    assert result.part == "result" and result.cause is end and result.card is not None
    assert [p.name for p in result.card.pictures] == ["durchgang"]
    assert isinstance(rest[-2], NewTable) and isinstance(rest[-1], PromptsMovedOn)


async def test_a_turn_s_steps_are_described_once_however_often_its_message_is_shown(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each click shows the whole turn again; only the click's new steps are described,
    and the lines are the same as described afresh."""
    service = seeded(store)
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 2})
    outcome = await play_until(service, outcome, rolled)
    plan(delivery(service, outcome), None)
    outcome = await service.act(outcome.game_id, outcome.to_act[0], Action("weiter"))
    assert rolled(outcome)  # the same turn goes on (the dice are fixed)
    calls: list[object] = []
    real = lines.describe
    monkeypatch.setattr(lines, "describe", lambda e, *a: calls.append(e) or real(e, *a))
    shown = plan(delivery(service, outcome), None)[0]
    assert calls and all(any(e is c for e in outcome.events) for c in calls), calls
    monkeypatch.setattr(lines, "_lines", type(lines._lines)())  # nothing kept: all anew
    calls.clear()
    service.tables.get(outcome.game_id).extra.clear()  # the turn read back from the log
    assert plan(delivery(service, outcome), None)[0] == shown
    assert len(calls) > len(outcome.events)


async def test_a_durchgang_s_result_reads_its_events_without_the_log_while_the_table_runs(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every click's plan keeps the live Durchgang's events with the table: its result's
    picture then shows what the log says, without reading the log back."""
    service = seeded(store)
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 2})
    plan(delivery(service, outcome), None)
    reads: list[object] = []
    real = service.store.events_before
    monkeypatch.setattr(service.store, "events_before", lambda *a: reads.append(a) or real(*a))
    chooser = random.Random(3)
    while not durchgang_ended(outcome):
        assert not outcome.finished
        state = engine_state(service, outcome.game_id)
        seat = chooser.choice(sorted(GAMES["verflixte6"].to_act(state)))
        action = chooser.choice(GAMES["verflixte6"].legal_actions(state, seat))
        outcome = await service.act(outcome.game_id, outcome.players[seat], action)
        kept = [s for s in plan(delivery(service, outcome), None) if isinstance(s, Post)]
    assert reads == []
    picture = kept[0].card.pictures[0] if kept and kept[0].card else None
    service.tables.get(outcome.game_id).extra.clear()  # the same outcome, read from the log
    again = [s for s in plan(delivery(service, outcome), None) if isinstance(s, Post)]
    assert reads and picture is not None and again[0].card is not None
    assert again[0].card.pictures[0].description == picture.description


async def test_the_evening_s_end_follows_its_last_durchgang_s_result(store: Store) -> None:
    """The channel reads in the order things happened: the last turn's message closes
    like any Durchgang's last (no "Nochmal" on it), the Durchgang's result follows, and the
    evening's table with its picture comes last, as the table's new message."""
    service = seeded(store)
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 1})
    outcome = await play_until(service, outcome, lambda o: o.finished)
    steps = plan(delivery(service, outcome), None)
    assert kinds(steps)[:3] == ["Table", "Post", "NewTable"], kinds(steps)
    closing, result, end = steps[:3]
    assert isinstance(closing, Table) and closing.what == "closing" and not closing.card.rows
    assert "durchgang" not in [p.name for p in closing.card.pictures]
    assert isinstance(result, Post) and result.part == "result" and result.card is not None
    assert isinstance(end, NewTable) and end.cause is not None
    assert end.cause["type"] == "abend_end"
    assert [p.name for p in end.card.pictures] == ["abend"]
