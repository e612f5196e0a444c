"""A game's replay as the web shows it: its log read once, each public event a step, and
the table as the public saw it after any step.

The public events are the log's own, redacted by the game (``Game.redact`` with no viewer,
as :meth:`~bot.play.records.Records.public_events` gives them). The table after a step is
the game's public view (``Game.view`` with no viewer: the view ``Tables.outcome`` hands
the public card) of the engine state after the action that made the step, played again
from the log with its logged draws (:func:`~bot.engine.replay.apply_logged`). States are
kept every :data:`KEYFRAME` actions on the way (pickled: loading one is many times faster
than the game's ``load`` of its dump), and the stored checkpoint is one of them (a finished
game's last step needs no replay), so a step costs at most that many actions once a
visitor has been there; the views of the steps asked for are kept too.

Replays are kept per game and version (a finished game's never changes; a running game's
next action makes a new version), at most :data:`MAX_EVENTS` public events in all, the
least recently used given up first. The threads that serve pages share them: a race only
does the same work twice."""

from __future__ import annotations

import pickle
import threading
from array import array
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import JSON, Game, redacted
from bot.engine.replay import apply_logged, set_up
from bot.json_text import dumps, loads
from bot.play.outcome import HOST_ONLY_VERBS, SETUP_VERBS
from bot.store import GameRow, LogRow

KEYFRAME = 32
"""Actions between the states a replay keeps."""
VIEWS = 64
"""Public views a replay keeps (the steps a visitor pages through), before it starts over."""
MAX_EVENTS = 200_000
"""Public events the kept replays hold in all (a few hundred games' worth)."""


@dataclass
class Replay:
    """One version of a game's log, read once. It keeps text, bytes and numbers (its rows'
    JSON, its public events as one JSON text, its states pickled), not the values read
    from them: what the garbage collector walks through stays small however many replays
    are kept (parsed logs kept by the hundred made its full collections take 0.3 s)."""

    game: Game[Any]
    rows: Sequence[LogRow]
    public_text: str
    """Its public events (the steps) as one JSON text: :attr:`public` reads them."""
    made_by: array[int]
    """For each step, the index in ``rows`` of the action that made it."""
    start: int | None
    """The index of the row that set the game up (None: it never started)."""
    players: list[str]
    options: Mapping[str, JSON]
    checkpoint: tuple[int, str] | None = None
    """The stored checkpoint: the index of its row, and the state's dump as JSON text."""
    kept: dict[int, bytes] = field(default_factory=dict)
    """States after some rows (by index), pickled: this process's own, read back only
    here (loading a pickle is many times faster than the game's ``load`` of its dump)."""
    views: dict[int, dict[str, JSON]] = field(default_factory=dict)
    """Public views after some rows (by index), the last :data:`VIEWS` asked for."""
    shown: dict[Any, Any] = field(default_factory=dict)
    """What a page made of it once, by what it depends on (its lines per language)."""

    @classmethod
    def of(cls, game: Game[Any], row: GameRow, rows: Sequence[LogRow]) -> Replay:
        """The replay of ``rows``, the log of ``row`` as read with its checkpoint."""
        public: list[dict[str, JSON]] = []
        made_by = array("i")
        start, players = None, list(row.players)
        for at, logged in enumerate(rows):
            if start is None:
                action = loads(logged.action)
                if action.get("do") in SETUP_VERBS:
                    start, players = at, list(action.get("players", players))
            events = loads(logged.events)
            shown = redacted(game, events, None) if game.info.secrets else events
            public += shown
            made_by.extend([at] * len(shown))
        options = dict(row.options or {})
        replay = cls(game, rows, dumps(public), made_by, start, players, options)
        stored = next((i for i, r in enumerate(rows) if r.seq == row.snapshot_version), None)
        if start is not None and stored is not None and stored >= start and row.snapshot:
            replay.checkpoint = (stored, dumps(row.snapshot))
        return replay

    @property
    def steps(self) -> int:
        return len(self.made_by)

    @property
    def public(self) -> list[dict[str, JSON]]:
        """Its public events, read anew (a caller keeps what it makes of them)."""
        found: list[dict[str, JSON]] = loads(self.public_text)
        return found

    def state_at(self, last: int) -> Any:
        """The engine state after row ``last`` (the setup's or later): from the nearest
        kept state or the checkpoint before it, else from the setup, keeping a state every
        :data:`KEYFRAME` actions on the way."""
        assert self.start is not None
        game = self.game
        began = max((i for i in list(self.kept) if i <= last), default=None)
        if self.checkpoint is not None:
            at, snapshot = self.checkpoint
            if at <= last and (began is None or began < at):
                self.kept[at] = pickle.dumps(game.load(loads(snapshot)))
                began = at
        if began is None:
            draws = [d for r in self.rows[: self.start + 1] for d in loads(r.draws)]
            state = set_up(game, self.players, self.options, draws)
            began = self.start
            self.kept[began] = pickle.dumps(state)
        else:
            state = pickle.loads(self.kept[began])  # kept by this object only, never read in
        players = list(game.players(state))
        for at in range(began + 1, last + 1):
            logged = self.rows[at]
            step = {"actor": logged.actor, "action": loads(logged.action),
                    "draws": loads(logged.draws)}  # fmt: skip
            state, players = apply_logged(game, state, players, step, HOST_ONLY_VERBS)
            if (at - self.start) % KEYFRAME == 0:
                self.kept[at] = pickle.dumps(state)
        return state

    def view_at(self, last: int) -> dict[str, JSON] | None:
        """The public view after row ``last`` (None: the game was not set up by then)."""
        if self.start is None or last < self.start:
            return None
        found = self.views.get(last)
        if found is None:
            if len(self.views) >= VIEWS:
                self.views.clear()
            found = self.views[last] = self.game.view(self.state_at(last), None)
        return found

    def view_after(self, step: int) -> dict[str, JSON] | None:
        """The public view after the action that made step ``step`` (from 1; None: the
        game was not set up by then)."""
        return self.view_at(self.made_by[step - 1])

    def last_view(self) -> dict[str, JSON] | None:
        """The public view after the log's last action (None: never set up)."""
        return self.view_at(len(self.rows) - 1)


class Replays:
    """The kept replays, by game and version (least recently used given up first)."""

    def __init__(self, max_events: int = MAX_EVENTS) -> None:
        self.max_events = max_events
        self._kept: OrderedDict[tuple[int, int], Replay] = OrderedDict()
        self._events = 0
        self._lock = threading.Lock()

    def get(self, row: GameRow) -> Replay | None:
        with self._lock:
            found = self._kept.get((row.id or 0, row.version))
            if found is not None:
                self._kept.move_to_end((row.id or 0, row.version))
            return found

    def keep(self, row: GameRow, replay: Replay) -> None:
        key = (row.id or 0, row.version)
        with self._lock:
            if key in self._kept:
                return
            self._kept[key] = replay
            self._events += replay.steps + 1
            while self._events > self.max_events and len(self._kept) > 1:
                _, old = self._kept.popitem(last=False)
                self._events -= old.steps + 1
