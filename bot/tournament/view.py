"""What a tournament's view holds (:meth:`bot.tournament.game.TournamentGame.view`): all
of the tournament as data (it has no secrets: the dataclasses of
:mod:`bot.tournament.state` as plain dicts, by ``to_data``, which mypy cannot follow; the
test of the views' shapes checks these types against it), the options of the current
round's Abende and nothing legal. Every reader outside the engine takes the view
through :func:`typed_view`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict, cast

from bot.engine import JSON


class LineView(TypedDict):
    player: str
    points: int
    eyes: int


class CorrectionView(TypedDict):
    player: str
    points: int
    eyes: int
    reason: str
    by: str


class SubstitutionView(TypedDict):
    out: str
    player: str
    by: str
    reason: str
    at: str


class GroupView(TypedDict):
    number: int
    players: list[str]
    game_id: int | None
    table: list[LineView]  # empty until its Abend is recorded
    stechen: list[dict[str, int]]
    corrections: list[CorrectionView]
    substitutions: list[SubstitutionView]
    evening: str | None  # ISO date-time (UTC)
    reminded: bool
    waiting: bool
    called: bool
    grace: int
    checked_in: list[str]
    event_id: str | None


class RoundView(TypedDict):
    number: int
    finale: bool
    groups: list[GroupView]
    advanced: list[str]
    by_hand: list[str]
    draw: int
    thirds_stechen: list[dict[str, int]]


class GroupOptions(TypedDict):
    durchgaenge: int
    finale: bool


class TournamentView(TypedDict):
    name: str
    host: str
    group_size: int
    durchgaenge: int
    best_thirds: int
    finale_size: int
    status: str  # registration, running, finished
    registered: list[str]
    rounds: list[RoundView]
    withdrawn: list[str]
    reserves: list[str]
    champion: str | None
    draws: int
    group_options: GroupOptions
    legal: list[JSON]  # always empty: anyone may try any action


def typed_view(view: Mapping[str, JSON]) -> TournamentView:
    """A view the engine handed on (``Outcome.public``), read as its type: every reader
    outside the engine takes it through here."""
    return cast(TournamentView, view)
