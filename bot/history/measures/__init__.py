"""A finished game's measures per player, from its whole event log (server side: only
these sums ever leave it). Every measure is a whole number, so that sums over games stay
exact however they are added up (a kept projection equals a rebuilt one); averages are
divided out when they are shown.

Every game gives ``games``, ``wins`` (place 1) and ``places`` (the sum of places); each
game's module adds its own (docs/DECISIONS.md, "Players' history")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.dicedevils import measures as dicedevils
from bot.games.flaschenteufel import measures as flaschenteufel
from bot.games.teufel import measures as teufel
from bot.games.verflixte6 import measures as verflixte6
from bot.history.measures import tournament as tournament
from bot.history.measures.tally import Tally

Events = Sequence[Mapping[str, Any]]

BY_KIND: dict[str, Callable[[Events, Tally], None]] = {
    "verflixte6": verflixte6.measure,
    "teufel": teufel.measure,
    "flaschenteufel": flaschenteufel.measure,
    "dicedevils": dicedevils.measure,
    "turnier": tournament.measure,
}


def measures(kind: str, events: Events, places: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """Player -> measure -> value for one finished game of ``kind`` whose log holds
    ``events`` (in order) and whose players took ``places``; only its placed players."""
    tally = Tally(places)
    for player, place in places.items():
        tally.add(player, "games")
        tally.add(player, "wins", int(place == 1))
        tally.add(player, "places", place)
    measure = BY_KIND.get(kind)
    if measure is not None:
        measure(events, tally)
    return tally.values
