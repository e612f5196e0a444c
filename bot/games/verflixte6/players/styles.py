"""Die verflixte 6: opponent styles, each a person's habit in a few lines (docs/PLAYERS.md).

They are what the bench plays the levels against (``python -m bench.policies``), not levels:
no table offers them. Each decides from its seat's view alone, like a level.

- ``vorsichtig``: no jokers, stops at 10 eyes, whatever the others have.
- ``gierig``: no jokers, rolls on to 30 eyes.
- ``zielaugen``: no jokers, a fixed target of 20 eyes; once ahead as the last to play, stops.
- ``kopierer``: no jokers, rolls until one eye ahead of the best score so far (15 when
  nobody has one yet).
- ``joker_frueh``: takes the first three jokers left and announces every one as soon as it
  can (the first steps of the turn), answers every joker's question by rolling, then stops
  at 15 or when ahead as the last to play.
- ``sicher``: takes the jokers that cannot bust (Hirtenschutz, Monokel, Spelunkenbold, then
  Runkelrüb, Törtchen, Tentakel), plays one instead of a normal roll from 12 eyes on, keeps
  a Monokel sum of 7 or more, and stops at 20 or, once the best score so far is 20 or more,
  one ahead of it.

Every style robs the victim with the most eyes; those without jokers answer a joker's
question without rolling further (they never meet one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.engine import JSON, Action
from bot.games.verflixte6.players.seat_view import (
    DECISIONS,
    ahead_as_last,
    eyes,
    own_turn,
    richest_victim,
    to_beat,
    without_jokers,
)
from bot.games.verflixte6.view import typed_view
from bot.players.policy import Policy

Stops = Callable[[Mapping[str, JSON], int], bool]

SAFE_JOKERS = ("hirtenschutz", "monokel", "spelunkenbold", "runkelrueb", "toertchen", "tentakel")
"""``sicher``'s jokers, in the order it takes them: none of them can bust."""
SAFE_FROM = 12  # ``sicher`` plays a joker instead of a normal roll from these eyes on


def target(eyes_wanted: int) -> Stops:
    """Stop at ``eyes_wanted``, whatever the others have."""
    return lambda view, seat: eyes(view, seat) >= eyes_wanted


def beat_the_leader(start: int) -> Stops:
    """Stop one eye ahead of the best score so far (at ``start`` when nobody has one)."""

    def stops(view: Mapping[str, JSON], seat: int) -> bool:
        best = to_beat(view, seat)
        return eyes(view, seat) >= (best + 1 if best > 0 else start)

    return stops


@dataclass
class Plain:
    """A style without jokers: ``stops`` says when to stop."""

    level: str
    stops: Stops
    game: str = "verflixte6"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        return without_jokers(view, seat, self.stops)


@dataclass
class JokersEarly:
    """Three jokers, each announced at the first step it can be, questions answered by
    rolling; a Sekante hits the best other player; then ``stops`` says when to stop."""

    stops: Stops
    level: str = "style:joker_frueh"
    game: str = "verflixte6"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        turn = own_turn(view, seat)
        legal = typed_view(view)["legal"]
        phase = turn["phase"]
        if phase == "jokers":
            return Action("jokers", {"jokers": legal["jokers"][:3]})
        if phase == "steal":
            return richest_victim(view)
        if phase == "step":
            if turn["announceable"]:
                joker = turn["announceable"][0]
                if joker == "sekante":
                    return Action("weiter", {"joker": joker, "target": self._leader(view, seat)})
                return Action("weiter", {"joker": joker})
            return Action("stopp" if self.stops(view, seat) else "weiter")
        name, field, quiet = DECISIONS[phase]
        return Action(name, {field: not quiet})

    @staticmethod
    def _leader(view: Mapping[str, JSON], seat: int) -> str:
        shown = typed_view(view)
        by_name = {s["player"]: s["eyes"] for s in shown["seats"]}
        return max(shown["legal"]["targets"], key=lambda n: by_name[n])


@dataclass
class SafeJokers:
    """The jokers that cannot bust, each played instead of a normal roll from ``SAFE_FROM``
    eyes on; ``stops`` says when to stop; a joker's question answered without risk."""

    stops: Stops
    level: str = "style:sicher"
    game: str = "verflixte6"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        turn = own_turn(view, seat)
        phase = turn["phase"]
        if phase == "jokers":
            left = typed_view(view)["legal"]["jokers"]
            return Action("jokers", {"jokers": [j for j in SAFE_JOKERS if j in left][:3]})
        if phase == "steal":
            return richest_victim(view)
        if phase == "step":
            if self.stops(view, seat):
                return Action("stopp")
            if turn["announceable"] and eyes(view, seat) >= SAFE_FROM:
                return Action("weiter", {"joker": turn["announceable"][0]})
            return Action("weiter")
        if phase == "monokel":  # keep a sum of 7 or more
            return Action("monokel", {"keep": sum(turn["monokel_dice"]) >= 7})
        name, field, quiet = DECISIONS[phase]
        return Action(name, {field: quiet})


def _best_at_least(eyes_wanted: int) -> Stops:
    """Stop at ``eyes_wanted``, or one ahead of a best score of that or more."""

    def stops(view: Mapping[str, JSON], seat: int) -> bool:
        return eyes(view, seat) >= max(eyes_wanted, to_beat(view, seat) + 1)

    return stops


STYLES: dict[str, Callable[[int], Policy]] = {
    "vorsichtig": lambda seed: Plain("style:vorsichtig", target(10)),
    "gierig": lambda seed: Plain("style:gierig", target(30)),
    "zielaugen": lambda seed: Plain("style:zielaugen", ahead_as_last(20)),
    "kopierer": lambda seed: Plain("style:kopierer", beat_the_leader(15)),
    "joker_frueh": lambda seed: JokersEarly(ahead_as_last(15)),
    "sicher": lambda seed: SafeJokers(_best_at_least(20)),
}
"""Style -> a function of a seed that makes it (the same shape as a game's levels)."""
