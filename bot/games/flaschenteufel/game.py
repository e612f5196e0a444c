"""Flaschenteufel as a :class:`bot.engine.Game`.

The absence rule (a player out of time, or declared absent): discard, pass and play the
lowest legal card(s); open the first set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.base import Engine, plain_view
from bot.engine.core import GameInfo, check_seating
from bot.engine.places import ranked
from bot.games.flaschenteufel import rules
from bot.games.flaschenteufel.state import (
    DISCARD,
    GLITTERHUIS,
    LOPAKA,
    LOPAKA_NAME,
    OPEN,
    OVER,
    PASS,
    PLAY,
    STANDARD,
    FState,
    Hand,
)
from bot.games.flaschenteufel.view import redact as _redact
from bot.games.flaschenteufel.view import view as _view

PLAYERS = {STANDARD: (3, 4), LOPAKA: (2, 2), GLITTERHUIS: (2, 2)}


class Flaschenteufel(Engine[FState]):
    info = GameInfo("flaschenteufel", 2, 4, simultaneous=True, secrets=True)
    state_type = FState

    def view_of(
        self, state: FState, viewer: int | None, legal: Sequence[Action]
    ) -> dict[str, JSON]:
        return plain_view(_view(state, viewer, legal))

    def player_bounds(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        """The seats a table with these options takes: the chosen variant's (Standard 3–4,
        Lopaka and Glitterhuis 2); without a variant 2–4 (two play with Lopaka)."""
        variant = options.get("variant")
        if variant is None:
            return self.min_players, self.max_players
        return PLAYERS.get(str(variant), (self.min_players, self.max_players))

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[FState, list[Event]]:
        variant = options.get("variant", STANDARD if len(players) > 2 else LOPAKA)
        if variant not in PLAYERS:
            raise IllegalAction("ft.bad_variant")
        low, high = PLAYERS[str(variant)]
        check_seating(players, low, high, reserved=[LOPAKA_NAME])
        hands_option, target = options.get("hands"), options.get("target")
        hands = [Hand(p) for p in players]
        if variant == LOPAKA:
            hands.append(Hand(LOPAKA_NAME, dummy=True))
        state = FState(
            variant=str(variant),
            hands=hands,
            hands_to_play=hands_option
            if isinstance(hands_option, int) and hands_option > 0
            else len(players),
            target=target if isinstance(target, int) and target > 0 else None,
        )
        return state, rules.start_hand(state, rng)

    def to_act(self, state: FState) -> frozenset[int]:
        return frozenset(rules.to_act(state))

    def legal_actions(self, state: FState, seat: int) -> list[Action]:
        """Plays list every legal card; discards and passes list one action per card (a
        standard pass is any two different cards: ``left``/``right`` pairs are not listed)."""
        if seat not in rules.to_act(state):
            return []
        if state.phase == PLAY:
            return [Action("play", {"card": c}) for c in rules.playable(state, seat)]
        if state.phase == OPEN:
            return [Action("open", {"set": 1}), Action("open", {"set": 2})]
        hand = state.hands[seat]
        source = [c for c in rules.choice_source(state, seat) if c not in hand.passed]
        actions = []
        if state.phase == DISCARD and not hand.discarded:
            actions += [Action("discard", {"card": c}) for c in source]
        if (state.phase == PASS or state.variant == GLITTERHUIS) and not hand.passed:
            if state.variant == STANDARD:
                actions += [
                    Action("pass", {"left": a, "right": b})
                    for a in source
                    for b in source
                    if a != b
                ][:50]
            else:
                actions += [Action("pass", {"card": c}) for c in source]
        return actions

    def absence_action(self, state: FState, seat: int) -> Action | None:
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        verb = legal[0].do
        if verb == "pass" and state.variant == STANDARD:
            hand = state.hands[seat]
            low = sorted(c for c in rules.choice_source(state, seat) if c not in hand.passed)
            return Action("pass", {"left": low[0], "right": low[1]})
        carded = [a for a in legal if a.do == verb and "card" in a.args]
        if carded:
            return min(carded, key=lambda a: int(a.args["card"]))
        return legal[0]  # open: the first set

    def apply(self, state: FState, seat: int, action: Action, rng: Rng) -> list[Event]:
        return rules.apply(state, seat, action, rng)

    def check(self, state: FState, seat: int, verb: str | None) -> None:
        rules.check(state, seat, verb)

    def redact(self, event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON] | None:
        """Hands, the devil's trick, discards and passes only to whom they belong."""
        return _redact(event, viewer)

    def is_over(self, state: FState) -> bool:
        return state.phase == OVER

    def result(self, state: FState) -> dict[str, JSON]:
        return {h.player: h.total for h in state.hands}

    def players(self, state: FState) -> list[str]:
        return [h.player for h in state.hands if not h.dummy]

    def places(self, state: FState) -> dict[str, int]:
        """By total score, the highest first; Lopaka (the dummy) takes no place."""
        return ranked({h.player: (h.total,) for h in state.hands if not h.dummy})
