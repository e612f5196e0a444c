"""A finished game's measures per player, from its whole event log (server side: only
these sums ever leave it). Every measure is a whole number, so that sums over games stay
exact however they are added up (a kept projection equals a rebuilt one); averages are
divided out when they are shown.

Every game gives ``games``, ``wins`` (place 1) and ``places`` (the sum of places); each
game's module adds its own (docs/DECISIONS.md, "Players' history")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.tally import Tally
from bot.history.measures import tournament as tournament
from bot.plugins import plugin_of
from bot.tournament.game import TournamentGame

TOURNAMENT = TournamentGame.kind

Events = Sequence[Mapping[str, Any]]


def _measure(kind: str) -> Callable[[Events, Tally], None] | None:
    """What ``kind``'s history counts: its plugin's measure, or the tournament's."""
    if kind == TOURNAMENT:
        return tournament.measure
    plugin = plugin_of(kind)
    return None if plugin is None else plugin.measure


def measures(kind: str, events: Events, places: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """Player -> measure -> value for one finished game of ``kind`` whose log holds
    ``events`` (in order) and whose players took ``places``; only its placed players."""
    tally = Tally(places)
    for player, place in places.items():
        tally.add(player, "games")
        tally.add(player, "wins", int(place == 1))
        tally.add(player, "places", place)
    measure = _measure(kind)
    if measure is not None:
        measure(events, tally)
    return tally.values
