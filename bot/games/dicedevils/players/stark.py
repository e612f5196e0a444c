"""Dice Devils, level "stark": every choice by its expected value, from the seat's view.

Placement: for each slot, the expected points it brings, with

* its own score from the dice under its cup (the Satansbraten's with the Oberteufel's
  lowest die as a distribution, the Oberteufel's lowest die known to himself);
* the others' hidden scores as distributions (:mod:`bot.players.dicedevils_odds`),
  conditioned on what they did: a demon who placed before it chose his slot under the
  opponent model below, so only the scores that make that choice keep their weight (mixed
  with the prior, :data:`TRUST`);
* the demons still to place (lower ranks) played out by the opponent model: each, for every
  score he may hold, places where his chance to win times the item's worth to him is
  highest; every branch of their choices is followed with its probability, and a demon who
  joins its fight brings the scores that lead there;
* the fight at its slot counted exactly (ties, the Springteufel, the Spielteufel's re-roll),
  with what a winning Fehlerteufel steals from it or for it;
* the items the others win counted against it (:func:`denial`: mostly those of the
  opponent ahead on points, so that a leader is contested rather than left alone).

Decisions after a fight: the Spielteufel makes his opponents re-roll when that raises his
chance to win; a winner swaps rank with the loser whose rank is worth most
(:data:`RANK_WORTH`) if it is worth more than his own; the Fehlerteufel steals and the
Putzteufel swaps the item that changes the points most in his favour (his gain plus the
loser's loss, the latter weighted like the denial in placement).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import JSON, Action
from bot.games.dicedevils.players import odds
from bot.games.dicedevils.players.odds import Dist
from bot.games.dicedevils.players.seat_view import (
    check_seat,
    demons,
    fight_dice,
    fighters_at,
    gain,
    item_at,
    items_of,
    legal_actions,
    loss,
    open_slots,
    own_dice,
    rank_of,
    rank_order,
    seat_named,
    seat_of_rank,
    slot_of,
    swap_gain,
)
from bot.games.dicedevils.rules import points
from bot.games.dicedevils.state import FEHLER, OBER, PUTZ, SATANS, SPIEL, SPRING, VALUE

TRUST = 0.75  # weight of the conditioned distribution of an earlier demon's score
DENIAL = 1.0  # the others' gains count against mine with these weights in all (denial)
LEAD = 2.0  # extra weight of the opponent ahead on points (see denial)
RANK_WORTH = {OBER: 1.35, SPIEL: 1.2, FEHLER: 1.0, SPRING: 1.0, PUTZ: 0.95, SATANS: 0.55}
"""Points per round a rank brought in self-play of this level (3-5 players, random ranks;
the Springteufel, seen at six players only, set between)."""
Occupancy = tuple[tuple[int, ...], ...]  # per slot: the seats placed there, in rank order


def denial(view: Mapping[str, JSON], seat: int) -> list[float]:
    """Per seat, how much its gains count against ``seat``'s: :data:`DENIAL` shared among
    the opponents, the one(s) ahead on points weighing ``1 + LEAD`` against 1."""
    pts = [points(items_of(view, s)) for s in range(len(demons(view)))]
    best = max(p for s, p in enumerate(pts) if s != seat)
    raw = [0.0 if s == seat else 1.0 + LEAD * (p == best) for s, p in enumerate(pts)]
    return [DENIAL * w / sum(raw) for w in raw]


def score_of(rank: str, dice: list[int], ober_low: int | None) -> Dist:
    """The score of known dice (the Satansbraten's with the Oberteufel's lowest die as
    known or as a distribution)."""
    if rank == OBER:
        return odds.point(sum(sorted(dice)[-2:]))
    if rank == SATANS:
        return odds.satans_score(sum(dice), ober_low)
    return odds.point(sum(dice))


def signal(rank: str) -> Dist:
    """What a demon knows of his own score before the fight: his dice's sum (the
    Oberteufel's two highest); the Satansbraten lacks the Oberteufel's lowest die."""
    return odds.dice_sum(2, 4) if rank == SATANS else odds.prior(rank)


class Placement:
    """The placement of one seat, from its view."""

    def __init__(self, view: Mapping[str, JSON], seat: int) -> None:
        self.view, self.seat = view, seat
        self.n = len(demons(view))
        self.ranks = [rank_of(view, s) for s in range(self.n)]
        self.items = [items_of(view, s) for s in range(self.n)]
        self.slots = open_slots(view)
        self.display = [item_at(view, c) for c in self.slots]
        dice = own_dice(view, seat)
        self.ober_low = min(dice) if self.ranks[seat] == OBER else None
        self.mine = score_of(self.ranks[seat], dice, None)
        self.order = rank_order(view)
        self.against = denial(view, seat)
        self._worth: dict[tuple[int, int], int] = {}
        self._fights: dict[tuple[int, tuple[tuple[int, Dist | None], ...]], float] = {}
        self._choices: dict[tuple[int, Occupancy], dict[int, dict[int, float]]] = {}
        self.known = {s: self._observed(s) for s in self.order[: self.order.index(seat)]}

    # --- the opponent model --------------------------------------------------------------

    def worth(self, seat: int, slot: int) -> int:
        key = (seat, slot)
        if key not in self._worth:
            self._worth[key] = gain(self.items[seat], self.display[slot])
        return self._worth[key]

    def choices(self, seat: int, occupancy: Occupancy) -> dict[int, dict[int, float]]:
        """Under the opponent model: slot -> {signal: probability} of ``seat``'s choice."""
        key = (seat, occupancy)
        if key not in self._choices:
            rank = self.ranks[seat]
            by_slot: dict[int, dict[int, float]] = {}
            for sig, p in signal(rank):
                hopes = [self._hope(seat, sig, occupancy[c], c) for c in self.slots]
                best = self.slots[hopes.index(max(hopes))]
                by_slot.setdefault(best, {})[sig] = p
            self._choices[key] = by_slot
        return self._choices[key]

    def _hope(self, seat: int, sig: int, there: tuple[int, ...], slot: int) -> float:
        """What ``seat`` expects of ``slot`` knowing his dice (``sig``), the others' hidden."""
        worth = self.worth(seat, slot)
        if not there:
            return float(worth)
        others = tuple(self.ranks[s] for s in there)
        return odds.against_priors(self.ranks[seat], sig, others) * worth

    def occupancy(self, placed: Mapping[int, int]) -> Occupancy:
        return tuple(tuple(s for s in self.order if placed.get(s) == c) for c in self.slots)

    def _observed(self, seat: int) -> Dist:
        """The signal of a demon who placed before: conditioned on his choice."""
        before = self.order[: self.order.index(seat)]
        placed = {s: slot_of(self.view, s) for s in before}
        slot = slot_of(self.view, seat)
        kept = self.choices(seat, self.occupancy(placed)).get(slot, {})
        prior = signal(self.ranks[seat])
        if not kept:
            return prior
        conditioned = odds.dist(kept)
        weights = {x: TRUST * p for x, p in conditioned}
        for x, p in prior:
            weights[x] = weights.get(x, 0.0) + (1 - TRUST) * p
        return odds.dist(weights)

    # --- my expectation ----------------------------------------------------------------

    def score(self, seat: int, sig: Dist) -> Dist:
        if seat == self.seat:
            return self.mine
        if self.ranks[seat] == SATANS:
            return odds.add(
                sig, odds.ober_lowest() if self.ober_low is None else odds.point(self.ober_low)
            )
        return sig

    def fresh(self, seat: int) -> Dist:
        return odds.prior(self.ranks[seat], self.ober_low)

    def expected(self, slot: int) -> float:
        placed = {s: slot_of(self.view, s) for s in self.known}
        placed[self.seat] = slot
        later = self.order[self.order.index(self.seat) + 1 :]
        return self._explore(placed, dict(self.known), later)

    def _explore(self, placed: dict[int, int], sigs: dict[int, Dist], later: list[int]) -> float:
        if not later:
            return self._settle(placed, sigs)
        seat, rest = later[0], later[1:]
        total = 0.0
        for slot, kept in self.choices(seat, self.occupancy(placed)).items():
            mass = sum(kept.values())
            total += mass * self._explore(
                {**placed, seat: slot}, {**sigs, seat: odds.dist(kept)}, rest
            )
        return total

    def _settle(self, placed: dict[int, int], sigs: dict[int, Dist]) -> float:
        """Points won by me minus DENIAL times the others' share, once all are placed."""
        value = 0.0
        for slot, there in enumerate(self.occupancy(placed)):
            if not there:
                continue
            if self.seat not in there and not any(self.against[s] for s in there):
                continue
            key = (slot, tuple((s, sigs.get(s)) for s in there))
            if key not in self._fights:
                self._fights[key] = self._fight(slot, there, sigs)
            value += self._fights[key]
        return value

    def _fight(self, slot: int, fighters: tuple[int, ...], sigs: Mapping[int, Dist]) -> float:
        """The fight at ``slot`` (or the item taken alone): my expected gain, the others'
        counted against it."""
        dists = tuple(self.score(s, sigs.get(s, signal(self.ranks[s]))) for s in fighters)
        fresh = tuple(self.fresh(s) for s in fighters)
        ranks = tuple(self.ranks[s] for s in fighters)
        value = 0.0
        for i, s in enumerate(fighters):
            p = 1.0 if len(fighters) == 1 else odds.chance(i, dists, fresh, ranks)
            worth = self.worth(s, slot)
            value += p * worth if s == self.seat else -self.against[s] * p * worth
            if len(fighters) > 1 and self.seat in fighters:
                value += p * self._after(s, [f for f in fighters if f != s])
        return value

    def _after(self, winner: int, losers: list[int]) -> float:
        """What a fight's aftermath is worth to me: a winning Fehlerteufel steals the
        value-1 item worth most to him. (The rank the winner may take is left out: counting
        it for the next rounds, at the ranks' measured worth, made this level weaker.)"""
        if self.ranks[winner] != FEHLER:
            return 0.0
        ones = [(s, i) for s in losers for i in set(self.items[s]) if VALUE[i] == 1]
        if not ones:
            return 0.0
        victim, item = max(ones, key=lambda si: gain(self.items[winner], si[1]))
        if winner == self.seat:
            return float(gain(self.items[winner], item))
        return -float(loss(self.items[victim], item)) if victim == self.seat else 0.0


