"""The outbox: what committed actions still owe the players.

Every action is written with the game's new ``version`` in one transaction; the game row's
``announced`` is the newest version whose announcements Discord accepted. So the outbox
needs no rows of its own: a game with ``announced < version`` owes the messages of the
versions in between, and what they are follows from those versions' logged events (a
Durchgang result, a new turn's message, a round draw, new hands by DM, the table message
in its new state). That record is durable the moment the action is.

This class keeps the marks in memory, so the click path writes nothing more than its
action: a click's own delivery marks its version here, and the marks are written with the
next action's transaction (:meth:`unwritten`, the service's commit), or in a batch of their
own (:meth:`flush`: the redelivery's poll every two seconds, a shard given away, the stop),
whichever comes first. A new message must not be posted twice: the nonce of each post
(``cogs.pipeline.delivery``) covers the moment between Discord accepting it and its mark;
the table's new message id itself is written at once (``Tables.set_message``). Marks
advance without gaps: a version whose delivery failed holds every later one back until it
is delivered.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bot.store import Store

GRACE_SECONDS = 10.0
"""A version younger than this is its click's to deliver (the deliverer leaves it alone)."""
FOREIGN_GRACE = 30.0
"""A version another process committed is its to deliver for this long (its own grace and
first retries); then the process that owns the game's server delivers what the database
still shows undelivered (that process may have died)."""


@dataclass
class Owed:
    announced: int  # delivered up to here, without a gap
    version: int  # the newest committed version
    committed: dict[int, float] = field(default_factory=dict)  # version -> when (monotonic)
    done: set[int] = field(default_factory=set)  # delivered out of order, beyond announced
    attempts: int = 0  # failed redeliveries in a row
    retry_at: float = 0.0  # not before (monotonic), after a failed redelivery
    foreign: set[int] = field(default_factory=set)  # another process's: read its mark first


