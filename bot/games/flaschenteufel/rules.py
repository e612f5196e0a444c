"""Flaschenteufel: deal, devil's trick, passing, tricks with the bottle, scoring.

Every handler checks before it changes anything. Events that carry hidden cards are marked
``secret``: they belong to the log (every card dealt is in it), and the engine's ``redact``
(:func:`bot.games.flaschenteufel.view.redact`) hands on only what each viewer may see.
"""

from __future__ import annotations

from bot.engine import JSON, Action, Event, IllegalAction, Rng
from bot.games.flaschenteufel.cards import COLOUR, DECK, START, points
from bot.games.flaschenteufel.state import (
    DISCARD,
    GLITTERHUIS,
    LOPAKA,
    OPEN,
    OVER,
    PASS,
    PLAY,
    STANDARD,
    FState,
)
from bot.games.flaschenteufel.tricks import legal, lopaka_card, winning_card

# --- seating ------------------------------------------------------------------------------


def cycle(state: FState) -> list[int]:
    """Seats clockwise from the player left of this hand's dealer (who leads first)."""
    return seat_cycle(state.variant, state.hand_number, len(state.hands))


def seat_cycle(variant: str, hand_number: int, seats: int) -> list[int]:
    """:func:`cycle` of hand ``hand_number`` of a ``variant`` table of ``seats`` hands
    (Lopaka's included): what a computer player reads from a view."""
    h = hand_number - 1
    if variant == STANDARD:
        dealer = (seats - 1 + h) % seats
        return [(dealer + 1 + i) % seats for i in range(seats)]
    dealer = (1 + h) % 2
    if variant == LOPAKA:
        return [1 - dealer, 2, dealer]  # Lopaka sits right of the dealer
    return [1 - dealer, dealer]


def sequence(state: FState) -> list[int]:
    """Who plays the cards of the current trick, in order."""
    if state.variant == GLITTERHUIS:
        other = 1 - state.leader
        return [state.leader, other, state.leader, other]
    seats = cycle(state)
    start = seats.index(state.leader)
    return seats[start:] + seats[:start]


def humans(state: FState) -> list[int]:
    return [i for i, hand in enumerate(state.hands) if not hand.dummy]


def to_act(state: FState) -> list[int]:
    if state.phase == PLAY:
        return [sequence(state)[len(state.trick)]]
    if state.phase == OVER:
        return []
    waiting = []
    for seat in humans(state):
        hand = state.hands[seat]
        if state.phase == OPEN:
            done = bool(hand.open_set) or not hand.sets
        elif state.variant == GLITTERHUIS:
            done = hand.discarded and bool(hand.passed)
        elif state.phase == DISCARD:
            done = hand.discarded
        else:
            done = bool(hand.passed)
        if not done:
            waiting.append(seat)
    return waiting


# --- a new hand ---------------------------------------------------------------------------


def start_hand(state: FState, rng: Rng) -> list[Event]:
    deck = rng.shuffle(DECK)
    for hand in state.hands:
        hand.cards, hand.open_set, hand.sets, hand.won = [], [], [], []
        hand.tricks, hand.discarded, hand.passed = 0, False, []
    players = humans(state)
    if state.variant == STANDARD:
        size = len(DECK) // len(players)
        for index, seat in enumerate(players):
            state.hands[seat].cards = sorted(deck[index * size : (index + 1) * size])
        state.devil, state.phase = [], DISCARD
    elif state.variant == LOPAKA:
        for index in range(3):
            state.hands[index].cards = sorted(deck[index * 11 : (index + 1) * 11])
        state.devil, state.phase = sorted(deck[33:]), PASS
    else:
        for index in range(2):
            base = index * 18
            state.hands[index].sets = [
                sorted(deck[base : base + 9]),
                sorted(deck[base + 9 : base + 18]),
            ]
        state.devil, state.phase, state.stage = [], DISCARD, 1
    state.price, state.owner, state.price_history, state.trick = START, None, [START], []
    state.leader = cycle(state)[0]
    dealt = {h.player: (h.sets or h.cards) for h in state.hands}
    return [
        Event("hand", {"hand": state.hand_number, "leader": state.name(state.leader)}),
        Event("deal", {"secret": True, "hands": dealt, "devil": list(state.devil)}),
    ]


# --- actions ------------------------------------------------------------------------------


