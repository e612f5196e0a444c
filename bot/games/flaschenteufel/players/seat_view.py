"""Reading a Flaschenteufel view for a computer player: the seat's legal actions, and what
the seat knows about the cards (:class:`Seen`), from its own view alone.

The view holds the seat's hand, the trick on the table, the bottle's price and owner, each
seat's card and trick counts and totals. Where it also holds the hand's history (the
completed tricks under ``played``, and for the viewer alone his ``discard`` and the cards
he ``gave`` left and right), :func:`seen` reads it too; without
it the cards played in earlier tricks are simply not known (they are among the unseen
cards, and only the voids shown in the trick on the table count).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.engine import JSON, Action
from bot.games.flaschenteufel.cards import COLOUR, DECK, POINTS, START
from bot.games.flaschenteufel.tricks import winning_card
from bot.games.flaschenteufel.view import FSeat, FTrickCard, typed_view

STANDARD = "standard"
Verb = Literal["play", "discard", "pass", "open"]  # the legal part's keys
AVERAGE_POINTS = sum(POINTS.values()) / len(POINTS)  # 3.5 coins a card


def own_turn(view: Mapping[str, JSON], seat: int) -> FSeat:
    """``seat``'s entry in ``view`` if the view is his and he is to act, else ValueError."""
    shown = typed_view(view)
    seats = shown["seats"]
    if shown["viewer"] != seat or seat >= len(seats):
        raise ValueError(f"not a view of seat {seat}")
    entry = seats[seat]
    if entry["player"] not in shown["to_act"]:
        raise ValueError(f"seat {seat} is not to act")
    return entry


def legal_cards(view: Mapping[str, JSON], verb: Verb) -> list[int]:
    return list(typed_view(view)["legal"][verb])


def standard(view: Mapping[str, JSON]) -> bool:
    return typed_view(view)["variant"] == STANDARD


def verb_now(view: Mapping[str, JSON]) -> Verb:
    """The one kind of choice the seat makes now: play, open, discard or pass (a
    Glitterhuis seat that may both discard and pass discards first)."""
    verbs: tuple[Verb, ...] = ("play", "open", "discard", "pass")
    for verb in verbs:
        if legal_cards(view, verb):
            return verb
    raise ValueError("nothing to choose")


def pass_action(view: Mapping[str, JSON], cards: Sequence[int]) -> Action:
    """A pass of ``cards``: ``[left, right]`` at a standard table, one card otherwise."""
    if standard(view):
        return Action("pass", {"left": cards[0], "right": cards[1]})
    return Action("pass", {"card": cards[0]})


def legal_actions(view: Mapping[str, JSON], seat: int) -> list[Action]:
    """Every action ``seat`` may take now (a standard pass: every ordered pair of different
    cards; the engine lists only the first 50 of them)."""
    own_turn(view, seat)
    actions = [Action("play", {"card": c}) for c in legal_cards(view, "play")]
    actions += [Action("open", {"set": s}) for s in legal_cards(view, "open")]
    actions += [Action("discard", {"card": c}) for c in legal_cards(view, "discard")]
    passable = legal_cards(view, "pass")
    if standard(view):
        actions += [pass_action(view, pair) for pair in itertools.permutations(passable, 2)]
    else:
        actions += [pass_action(view, [c]) for c in passable]
    return actions


@dataclass(frozen=True)
class Seen:
    """What a seat at a standard table knows of the cards (seats are 0..n-1, play goes to
    the next higher seat, the viewer passes left to ``seat + 1`` and right to ``seat - 1``)."""

    seat: int
    players: int
    hand: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    price: int
    owner: int | None
    counts: tuple[int, ...]  # cards in each seat's hand
    devil_count: int
    out: frozenset[int]  # cards known to be in no hand and not in the devil's trick
    voids: tuple[frozenset[str], ...]  # per seat: colours it is known to lack
    holds: tuple[frozenset[int], ...]  # per other seat: cards known to be in its hand
    devil_known: frozenset[int]  # cards known to lie in the devil's trick
    won: tuple[float, ...]  # per seat: coins won this hand (an estimate without history)
    totals: tuple[int, ...]

    def unseen(self) -> list[int]:
        """Cards in another seat's hand or the devil's trick or played unseen."""
        mine = set(self.hand)
        return [c for c in DECK if c not in mine and c not in self.out]

    def leader(self) -> int:
        """Who leads the trick on the table (the viewer, if it is empty)."""
        return self.trick[0][0] if self.trick else self.seat


