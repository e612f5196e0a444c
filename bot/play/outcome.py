"""What an action produces (:class:`Outcome`) and what a clock did (:class:`ClockNotice`),
with the table statuses and the logged verbs that are no engine action."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from bot.engine import JSON
from bot.store import GameStatus

LOBBY, OPEN, PAUSED = GameStatus.LOBBY.value, GameStatus.OPEN.value, GameStatus.PAUSED.value
FINISHED, ABORTED = GameStatus.FINISHED.value, GameStatus.ABORTED.value
LIVE = (LOBBY, OPEN, PAUSED)
SETUP_VERBS = ("setup", "start")
HOST_ONLY_VERBS = ("pause", "resume", "end", "kick", "clock", "replace", "back")  # no engine action


@dataclass(frozen=True)
class Outcome:
    """What an action produced: its events and the views to show, each public and per player.
    Events come redacted by the game (:meth:`bot.engine.Game.redact`), never as logged: the
    public ones in ``events``, each player's own in ``private_events``."""

    game_id: int
    kind: str
    status: str  # lobby | open | finished | aborted
    version: int
    events: list[dict[str, JSON]]  # as the public may see them
    public: dict[str, JSON]
    private: dict[str, dict[str, JSON]]  # player id -> that player's own view
    to_act: list[str]
    players: list[str]
    seed_hash: str
    seed: str | None  # revealed only when the game is over
    head_hash: str = ""  # the hash of the log's newest event (the chain's head)
    private_events: dict[str, list[dict[str, JSON]]] = field(default_factory=dict)
    """Player id -> the events as that player may see them (his own secrets in them)."""
    locale: str = "de"
    channel_id: int | None = None
    message_id: int | None = None
    follow_ups: tuple[FollowUp, ...] = ()
    """Writes this action causes elsewhere (a tournament's record, the history's fold): run
    after its own delivery, each under its own table's lock (``cogs.pipeline.session``)."""
    absent: tuple[tuple[str, dict[str, JSON]], ...] = ()
    """(player, action) the absence rule played for players out of time or declared absent."""
    first: int = 0
    """The first version whose events this outcome holds (0: only ``version``'s); what its
    delivery announces (bot.play.outbox)."""
    versions: tuple[int, ...] = ()
    """The version that logged each of ``events`` (empty: all ``version``'s). A message a
    delivery posts for an event carries that version in its nonce, however many versions
    the delivery covers (``cogs.pipeline.delivery``)."""

    @property
    def finished(self) -> bool:
        return self.status in (FINISHED, ABORTED)

    @property
    def event_versions(self) -> tuple[int, ...]:
        """The version that logged each public event."""
        return self.versions or (self.version,) * len(self.events)


def merge(first: Outcome, later: Outcome) -> Outcome:
    """Two outcomes of one table in a row, as one (the later state, all the events)."""
    players = list(dict.fromkeys([*first.private_events, *later.private_events]))
    return replace(
        later,
        events=first.events + later.events,
        private_events={
            p: first.private_events.get(p, []) + later.private_events.get(p, []) for p in players
        },
        follow_ups=first.follow_ups + later.follow_ups,
        absent=first.absent + later.absent,
        first=first.first or first.version,
        versions=first.event_versions + later.event_versions,
    )


@dataclass(frozen=True)
class FollowUp:
    """A write an action causes on another table (``game_id``) or in the players' history:
    ``run`` makes it and returns what it owes the players. It runs after the action's own
    delivery, never inside it; what a crash leaves undone the bot catches up at its next
    start (the tournaments' reconciliation, the history's keeping)."""

    game_id: int
    what: str
    run: Callable[[], Awaitable[list[Outcome]]]


@dataclass(frozen=True)
class ClockNotice:
    """What a clock did: reminded (``remind``), acted for players out of time (``expire``),
    stopped for the host to decide (``wait``), or closed a lobby (``closed``)."""

    what: str
    outcome: Outcome
    players: tuple[str, ...]
    deadline: datetime | None
