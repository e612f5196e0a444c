"""What every engine's :class:`bot.engine.Game` shares, written once: its description as
data (``info``, with ``kind``, ``min_players`` and ``max_players`` read from it), the seats
a table takes, a view with the viewer's legal actions in it (the engine's ``view_of`` lays
them out), and storing a state as plain JSON (``dump``/``load`` through
:mod:`bot.engine.serial`, given the state's dataclass as ``state_type``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from bot.engine.core import JSON, Action, GameInfo, IllegalAction
from bot.engine.serial import from_data, to_data

S = TypeVar("S")


class Engine(Generic[S]):
    info: ClassVar[GameInfo]
    state_type: ClassVar[type[Any]]
    kind: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.info
        cls.kind, cls.min_players, cls.max_players = (
            info.kind,
            info.min_players,
            info.max_players,
        )

    def player_bounds(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        """The seats a table takes; a game whose options change them says so itself."""
        return self.min_players, self.max_players

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        raise NotImplementedError

    def to_act(self, state: S) -> frozenset[int]:
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def players(self, state: S) -> list[str]:
        raise NotImplementedError

    def places(self, state: S) -> dict[str, int]:
        """A finished game's places: player -> place (1 the best, equal results share
        one: :func:`bot.engine.places.ranked`), by the game's own rule of who wins."""
        raise NotImplementedError

    def check(self, state: S, seat: int, verb: str | None) -> None:
        """Whether ``seat`` may act now, or the refusal (over; nobody, or who else, is to
        act); a game with phases or simultaneous choices says more itself."""
        if self.is_over(state):
            raise IllegalAction("game.over")
        acting = self.to_act(state)
        if seat in acting:
            return
        if not acting:
            raise IllegalAction("game.nobody_to_act")
        names = self.players(state)
        waiting = [names[s] for s in sorted(acting)]
        raise IllegalAction("game.not_your_turn", player=waiting, count=len(waiting))

    def view(self, state: S, viewer: int | None) -> dict[str, JSON]:
        """What ``viewer`` sees (None: the public channel), with ``legal``: what he may do now,
        from :meth:`legal_actions`, so the two cannot disagree. Built for every player at
        every action, so it stays cheap: a seat that is not to act has nothing to list."""
        legal = [] if viewer is None else self.legal_actions(state, viewer)
        return self.view_of(state, viewer, legal)

    def views(self, state: S, seats: int) -> tuple[dict[str, JSON], list[dict[str, JSON]]]:
        """The public view and each seat's, as :meth:`view` gives them (a game whose
        views differ only in ``viewer`` and ``legal`` shares the rest: Die verflixte 6)."""
        return self.view(state, None), [self.view(state, seat) for seat in range(seats)]

    def view_of(self, state: S, viewer: int | None, legal: Sequence[Action]) -> dict[str, JSON]:
        """The game's own layout of a view, ``legal`` included."""
        raise NotImplementedError

    def redact(self, event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON] | None:
        """An event as ``viewer`` (a player id; None: the public) may see it: here whole, as
        in a game without secrets; a game with secrets in its events overrides this."""
        return dict(event)

    def dump(self, state: S) -> dict[str, JSON]:
        data: dict[str, JSON] = to_data(state)
        return data

    def load(self, data: Mapping[str, JSON]) -> S:
        state: S = from_data(self.state_type, data)
        return state


def plain_view(view: Mapping[str, Any]) -> dict[str, JSON]:
    """A game's typed view (its ``TypedDict``, a plain dict at run time) as the engine hands
    views on: the same dict, unchanged. The game's readers take it back to its type through
    the game's own ``typed_view`` (in its ``view``)."""
    return cast(dict[str, JSON], view)
