"""Die verflixte 6:

- ``durchgaenge`` and ``eyes``: Durchgänge played and the eyes he ended them with (the
  average is eyes per Durchgang);
- ``turns`` and ``sixes``: his turns, and those a verflixte 6 ended (a bust: to 0, or to
  the Ventil's floor; a 6 Runkelrüb saved ends nothing);
- ``stechen`` and ``stechen_won``: Stechen he rolled in, and won;
- ``joker.<id>``: how often he chose the joker, and ``joker.<id>.eyes`` its payoff: the
  eyes the joker's own effect moved, summed over the turns he chose it (a chosen joker that
  lapsed unplayed pays 0). An announced joker pays the change its roll(s) made (the All In
  lost pays minus the eyes it took, the Sekante the eyes won or lost in the duel); Jules
  Törtchen pays its +1s, ahris Tentakel its +5s, Fumo the doubling (less its recount), the
  Ventil the eyes its floor kept on a bust, Runkelrüb the eyes a saved 6 kept (over the
  floor, if any). The average payoff per choice is what a player reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.tally import Tally

CHANGES = frozenset(
    {"frostschutz", "spelunkenbold", "anaconda", "hirtenschutz", "rattenlord", "all_in",
     "pony", "monokel", "cherry", "sekante", "toertchen"}
)  # fmt: skip
"""Events of a joker's effect that say its ``change`` to the player's eyes."""


class _Turns:
    """Each player's eyes and Ventil floor as the log goes (for what a joker kept)."""

    def __init__(self) -> None:
        self.eyes: dict[str, int] = {}
        self.floor: dict[str, int] = {}

    def follow(self, event: Mapping[str, Any]) -> None:
        if event["type"] == "turn":
            self.floor.pop(event["player"], None)
        elif event["type"] in ("ventil", "ventil_floor"):
            self.floor[event["player"]] = int(event["floor"])
        for who, eyes in (("player", "eyes"), ("victim", "victim_eyes"), ("target", "target_eyes")):
            if who in event and eyes in event:
                self.eyes[event[who]] = int(event[eyes])


def measure(events: Sequence[Mapping[str, Any]], tally: Tally) -> None:
    turns = _Turns()
    for event in events:
        kind, player = event["type"], event.get("player")
        if kind == "durchgang_end":
            for name, eyes in event["eyes"].items():
                tally.add(name, "durchgaenge")
                tally.add(name, "eyes", int(eyes))
        elif kind == "turn":
            tally.add(player, "turns")
        elif kind == "bust":
            tally.add(player, "sixes")
        elif kind == "stechen":
            for name in event["rolls"][0]:
                tally.add(name, "stechen")
            tally.add(event["winner"], "stechen_won")
        elif kind == "jokers":
            for joker in event["jokers"]:
                tally.add(player, f"joker.{joker}")
        joker, paid = _payoff(event, turns)
        if joker is not None:
            tally.add(player, f"joker.{joker}.eyes", paid)
        turns.follow(event)


def _payoff(event: Mapping[str, Any], turns: _Turns) -> tuple[str | None, int]:
    """The joker an event is the effect of, and the eyes it moved (before ``turns``
    follows the event: the eyes it holds are those before it)."""
    kind, player = event["type"], event.get("player", "")
    if kind in CHANGES:
        return kind, int(event["change"])
    if kind == "roll" and event.get("tentakel"):
        return "tentakel", int(event["change"]) - int(event["die"])
    if kind == "roll" and event.get("fumo"):
        return "fumo", int(event["die"])
    if kind == "fumo_recount":
        return "fumo", int(event["change"])
    if kind == "all_in_lost":
        return "all_in", -turns.eyes.get(player, 0)
    if kind == "bust" and event["floor"]:
        return "ventil", int(event["eyes"])
    if kind == "runkelrueb" and event["saved"]:
        return "runkelrueb", turns.eyes.get(player, 0) - turns.floor.get(player, 0)
    return None, 0
