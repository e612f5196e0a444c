"""Replaying a game from its log: the setup, then every action with the recorded draws.

A stored game is consistent when replaying its actions with the logged dice gives exactly
its snapshot; disputes are settled the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from bot.engine.core import JSON, Action, Game
from bot.engine.rng import ChanceError, ChanceExhausted, Draw, FixedRng, Rng
from bot.engine.serial import renamed

S = TypeVar("S")


def replay(
    game: Game[S],
    players: Sequence[str],
    options: Mapping[str, JSON],
    actions: Iterable[tuple[int, Action]],
    draws: Iterable[int],
) -> S:
    """The state after ``actions`` (seat, action) when chance gives ``draws`` in order.

    Raises what the engine raises (IllegalAction, ChanceExhausted) if the log does not fit.
    """
    rng = FixedRng(draws)
    state, _ = game.setup(list(players), options, rng)
    for seat, action in actions:
        game.apply(state, seat, action, rng)
    return state


def set_up(
    game: Game[S], players: Sequence[str], options: Mapping[str, JSON], draws: Iterable[Any]
) -> S:
    """The state a logged setup made: ``game`` set up for ``players`` with ``options`` and
    the setup's logged ``draws`` (as the log stores them: dicts)."""
    rng = LoggedRng([Draw.from_dict(d) for d in draws])
    state, _ = game.setup(list(players), options, rng)
    return state


class LoggedRng(Rng):
    """Chance as logged: hands out the recorded draws in order, each for a die of the
    same size as the one the rules ask for (anything else means the log does not fit)."""

    def __init__(self, draws: list[Draw]) -> None:
        super().__init__()
        self._left = list(draws)

    @property
    def left(self) -> int:
        return len(self._left)

    def _next(self, sides: int) -> Draw:
        if not self._left:
            raise ChanceExhausted(f"the log has no draw left for a d{sides}")
        draw = self._left.pop(0)
        if draw.sides != sides:
            raise ChanceError(f"draw {draw.n} was a d{draw.sides}, the rules ask for a d{sides}")
        return draw


class DrawsLeftOver(ChanceError):
    """An action used fewer draws than were logged with it."""


def apply_logged(
    game: Game[S],
    state: S,
    players: list[str],
    event: Mapping[str, Any],
    host_verbs: Collection[str],
) -> tuple[S, list[str]]:
    """Play one logged event (actor, action, draws) again on ``state`` with its logged draws;
    returns the state and the seating after it. A host's ``replace`` renames the player in
    the state; the other host verbs change no state and draw nothing.

    Raises :class:`ChanceError` (or :class:`ChanceExhausted`) when the draws do not fit
    what the rules draw, else whatever the engine raises for an action it refuses. Used by
    the verifier and when the service rebuilds a table from its last checkpoint."""
    logged = [Draw.from_dict(d) for d in event["draws"]]
    action = event["action"]
    verb = action.get("do") if isinstance(action, dict) else None
    if verb in host_verbs:
        if logged:
            raise DrawsLeftOver(f"a host's {verb} logged draws")
        if verb == "replace":  # a host seated somebody else in a player's place
            old, new = str(action["old"]), str(action["new"])
            state = game.load(renamed(game.dump(state), old, new))
            players = [new if p == old else p for p in players]
        return state, players
    actor = event["actor"]
    seat = players.index(actor) if actor in players else -1
    rng = LoggedRng(logged)
    game.apply(state, seat, Action.from_dict(action), rng)
    if rng.left:
        raise DrawsLeftOver(f"{rng.left} logged draws were not used")
    if game.info.open_seats:  # anyone may join (a tournament)
        players = list(game.players(state))
    return state, players