def check(state: FState, seat: int, verb: str | None) -> None:
    """Whether ``seat`` may ``verb`` now (None: whatever he has to choose now), or the
    refusal: the first checks of every action, and what a prompt asks before it opens.
    While everyone chooses at once (discarding, passing, opening), a player who has chosen
    is told whom the table awaits."""
    if state.phase == OVER:
        raise IllegalAction("game.over")
    if verb is not None and verb not in _HANDLERS:
        raise IllegalAction("game.unknown_action", action=verb)
    if seat in to_act(state):
        return
    if state.phase == PLAY:
        raise IllegalAction("game.not_your_turn", player=state.name(to_act(state)[0]), count=1)
    if seat not in humans(state):
        raise IllegalAction("game.not_a_player")
    if not to_act(state):
        raise IllegalAction("game.nobody_to_act")
    waiting = [state.name(s) for s in to_act(state)]
    raise IllegalAction("ft.already_chosen", player=waiting, count=len(waiting))


def apply(state: FState, seat: int, action: Action, rng: Rng) -> list[Event]:
    check(state, seat, action.do)
    return _HANDLERS[action.do](state, seat, action, rng)


def _card(action: Action, key: str = "card") -> int:
    card = action.args.get(key)
    if not isinstance(card, int) or isinstance(card, bool):
        raise IllegalAction("ft.bad_card")
    return card


def choice_source(state: FState, seat: int) -> list[int]:
    """Where discards and passes come from: the hand, or (Glitterhuis) the current set."""
    hand = state.hands[seat]
    return hand.sets[state.stage - 1] if state.variant == GLITTERHUIS else hand.cards


def _discard(state: FState, seat: int, action: Action, rng: Rng) -> list[Event]:
    if state.phase != DISCARD:
        raise IllegalAction(f"ft.phase.{state.phase}")
    hand = state.hands[seat]
    if hand.discarded:
        raise IllegalAction("ft.already_done")
    card = _card(action)
    if card not in choice_source(state, seat) or card in hand.passed:
        raise IllegalAction("ft.not_in_hand", card=card)
    choice_source(state, seat).remove(card)
    state.devil.append(card)
    hand.discarded = True
    events = [Event("discard", {"player": hand.player, "card": card, "secret": True})]
    return events + _after_choices(state, rng)


def _pass(state: FState, seat: int, action: Action, rng: Rng) -> list[Event]:
    if state.phase not in (PASS, DISCARD) or (
        state.phase == DISCARD and state.variant != GLITTERHUIS
    ):
        raise IllegalAction(f"ft.phase.{state.phase}")
    hand = state.hands[seat]
    if hand.passed:
        raise IllegalAction("ft.already_done")
    source = choice_source(state, seat)
    if state.variant == STANDARD:
        chosen = [_card(action, "left"), _card(action, "right")]
        if chosen[0] == chosen[1]:
            raise IllegalAction("ft.pass_two")
    else:
        chosen = [_card(action)]
        wanted_set = action.args.get("set")
        if state.variant == GLITTERHUIS and wanted_set is not None and wanted_set != state.stage:
            raise IllegalAction("ft.wrong_set", set=state.stage)
    for card in chosen:
        if card not in source:
            raise IllegalAction("ft.not_in_hand", card=card)
    hand.passed = chosen
    events = [Event("pass", {"player": hand.player, "cards": chosen, "secret": True})]
    return events + _after_choices(state, rng)


def _after_choices(state: FState, rng: Rng) -> list[Event]:
    """When everybody has discarded / passed, the cards move and the next phase begins."""
    if to_act(state):
        return []
    if state.phase == DISCARD and state.variant == STANDARD:
        state.phase = PASS
        return [Event("phase", {"phase": PASS})]
    received = _move_passed(state)
    for seat in humans(state):
        state.hands[seat].passed, state.hands[seat].discarded = [], False
    if state.variant == GLITTERHUIS and state.stage == 1:
        state.stage = 2
        return [received, Event("phase", {"phase": DISCARD, "set": 2})]
    state.phase = OPEN if state.variant == GLITTERHUIS else PLAY
    return [received, Event("phase", {"phase": state.phase}), *_auto(state, rng)]


def pass_targets(state: FState, seat: int) -> list[int]:
    """Whom a seat passes to: its left and right neighbour (Standard), or the other
    player (two players)."""
    if state.variant == STANDARD:
        seats = cycle(state)
        i, n = seats.index(seat), len(seats)
        return [seats[(i + 1) % n], seats[(i - 1) % n]]
    return [next(s for s in humans(state) if s != seat)]


def _move_passed(state: FState) -> Event:
    """Move the chosen cards; the secret event says per receiver which card came from
    whom (each player is told only his own)."""
    received: dict[str, list[JSON]] = {state.hands[s].player: [] for s in humans(state)}
    for seat in humans(state):
        giver = state.hands[seat]
        for target, card in zip(pass_targets(state, seat), giver.passed, strict=True):
            choice_source(state, seat).remove(card)
            choice_source(state, target).append(card)
            received[state.hands[target].player].append([giver.player, card])
    for hand in state.hands:
        hand.cards.sort()
        for cards in hand.sets:
            cards.sort()
    return Event("received", {"cards": dict(received), "secret": True})