def place(view: Mapping[str, JSON], seat: int) -> Action:
    model = Placement(view, seat)
    best = max(model.slots, key=model.expected)
    return Action("place", {"slot": best})


def reroll(view: Mapping[str, JSON], seat: int) -> Action:
    """Force the re-roll when it raises the Spielteufel's chance to win."""
    shown = fight_dice(view, seat)
    fighters = fighters_at(view, slot_of(view, seat))
    ober = seat_of_rank(view, OBER)
    low = min(shown[ober]) if ober is not None and ober in shown else None
    ranks = tuple(rank_of(view, s) for s in fighters)
    scores = tuple(int(odds.mean(score_of(rank_of(view, s), shown[s], low))) for s in fighters)
    fresh_low = None if ober in fighters else low
    fresh = tuple(odds.prior(rank_of(view, s), fresh_low) for s in fighters)
    force = odds.spiel_forces(fighters.index(seat), scores, fresh, ranks)
    return Action("reroll", {"force": force})


def swap_rank(view: Mapping[str, JSON], seat: int, legal: list[Action]) -> Action:
    mine = RANK_WORTH[rank_of(view, seat)]
    offers = [a for a in legal if "with" in a.args]
    if offers:
        best = max(
            offers, key=lambda a: RANK_WORTH[rank_of(view, seat_named(view, a.args["with"]))]
        )
        if RANK_WORTH[rank_of(view, seat_named(view, best.args["with"]))] > mine:
            return best
    return Action("swap_rank", {"skip": True})


def take_item(view: Mapping[str, JSON], seat: int, legal: list[Action]) -> Action:
    """The steal or item swap that changes the points most in my favour (or none)."""
    against = denial(view, seat)
    mine = items_of(view, seat)

    def net(action: Action) -> float:
        if action.args.get("skip") is True:
            return 0.0
        other = seat_named(view, action.args.get("from", action.args.get("with")))
        theirs = items_of(view, other)
        take = str(action.args["item" if action.do == "steal" else "take"])
        if action.do == "steal":
            return gain(mine, take) + against[other] * loss(theirs, take)
        give = str(action.args["give"])
        return swap_gain(mine, give, take) - against[other] * swap_gain(theirs, take, give)

    return max(legal, key=net)


class Stark:
    game = "dicedevils"
    level = "stark"

    def decide(self, view: Mapping[str, JSON], seat: int) -> Action:
        check_seat(view, seat)
        legal = legal_actions(view, seat)
        verb = legal[0].do
        if verb == "place":
            return place(view, seat)
        if verb == "reroll":
            return reroll(view, seat)
        if verb == "swap_rank":
            return swap_rank(view, seat, legal)
        return take_item(view, seat, legal)
