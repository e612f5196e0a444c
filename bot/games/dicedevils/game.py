"""Dice Devils as a :class:`bot.engine.Game`.

The absence rule (a player out of time, or declared absent): place at the first free slot;
skip re-rolls, abilities and rank swaps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.engine.base import Engine, plain_view
from bot.engine.core import GameInfo, check_seating
from bot.engine.places import ranked
from bot.games.dicedevils import rules
from bot.games.dicedevils.state import (
    BY_COUNT,
    OBER,
    OVER,
    PLACE,
    RANKS,
    SATANS,
    VALUE,
    DDState,
    Demon,
)
from bot.games.dicedevils.view import redact as _redact
from bot.games.dicedevils.view import view as _view


class DiceDevils(Engine[DDState]):
    info = GameInfo("dicedevils", 3, 6, secrets=True)
    state_type = DDState

    def view_of(
        self, state: DDState, viewer: int | None, legal: Sequence[Action]
    ) -> dict[str, JSON]:
        return plain_view(_view(state, viewer, legal))

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], rng: Rng
    ) -> tuple[DDState, list[Event]]:
        """Ranks: ``options.ranks`` (own selection), else ``random_ranks`` (the bot deals the
        markers at random), else by seat in the rank order for the player count."""
        check_seating(players, self.min_players, self.max_players)
        chosen = options.get("ranks")
        if isinstance(chosen, dict):
            ranks = [chosen.get(p) for p in players]
            if sorted(map(str, ranks)) != sorted(set(map(str, ranks))) or not all(
                r in RANKS for r in ranks
            ):
                raise IllegalAction("dd.bad_ranks")
            if SATANS in ranks and OBER not in ranks:
                raise IllegalAction("dd.satans_needs_ober")
        elif options.get("random_ranks") is True:
            ranks = rng.shuffle(BY_COUNT[len(players)])
        else:
            ranks = list(BY_COUNT[len(players)])
        demons = [Demon(p, str(r)) for p, r in zip(players, ranks, strict=True)]
        state = DDState(demons=demons, more_fights=options.get("variant") == "more_fights")
        return state, rules.start_round(state, rng)

    def to_act(self, state: DDState) -> frozenset[int]:
        return frozenset(rules.to_act(state))

    def legal_actions(self, state: DDState, seat: int) -> list[Action]:
        if seat not in rules.to_act(state):
            return []
        if state.phase == PLACE:
            return [Action("place", {"slot": i}) for i in range(len(state.display))]
        fight = rules.current_fight(state)
        losers = [state.demons[s].player for s in fight.seats if s != fight.winner]
        if fight.stage == "reroll":
            return [Action("reroll", {"force": True}), Action("reroll", {"force": False})]
        if fight.stage == "rank":
            return [Action("swap_rank", {"skip": True})] + [
                Action("swap_rank", {"with": p}) for p in losers
            ]
        verb = rules.ability_verb(state, fight)
        mine = sorted(set(state.demons[seat].items))
        options: list[Action] = [Action(str(verb), {"skip": True})]
        for loser in (s for s in fight.seats if s != fight.winner):
            demon = state.demons[loser]
            for item in sorted(set(demon.items)):
                if verb == "steal" and VALUE[item] == 1:
                    options.append(Action("steal", {"from": demon.player, "item": item}))
                elif verb == "swap_item":
                    options += [
                        Action("swap_item", {"with": demon.player, "give": give, "take": item})
                        for give in mine
                    ]
        return options

    def absence_action(self, state: DDState, seat: int) -> Action | None:
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        if legal[0].do == "place":
            used = {d.slot for d in state.demons if d.slot is not None}
            free = [a for a in legal if a.args["slot"] not in used]
            return (free or legal)[0]
        skips = [a for a in legal if a.args.get("skip") is True or a.args.get("force") is False]
        return skips[0] if skips else legal[0]

    def apply(self, state: DDState, seat: int, action: Action, rng: Rng) -> list[Event]:
        return rules.apply(state, seat, action, rng)

    def check(self, state: DDState, seat: int, verb: str | None) -> None:
        rules.check(state, seat, verb)

    def redact(self, event: Mapping[str, JSON], viewer: str | None) -> dict[str, JSON] | None:
        """The dice under a cup only to its owner until a fight reveals them."""
        return _redact(event, viewer)

    def is_over(self, state: DDState) -> bool:
        return state.phase == OVER

    def result(self, state: DDState) -> dict[str, JSON]:
        return {d.player: rules.points(d.items) for d in state.demons}

    def players(self, state: DDState) -> list[str]:
        return [d.player for d in state.demons]

    def places(self, state: DDState) -> dict[str, int]:
        """By points; the rules settle every tie: the Springteufel wins it, else the
        higher rank (so no two players share a place)."""
        return ranked({d.player: rules.place_key(d) for d in state.demons})