def _open(state: FState, seat: int, action: Action, rng: Rng) -> list[Event]:
    if state.phase != OPEN:
        raise IllegalAction(f"ft.phase.{state.phase}")
    chosen = action.args.get("set")
    if chosen not in (1, 2):
        raise IllegalAction("ft.bad_set")
    hand = state.hands[seat]
    hand.open_set = hand.sets[chosen - 1]
    hand.cards = hand.sets[2 - chosen]
    hand.sets = []
    events = [Event("open", {"player": hand.player, "set": chosen, "cards": list(hand.open_set)})]
    if not to_act(state):
        state.phase = PLAY
        events.append(Event("phase", {"phase": PLAY}))
    return events


def _play_source(state: FState, seat: int) -> list[int]:
    """Glitterhuis: the first two cards of a trick come from the open sets, then the hands."""
    hand = state.hands[seat]
    return hand.open_set if state.variant == GLITTERHUIS and len(state.trick) < 2 else hand.cards


def playable(state: FState, seat: int) -> list[int]:
    """The cards ``seat`` may play now: the led colour from where he plays, if he has it."""
    led = state.trick[0][1] if state.trick else None
    return legal(_play_source(state, seat), led)


def _play(state: FState, seat: int, action: Action, rng: Rng) -> list[Event]:
    if state.phase != PLAY:
        raise IllegalAction(f"ft.phase.{state.phase}")
    card = _card(action)
    if card not in _play_source(state, seat):
        raise IllegalAction("ft.not_in_hand", card=card)
    if card not in playable(state, seat):
        led = state.trick[0][1]
        raise IllegalAction("ft.follow_colour", colour=COLOUR[led])
    return _put(state, seat, card, rng)


def _put(state: FState, seat: int, card: int, rng: Rng) -> list[Event]:
    _play_source(state, seat).remove(card)
    state.trick.append([seat, card])
    events = [Event("play", {"player": state.name(seat), "card": card})]
    if len(state.trick) == len(sequence(state)):
        events += _take_trick(state, rng)
    return events + _auto(state, rng)


def _auto(state: FState, rng: Rng) -> list[Event]:
    """Lopaka plays by himself whenever it is his turn."""
    events: list[Event] = []
    while state.phase == PLAY and state.hands[to_act(state)[0]].dummy:
        seat = to_act(state)[0]
        card = lopaka_card(state.hands[seat].cards, [c for _, c in state.trick], state.price)
        hand = state.hands[seat]
        hand.cards.remove(card)
        state.trick.append([seat, card])
        events.append(Event("play", {"player": hand.player, "card": card}))
        if len(state.trick) == len(sequence(state)):
            events += _take_trick(state, rng)
    return events


def _take_trick(state: FState, rng: Rng) -> list[Event]:
    cards = [card for _, card in state.trick]
    card, buys = winning_card(cards, state.price)
    winner = next(seat for seat, c in state.trick if c == card)
    taken = list(cards)
    event: dict[str, object] = {"winner": state.name(winner), "cards": cards, "bottle": buys}
    if buys:
        old, previous = state.price, state.owner
        if previous is not None and old != START:
            state.hands[previous].won.append(old)
        state.price, state.owner = card, winner
        state.price_history.append(card)
        taken.remove(card)
        event["price"] = card
    state.hands[winner].won += taken
    state.hands[winner].tricks += 1
    state.leader, state.trick = winner, []
    events = [Event("trick", event)]
    if all(not h.cards and not h.open_set for h in state.hands):
        events += _score(state, rng)
    return events


def _score(state: FState, rng: Rng) -> list[Event]:
    scores = {}
    for seat, hand in enumerate(state.hands):
        score = -points(state.devil) if seat == state.owner else points(hand.won)
        hand.total += score
        scores[hand.player] = score
    state.scores.append(scores)
    owner = None if state.owner is None else state.name(state.owner)
    events = [
        Event(
            "hand_end",
            {
                "hand": state.hand_number,
                "devil": sorted(state.devil),
                "owner": owner,
                "price": state.price,
                "scores": scores,
                "totals": {h.player: h.total for h in state.hands},
            },
        )
    ]
    reached = state.target is not None and any(h.total >= state.target for h in state.hands)
    if reached or (state.target is None and state.hand_number >= state.hands_to_play):
        state.phase = OVER
        best = max(h.total for h in state.hands if not h.dummy)
        winners = [h.player for h in state.hands if not h.dummy and h.total == best]
        return [*events, Event("game_end", {"winners": winners})]
    state.hand_number += 1
    return events + start_hand(state, rng)


_HANDLERS = {"discard": _discard, "pass": _pass, "open": _open, "play": _play}
