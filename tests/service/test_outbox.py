"""The outbox's record: a version is owed from its commit until Discord accepted what it
owes; marks advance without gaps and survive a restart once written."""

from __future__ import annotations

import time

import pytest

from bot.engine import Action
from bot.play import outbox as outbox_module
from bot.play.outbox import Outbox
from bot.play.outcome import merge
from bot.service import Service
from bot.store import Store


def owing(store: Store) -> list[tuple[int, int, int]]:
    """(game, announced, version) of the games that owe announcements, as stored."""
    return [(game_id, announced, version) for game_id, announced, version, _ in store.unannounced()]


async def game(service: Service) -> int:
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 1})
    return outcome.game_id


async def test_every_commit_is_owed_until_delivered_and_the_mark_is_stored(store: Store) -> None:
    service = Service(store)
    game_id = await game(service)
    assert service.outbox.pending() == {game_id: (0, 1)}  # its table message
    await service.act(game_id, "1", Action("jokers", {"jokers": []}))
    assert service.outbox.pending() == {game_id: (0, 2)}
    assert owing(store) == [(game_id, 0, 2)]  # the durable record: version > mark

    service.outbox.delivered(game_id, 2)  # out of order: 1 still owed
    assert service.outbox.pending() == {game_id: (0, 2)}
    service.outbox.delivered(game_id, 1)
    assert service.outbox.pending() == {}
    assert owing(store) == [(game_id, 0, 2)]  # an edit-only mark waits for the batch
    service.outbox.flush()
    assert owing(store) == []

    restarted = Service(store)
    assert restarted.outbox.load() == 0


async def test_a_delivery_that_posted_is_marked_at_once(store: Store) -> None:
    service = Service(store)
    game_id = await game(service)
    service.outbox.delivered(game_id, 1, durable=True)
    assert owing(store) == []


async def test_a_restart_finds_what_was_owed_and_it_is_due_at_once(store: Store) -> None:
    service = Service(store)
    game_id = await game(service)
    await service.act(game_id, "1", Action("jokers", {"jokers": []}))
    service.outbox.delivered(game_id, 1)
    service.outbox.flush()
    assert service.outbox.due() == []  # version 2 is its click's to deliver (grace time)

    restarted = Service(store)
    assert restarted.outbox.load() == 1
    assert restarted.outbox.due() == [(game_id, [2])]  # committed before the restart
    assert restarted.tables.owed(game_id, [2]).events[0]["type"] == "jokers"


async def test_each_event_knows_the_version_that_logged_it(store: Store) -> None:
    """A redelivery of several versions, and a click's outcome merged with the absence
    rule's, tag each event with its version: a post's nonce is keyed by it."""
    service = Service(store)
    game_id = await game(service)
    jokers = await service.act(game_id, "1", Action("jokers", {"jokers": []}))
    rolled = await service.act(game_id, jokers.to_act[0], Action("weiter"))
    logged = {row.seq: len(row.events) for row in store.events(game_id)}
    owed = service.tables.owed(game_id, [1, 2, 3])
    assert owed.event_versions == tuple(v for v, n in sorted(logged.items()) for _ in range(n))
    assert service.tables.owed(game_id, [3]).event_versions == (3,) * logged[3]
    assert jokers.event_versions == (2,) * len(jokers.events)  # a click's own: one version
    merged = merge(jokers, rolled)
    assert merged.event_versions == (2,) * len(jokers.events) + (3,) * len(rolled.events)
    assert merge(merged, rolled).event_versions[-1] == 3


async def test_failures_back_off_and_the_grace_time_protects_a_click(store: Store) -> None:
    service = Service(store)
    game_id = await game(service)
    now = time.monotonic()
    assert service.outbox.due(now) == []
    later = now + outbox_module.GRACE_SECONDS
    assert service.outbox.due(later) == [(game_id, [1])]
    assert service.outbox.failed(game_id, later) == 1
    assert service.outbox.due(later + 1.9) == []  # backing off
    assert service.outbox.due(later + 2) == [(game_id, [1])]
    assert service.outbox.failed(game_id, later + 2) == 2
    assert service.outbox.due(later + 5.9) == []
    service.outbox.gave_up(game_id, 1)
    assert service.outbox.pending() == {} and store.unannounced() == []


def test_a_failed_flush_keeps_its_marks(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    outbox = Outbox(store)
    outbox.owe(5, 1)
    outbox.delivered(5, 1)

    def broken(marks: object) -> None:
        raise RuntimeError("database gone")

    monkeypatch.setattr(store, "set_announced", broken)
    with pytest.raises(RuntimeError):
        outbox.flush()
    monkeypatch.undo()
    calls: list[dict[int, int]] = []
    monkeypatch.setattr(store, "set_announced", calls.append)
    outbox.flush()
    assert calls == [{5: 1}]