class Outbox:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._owed: dict[int, Owed] = {}
        self._unwritten: dict[int, int] = {}  # marks not yet in the database

    def load(self, owns: Callable[[int | None], bool] = lambda guild: True) -> int:
        """At start: every game of the servers this process ``owns`` that still owes
        announcements (committed before the restart, so due at once). Returns how many."""
        for game_id, announced, version, guild_id in self.store.unannounced():
            if owns(guild_id):
                self._owed[game_id] = Owed(announced, version)
        return len(self._owed)

    def forget(self, game_ids: Iterable[int]) -> None:
        """Deliver nothing more of these games (their server went to another process,
        which reads what is owed from the database: :meth:`flush` first)."""
        for game_id in game_ids:
            self._owed.pop(game_id, None)

    def noticed(self, game_id: int, version: int, newest: int | None = None) -> None:
        """Another process committed ``version`` (and on to ``newest``, read since) of a
        game whose server this process owns: each due here after :data:`FOREIGN_GRACE`,
        unless the database shows it delivered by then (:meth:`foreign`,
        :meth:`stored_mark`). Every version since the last one known counts: a notice
        this process skipped (it had read the game past it already) names versions that
        are that process's too, and one taken for this process's own would be drawn here
        at once, while that process draws it (issue 44: a table drawn twice)."""
        newest = max(version, newest or version)
        owed = self._owed.get(game_id)
        if owed is not None and newest <= owed.version:
            return
        if owed is None:
            owed = self._owed[game_id] = Owed(version - 1, version - 1)
        due = time.monotonic() + FOREIGN_GRACE - GRACE_SECONDS
        for noticed in range(owed.version + 1, newest + 1):
            owed.committed[noticed] = due
            owed.foreign.add(noticed)
        owed.version = newest

    def foreign(self, game_id: int) -> bool:
        """Whether some of a game's owed versions are another process's."""
        owed = self._owed.get(game_id)
        return owed is not None and bool(owed.foreign)

    def foreign_games(self) -> list[int]:
        """The games with versions of another process still owed here."""
        return [game_id for game_id, owed in self._owed.items() if owed.foreign]

    def stored_mark(self, game_id: int, announced: int, now: float | None = None) -> None:
        """The database's mark of a game with another process's versions: what that process
        delivered counts as delivered here, and versions before ours it did not deliver are
        owed here too; those past their grace that it did not deliver are this process's
        now, those still within it stay that process's (their mark is read again)."""
        owed = self._owed.get(game_id)
        if owed is None:
            return
        now = time.monotonic() if now is None else now
        # versions before the first one noticed that nobody delivered: due at once
        owed.announced = min(owed.announced, announced)
        owed.done.update(range(owed.announced + 1, min(announced, owed.version) + 1))
        owed.foreign = {v for v in owed.foreign if v > announced and not _past(owed, v, now)}
        self._advance(game_id, owed)

    def owe(self, game_id: int, version: int) -> None:
        """A version was committed (called in the action's path, after its transaction)."""
        owed = self._owed.get(game_id)
        if owed is None:
            owed = self._owed[game_id] = Owed(version - 1, version)
        owed.version = max(owed.version, version)
        owed.committed[version] = time.monotonic()

    def delivered(self, game_id: int, version: int, *, durable: bool = False) -> None:
        """Discord accepted what ``version`` owed. ``durable``: it posted something new, so
        the mark is written now rather than with the next batch."""
        owed = self._owed.get(game_id)
        if owed is None or version <= owed.announced:
            return
        owed.done.add(version)
        self._advance(game_id, owed, durable=durable)

    def _advance(self, game_id: int, owed: Owed, *, durable: bool = False) -> None:
        """Move the mark over the delivered versions that follow it without a gap."""
        moved = False
        while owed.announced + 1 in owed.done:
            owed.announced += 1
            owed.done.discard(owed.announced)
            owed.committed.pop(owed.announced, None)
            owed.attempts, owed.retry_at, moved = 0, 0.0, True
        if not moved:
            return
        self._unwritten[game_id] = owed.announced
        if owed.announced >= owed.version:
            del self._owed[game_id]
        if durable:
            self.flush()

    def unwritten(self) -> dict[int, int]:
        """The marks made since they were last written, handed to a transaction that
        writes them (the next action's): they count as written from now on."""
        marks, self._unwritten = self._unwritten, {}
        return marks

    def unwritten_again(self, marks: dict[int, int]) -> None:
        """The transaction given ``marks`` (:meth:`unwritten`) failed: kept for the next."""
        for game_id, version in marks.items():
            self._unwritten[game_id] = max(version, self._unwritten.get(game_id, 0))

    def gave_up(self, game_id: int, version: int) -> None:
        """Discord refused ``version``'s announcements for good: it counts as delivered
        (logged by the caller), so nothing waits for it forever."""
        self.delivered(game_id, version, durable=True)

    def failed(self, game_id: int, now: float | None = None) -> int:
        """A redelivery failed for now; returns how often in a row (the next try waits
        2, 4, 8 … at most 60 seconds)."""
        owed = self._owed.get(game_id)
        if owed is None:
            return 0
        owed.attempts += 1
        now = time.monotonic() if now is None else now
        owed.retry_at = now + min(60.0, 2.0**owed.attempts)
        return owed.attempts

    def due(self, now: float | None = None) -> list[tuple[int, list[int]]]:
        """The games with undelivered versions older than the grace time (those of a
        click still being answered are its own), each with those versions in order."""
        now = time.monotonic() if now is None else now
        found = [(game_id, _old(o, now)) for game_id, o in sorted(self._owed.items())]
        return [(game_id, versions) for game_id, versions in found if versions]

    def due_for(self, game_id: int, now: float | None = None) -> list[int]:
        """One game's undelivered versions older than the grace time (a click on the game
        has them delivered first: it must not overtake them)."""
        owed = self._owed.get(game_id)
        if owed is None:  # the usual case
            return []
        return _old(owed, time.monotonic() if now is None else now)

    def pending(self) -> dict[int, tuple[int, int]]:
        """game id -> (announced, version) of every game that owes something (for checks)."""
        return {game_id: (o.announced, o.version) for game_id, o in self._owed.items()}

    def flush(self) -> None:
        """Write the marks made since the last flush, in one transaction."""
        if self._unwritten:
            marks, self._unwritten = self._unwritten, {}
            try:
                self.store.set_announced(marks)
            except Exception:
                self.unwritten_again(marks)  # kept for the next flush
                raise


def _old(owed: Owed, now: float) -> list[int]:
    """The undelivered versions older than the grace time (none while backing off)."""
    if now < owed.retry_at:
        return []
    return [
        v
        for v in range(owed.announced + 1, owed.version + 1)
        if v not in owed.done and _past(owed, v, now)
    ]


def _past(owed: Owed, version: int, now: float) -> bool:
    """Whether ``version`` is past its grace (one committed before the start: at once)."""
    return now - owed.committed.get(version, -GRACE_SECONDS) >= GRACE_SECONDS