def seen(view: Mapping[str, JSON], seat: int) -> Seen:
    """What ``seat`` knows, from the parts of its view that are its own or public."""
    entry = own_turn(view, seat)
    shown = typed_view(view)
    seats = shown["seats"]
    by_name = {s["player"]: i for i, s in enumerate(seats)}
    n = len(seats)
    hand = tuple(sorted(entry["cards"] or []))
    trick = _trick(shown["trick"], by_name)
    price = shown["price"]
    owner_name = shown["owner"]
    owner = None if owner_name is None else by_name[owner_name]
    counts = tuple(s["count"] for s in seats)
    totals = tuple(s["total"] for s in seats)
    voids: list[set[str]] = [set() for _ in range(n)]
    out = {c for _, c in trick}
    if price != START:
        out.add(price)
    _void_marks(trick, voids)
    played = shown.get("played")
    history = None if played is None else [_trick(past, by_name) for past in played]
    for done in history or []:
        out.update(c for _, c in done)
        _void_marks(done, voids)
    holds: list[set[int]] = [set() for _ in range(n)]
    gave = entry.get("gave") or []
    for target, card in zip(((seat + 1) % n, (seat - 1) % n), gave, strict=False):
        if card not in out:
            holds[target].add(card)
    discard = entry.get("discard")
    devil_known = frozenset() if discard is None else frozenset([discard])
    won = _estimate(seats, trick_size(view)) if history is None else _replay(history, n)
    return Seen(
        seat=seat,
        players=n,
        hand=hand,
        trick=trick,
        price=price,
        owner=owner,
        counts=counts,
        devil_count=shown["devil_count"],
        out=frozenset(out),
        voids=tuple(frozenset(v) for v in voids),
        holds=tuple(frozenset(h) for h in holds),
        devil_known=devil_known,
        won=won,
        totals=totals,
    )


def _void_marks(trick: Sequence[tuple[int, int]], voids: list[set[str]]) -> None:
    """A seat that did not follow the led colour has none of it."""
    if not trick:
        return
    led = COLOUR[trick[0][1]]
    for player, card in trick[1:]:
        if COLOUR[card] != led:
            voids[player].add(led)


def _trick(cards: Sequence[FTrickCard], by_name: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    """A trick of the view as (seat, card) pairs in play order."""
    return tuple((by_name[t["player"]], t["card"]) for t in cards)


def _replay(history: Sequence[Sequence[tuple[int, int]]], n: int) -> tuple[float, ...]:
    """Coins each seat has won in the completed tricks of this hand, replayed from the
    start price: the bottle's card goes under the bottle, the card it replaces to the
    previous owner (the start card to nobody)."""
    won = [0.0] * n
    price, owner = START, None
    for done in history:
        card, buys = winning_card([c for _, c in done], price)
        winner = next(s for s, c in done if c == card)
        won[winner] += sum(POINTS[c] for _, c in done)
        if buys:
            won[winner] -= POINTS[card]
            if owner is not None and price != START:
                won[owner] += POINTS[price]
            price, owner = card, winner
    return tuple(won)


def _estimate(seats: Sequence[FSeat], size: int) -> tuple[float, ...]:
    """Without the history: each trick of ``size`` cards won at the average value of a
    trick (one of its cards may have bought the bottle: not counted)."""
    return tuple(s["tricks"] * (size - 1) * AVERAGE_POINTS for s in seats)


def trick_size(view: Mapping[str, JSON]) -> int:
    """Cards in a complete trick: one a seat (standard), three with Lopaka, four in
    Glitterhuis (each player plays twice)."""
    shown = typed_view(view)
    if shown["variant"] == STANDARD:
        return len(shown["seats"])
    return 4 if shown["variant"] == "glitterhuis" else 3
