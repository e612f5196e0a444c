"""The absence rule of each game: what the croupier plays for a player whose time ran out
(or whom a host declared absent). It always picks one of the engine's legal actions, so the
engine checks it like any other action.

- Die verflixte 6: ``stopp`` (at the joker choice: no jokers, so the Freiwurf is rolled and
  the turn stopped after it); a robber takes from the first eligible victim; decisions take
  the answer that rolls no further dice (no Anaconda fight, Rattenlord withdraws, Monokel
  keeps, no Sekante counter-roll).
- Auf Teufel komm raus: bet 0; ``stopp``.
- Flaschenteufel: discard, pass and play the lowest legal card(s); open the first set.
- Dice Devils: place at the first free slot; skip re-rolls, abilities and rank swaps.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Game
from bot.games.flaschenteufel.rules import choice_source
from bot.games.flaschenteufel.state import STANDARD


def absence_action(game: Game[Any], state: Any, seat: int) -> Action | None:
    """The action the absence rule takes for ``seat`` now (None: nothing to decide)."""
    legal = game.legal_actions(state, seat)
    if not legal:
        return None
    chooser = _CHOOSERS.get(game.kind, _first)
    return chooser(legal, state, seat)


def _first(legal: list[Action], state: Any, seat: int) -> Action:
    return legal[0]


def _verflixte6(legal: list[Action], state: Any, seat: int) -> Action:
    verbs = {a.do for a in legal}
    if "jokers" in verbs:
        return Action("jokers", {"jokers": []})
    if "stopp" in verbs:
        return Action("stopp")
    passive = [a for a in legal if a.do in _PASSIVE and _PASSIVE[a.do] in a.args.items()]
    return passive[0] if passive else legal[0]  # a robbery: the first eligible victim


_PASSIVE = {  # the answer to each decision that rolls no further dice
    "anaconda": ("fight", False),
    "rattenlord": ("withdraw", True),
    "monokel": ("keep", True),
    "counter": ("allow", False),
}


def _teufel(legal: list[Action], state: Any, seat: int) -> Action:
    if legal[0].do == "bet":
        return Action("bet", {"amount": 0})
    return Action("stopp")


def _flaschenteufel(legal: list[Action], state: Any, seat: int) -> Action:
    verb = legal[0].do
    if verb == "pass" and state.variant == STANDARD:
        hand = state.hands[seat]
        low = sorted(c for c in choice_source(state, seat) if c not in hand.passed)
        return Action("pass", {"left": low[0], "right": low[1]})
    carded = [a for a in legal if a.do == verb and "card" in a.args]
    if carded:
        return min(carded, key=lambda a: int(a.args["card"]))
    return legal[0]  # open: the first set


def _dicedevils(legal: list[Action], state: Any, seat: int) -> Action:
    if legal[0].do == "place":
        used = {d.slot for d in state.demons if d.slot is not None}
        free = [a for a in legal if a.args["slot"] not in used]
        return (free or legal)[0]
    skips = [a for a in legal if a.args.get("skip") is True or a.args.get("force") is False]
    return skips[0] if skips else legal[0]


_CHOOSERS = {
    "verflixte6": _verflixte6,
    "teufel": _teufel,
    "flaschenteufel": _flaschenteufel,
    "dicedevils": _dicedevils,
}
