"""The outbox's record: a version is owed from its commit until Discord accepted what it
owes; marks advance without gaps and survive a restart once written."""

from __future__ import annotations

import time

import pytest

from bot.cluster.notices import GameNotice
from bot.engine import Action, IllegalAction
from bot.play import outbox as outbox_module
from bot.play.outbox import Outbox
from bot.play.outcome import merge
from bot.service import Service
from bot.store import Store

GUILD = 5 << 22


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


async def test_the_marks_are_written_with_the_next_action(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A delivery's marks ride with the next action's transaction (no transaction of their
    own); a commit that fails keeps them for the next write."""
    service = Service(store)
    game_id, other = await game(service), await game(service)
    service.outbox.delivered(game_id, 1)
    assert owing(store) == [(game_id, 0, 1), (other, 0, 1)]
    await service.act(other, "1", Action("jokers", {"jokers": []}))
    assert owing(store) == [(other, 0, 2)]  # the other game's action wrote the mark

    service.outbox.delivered(other, 1)
    with pytest.raises(IllegalAction):  # a refused action writes nothing, keeps the mark
        await service.act(other, "1", Action("jokers", {"jokers": []}), expected_version=1)
    broken = service.store.append

    def failing(*args: object, **kwargs: object) -> object:
        raise RuntimeError("database gone")

    monkeypatch.setattr(service.store, "append", failing)
    table = service.tables.get(other)
    player = service.tables.current(other).to_act[0]
    rule = service.games[table.row.kind].absence_action(
        table.state, table.row.players.index(player)
    )
    assert rule is not None
    with pytest.raises(RuntimeError):
        await service.act(other, player, rule)
    monkeypatch.setattr(service.store, "append", broken)
    assert owing(store) == [(other, 0, 2)]
    service.outbox.flush()  # the mark kept from the failed commits
    assert owing(store) == [(other, 1, 2)]


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


async def _absent(service: Service, game_id: int) -> int:
    """Whoever is to act plays on as the absence rule would (what a clock does)."""
    table = service.tables.get(game_id)
    player = service.tables.current(game_id).to_act[0]
    rule = service.games[table.row.kind].absence_action(
        table.state, table.row.players.index(player)
    )
    assert rule is not None
    return (await service.act(game_id, player, rule)).version


def _notice(game_id: int, version: int) -> GameNotice:
    return GameNotice(game_id, version, "open", GUILD, None, True, False, False)


async def test_another_process_s_versions_are_its_own_to_draw_skipped_notices_too(
    store: Store,
) -> None:
    """Issue 44, "a table drawn twice": the clock's process plays several versions in a row
    at the owner's table; the owner reads the game anew at the first notice and is past the
    next ones when they come. Those versions were taken for its own, owed at once: it drew
    them as they stood while the clock's process drew them too, and the table got two new
    messages. Every version since the last one known is the other process's, for its
    grace; then the stored mark says what is left."""
    owner, clock = Service(store), Service(Store(store.engine))
    game_id = (await owner.create("verflixte6", ["1", "2"], {}, guild_id=GUILD)).game_id
    owner.outbox.delivered(game_id, 1, durable=True)
    mine = lambda guild: True  # noqa: E731
    first = await _absent(clock, game_id)
    await _absent(clock, game_id)  # committed before the owner reads the game anew
    owner.noticed(_notice(game_id, first), mine)  # reads it anew: past the next notice
    owner.noticed(_notice(game_id, first + 1), mine)  # skipped: known already
    last = await _absent(clock, game_id)
    owner.noticed(_notice(game_id, last), mine)
    now = time.monotonic()
    assert owner.outbox.pending()[game_id] == (1, last)
    assert owner.outbox.due_for(game_id, now) == []  # none is drawn here meanwhile
    assert owner.outbox.foreign(game_id)
    later = now + outbox_module.FOREIGN_GRACE
    assert owner.outbox.due_for(game_id, later) == [first, first + 1, last]
    for version in range(first, last + 1):  # the clock's process drew them all
        clock.outbox.delivered(game_id, version, durable=True)
    owner.outbox.stored_mark(game_id, store.announced(game_id), later)
    assert game_id not in owner.outbox.pending()


async def test_a_stored_mark_read_early_leaves_later_versions_to_their_process(
    store: Store,
) -> None:
    """The mark read once a first foreign version is past its grace settles that one only:
    a version noticed since is still its process's for its own grace."""
    outbox = Outbox(store)
    outbox.noticed(7, 3)
    start = time.monotonic()
    outbox.noticed(7, 4)
    outbox._owed[7].committed[4] += 20  # noticed 20 s after the first
    late = start + outbox_module.FOREIGN_GRACE + 1
    assert outbox.due_for(7, late) == [3]
    outbox.stored_mark(7, 2, late)  # the other process did not deliver 3: ours now
    assert outbox.due_for(7, late) == [3] and outbox.foreign(7)  # 4 is still its
    outbox.delivered(7, 3)
    assert outbox.due_for(7, late) == []
