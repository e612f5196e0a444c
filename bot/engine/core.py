"""Game-independent building blocks shared by every rules engine.

Engines are pure: they never import discord or a database layer. A game is a set of
functions over a plain state object (see :class:`Game`); players are identified by a
string id (a Discord user id in the bot, a name in a scenario) and acting players by
their seat index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot.engine.rng import Rng

JSON = Any
"""A value that survives ``json.dumps``/``json.loads`` unchanged."""


@dataclass(frozen=True)
class Action:
    """What a player asks the croupier to do, e.g. ``Action("weiter")``."""

    do: str
    args: Mapping[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Action:
        """Build from the scenario/storage form ``{"do": ..., **args}`` (``player`` is dropped)."""
        args = {k: v for k, v in data.items() if k not in ("do", "player")}
        return cls(str(data["do"]), args)

    def to_dict(self) -> dict[str, JSON]:
        return {"do": self.do, **self.args}


@dataclass(frozen=True)
class Event:
    """Something that happened; the event log is a list of these, in order."""

    type: str
    data: Mapping[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {"type": self.type, **self.data}


class IllegalAction(Exception):
    """A refused action. ``key`` names a player-facing text in ``bot.i18n``.

    The state must be exactly as before when this is raised: engines check first
    and change the state afterwards (the service also works on a copy).
    """

    def __init__(self, key: str, **params: JSON) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        if not self.params:
            return self.key
        details = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.key} ({details})"


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data for the layers around it (no probing of attributes)."""

    kind: str
    min_players: int
    max_players: int
    open_seats: bool = False
    """Anyone may act, not only the seated players (a tournament: the actor comes along)."""
    simultaneous: bool = False
    """Several players may be asked to act at once (sealed bets, passing cards)."""
    secrets: bool = False
    """Some of the state is private: a player's view differs from the public one."""
    after_end: frozenset[str] = frozenset()
    """Verbs still taken once the game is over (a tournament's correction after its
    Finale); such an action may open the game again."""


S = TypeVar("S")


class Game(Protocol[S]):
    """The interface every rules engine offers (see ARCHITECTURE.md, principle 1).

    ``apply`` changes ``state`` in place and returns what happened; callers that must
    keep the old state on failure pass a copy (``bot.engine.step`` does). ``view`` carries
    ``"legal"``: what the viewer may do now, derived from ``legal_actions`` (nothing for
    the public view).
    """

    @property
    def info(self) -> GameInfo: ...

    @property
    def kind(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    def player_bounds(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        """How many players a table with these options seats."""
        ...

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[S, list[Event]]: ...

    def to_act(self, state: S) -> frozenset[int]: ...

    def legal_actions(self, state: S, seat: int) -> list[Action]: ...

    def apply(self, state: S, seat: int, action: Action, rng: Rng) -> list[Event]: ...

    def check(self, state: S, seat: int, verb: str | None) -> None:
        """Whether ``seat`` (-1: a player not seated) may ``verb`` now (None: whatever he
        is to decide now): nothing, or the refusal acting would raise (over, not his turn,
        not in this phase). What a prompt asks before it opens, so that the rule lives
        here and nowhere else."""
        ...

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> dict[str, JSON]: ...

    def view(self, state: S, viewer: int | None) -> dict[str, JSON]: ...

    def views(self, state: S, seats: int) -> tuple[dict[str, JSON], list[dict[str, JSON]]]:
        """The public view and each seat's, as :meth:`view` gives them (built together at
        every action, so a game may share what all of them show)."""
        ...

    def redact(self, event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON] | None:
        """``event`` (as logged: ``{"type": ..., **data}``) as ``viewer`` may see it: a
        player id as the events name players, None for the public. None: the viewer sees
        nothing of it. The log keeps every event whole (replays, audits and the export of
        a finished game read it); whatever is shown while a game runs passes through here,
        so a secret stays hidden by construction, not because a text leaves it out."""
        ...

    def dump(self, state: S) -> dict[str, JSON]: ...

    def load(self, data: Mapping[str, JSON]) -> S: ...

    def players(self, state: S) -> list[str]: ...

    def places(self, state: S) -> dict[str, int]:
        """A finished game's places: player -> place, 1 the best; equal results share a
        place (1, 1, 3). Pure, from the final state, by the game's rule of who wins."""
        ...

    def absence_action(self, state: S, seat: int) -> Action | None:
        """What the croupier plays for ``seat`` when its time ran out (or a host declared
        it absent): always one of the legal actions; None when it has nothing to decide."""
        ...


def redacted(
    game: Game[Any], events: Sequence[Mapping[str, JSON]], viewer: str | None
) -> list[dict[str, JSON]]:
    """The events ``viewer`` may see (None: the public), each as :meth:`Game.redact` gives it."""
    shown = (game.redact(event, viewer) for event in events)
    return [event for event in shown if event is not None]


def player_bounds(game: Game[Any], options: Mapping[str, JSON]) -> tuple[int, int]:
    """How many players a table of ``game`` with these options seats (a variant may change
    that; else ``min_players``..``max_players``). A lobby promises exactly these."""
    return game.player_bounds(options)


def check_seating(
    players: Sequence[str], low: int, high: int, reserved: Sequence[str] = ()
) -> None:
    """The players a game can seat: ``low``..``high`` of them, each once, no reserved name."""
    if not low <= len(players) <= high:
        raise IllegalAction("game.player_count", low=low, high=high)
    if len(set(players)) != len(players) or set(players) & set(reserved):
        raise IllegalAction("game.duplicate_player")
