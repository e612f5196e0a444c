"""Computer players of Flaschenteufel: legal decisions through the engine, decisions from
the seat's view alone, deals of the unseen cards that agree with the view, the rollout's
scoring, and the registry."""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.computer_players import levels, player
from bot.engine import Action, AuditedRng
from bot.games.flaschenteufel import Flaschenteufel
from bot.games.flaschenteufel.cards import COLOUR, DECK, POINTS, points
from bot.games.flaschenteufel.players.rollout import play_out
from bot.games.flaschenteufel.players.sample import deal
from bot.games.flaschenteufel.players.seat_view import legal_actions, seen
from bot.games.flaschenteufel.players.stark import Stark
from bot.games.flaschenteufel.players.styles import STYLES
from bot.games.flaschenteufel.rules import cycle
from bot.games.flaschenteufel.state import FState
from tests.helpers.slow_clock import slow_clock

GAME = Flaschenteufel()
KIND = "flaschenteufel"


def policy(level: str, seed: int) -> Any:
    """The level's player ("style:NAME": a style of the pool); "stark" with few deals, to
    keep the tests fast."""
    if level.startswith("style:"):
        return STYLES[level.removeprefix("style:")](seed)
    return Stark(seed, samples=3) if level == "stark" else player(KIND, level, seed)


def seeded_games(
    levels_: list[str], games: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[FState, int, dict[str, Any], Action]]:
    """Every (state, seat, view, action) of seeded games through the engine; simultaneous
    choices are made one seat after the other, as the bench makes them."""
    for g in range(games):
        rng = AuditedRng(hashlib.sha256(f"ft-players:{levels_}:{g}".encode()).digest())
        names = [f"p{i}" for i in range(len(levels_))]
        policies = [policy(level, g * 10 + i) for i, level in enumerate(levels_)]
        state, _ = GAME.setup(names, {"hands": 1, **(options or {})}, rng)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            view = GAME.views(state, len(names))[1][seat]
            action = policies[seat].decide(view, seat)
            yield state, seat, view, action
            GAME.apply(state, seat, action, rng)  # raises IllegalAction if refused


@pytest.mark.parametrize(
    ("levels_", "options"),
    [
        (["stark", "leicht", "zufall"], {}),
        (["zufall", "stark", "leicht", "stark"], {}),
        (["leicht", "zufall", "leicht", "zufall"], {"hands": 2}),
        (["stark", "leicht"], {"variant": "lopaka"}),
        (["leicht", "stark"], {"variant": "glitterhuis"}),
        (["zufall", "zufall"], {"variant": "glitterhuis"}),
    ],
)
def test_every_decision_is_accepted(levels_: list[str], options: dict[str, Any]) -> None:
    verbs: set[str] = set()
    for state, seat, _, action in seeded_games(levels_, 3, options):
        if action.do != "pass" or state.variant != "standard":
            assert action in GAME.legal_actions(state, seat)
        verbs.add(action.do)
    expected = {
        "standard": {"discard", "pass", "play"},
        "lopaka": {"pass", "play"},
        "glitterhuis": {"discard", "pass", "open", "play"},
    }
    assert verbs == expected[str(options.get("variant", "standard"))]


def test_random_passes_are_any_pair() -> None:
    """The random player's standard passes go beyond the engine's first 50 pairs."""
    passes = [(s, seat, a) for s, seat, _, a in seeded_games(["zufall"] * 3, 6) if a.do == "pass"]
    assert len(passes) == 18
    assert any(a not in GAME.legal_actions(s, seat) for s, seat, a in passes)


def with_foreign_secrets(state: FState, view: dict[str, Any], seat: int) -> dict[str, Any]:
    """``view`` with every other seat's private data added (hands, passes, discards), and
    the devil's trick."""
    tainted = copy.deepcopy(view)
    for i, entry in enumerate(tainted["seats"]):
        if i != seat:
            hand = state.hands[i]
            entry["cards"] = sorted(hand.cards)
            entry["sets"] = [sorted(s) for s in hand.sets]
            entry["passed"] = list(hand.passed)
            entry["gave"] = list(hand.passed)
            entry["discard"] = state.devil[0] if state.devil else None
            entry["legal"] = {"play": sorted(hand.cards)}
    tainted["devil"] = sorted(state.devil)
    return tainted


@pytest.mark.parametrize("level", ["zufall", "leicht", "stark"])
@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {}), (2, {"variant": "lopaka"}), (2, {"variant": "glitterhuis"})],
)
def test_another_seats_secrets_change_no_decision(
    level: str, players: int, options: dict[str, Any]
) -> None:
    count = 0
    for state, seat, view, _ in seeded_games([level] * players, 2, options):
        tainted = with_foreign_secrets(state, view, seat)
        assert tainted != view
        clean = policy(level, seat).decide(view, seat)
        assert policy(level, seat).decide(tainted, seat) == clean
        count += 1
    assert count >= 40


def test_a_view_of_another_seat_is_refused() -> None:
    _, seat, view, _ = next(seeded_games(["leicht"] * 3, 1))
    with pytest.raises(ValueError):
        Stark().decide(view, (seat + 1) % 3)


def with_history(games: int, players: int) -> Iterator[tuple[FState, int, dict[str, Any]]]:
    """Views of play decisions at standard tables, with the hand's history added as the
    policies read it when the view holds it: the completed tricks (``played``) and the
    seat's own ``discard`` and the cards it ``gave`` left and right."""
    played: list[list[dict[str, Any]]] = []
    discards: dict[int, int] = {}
    gave: dict[int, list[int]] = {}
    for state, seat, view, action in seeded_games(["leicht"] * players, games):
        if action.do == "discard":
            discards[seat] = int(action.args["card"])
        elif action.do == "pass":
            gave[seat] = [int(action.args["left"]), int(action.args["right"])]
        elif action.do == "play":
            if not state.trick and sum(h.tricks for h in state.hands) == 0:
                played = []
            enriched = copy.deepcopy(view)
            enriched["played"] = copy.deepcopy(played)
            enriched["seats"][seat]["discard"] = discards[seat]
            enriched["seats"][seat]["gave"] = gave[seat]
            yield state, seat, enriched
            if len(state.trick) == players - 1:
                done = [*state.trick, [seat, action.args["card"]]]
                played.append([{"player": state.name(s), "card": c} for s, c in done])


def check_deal(state: FState, seat: int, view: dict[str, Any], draws: int) -> None:
    known = seen(view, seat)
    on_table = {c for _, c in state.trick} | ({state.price} - {19})
    for s, hand in enumerate(state.hands):  # what the seat knows is true
        assert not {c for c in hand.cards if COLOUR[c] in known.voids[s]}
        assert known.holds[s] <= set(hand.cards)
    assert known.devil_known <= set(state.devil)
    assert on_table <= known.out
    rng = random.Random(f"{state.hand_number}:{seat}:{known.counts}")
    for _ in range(draws):
        dealt = deal(known, rng)
        assert dealt.hands[seat] == tuple(sorted(state.hands[seat].cards))
        for s, hand in enumerate(dealt.hands):
            assert len(hand) == len(state.hands[s].cards)
            assert not {c for c in hand if COLOUR[c] in known.voids[s]}
            assert known.holds[s] <= set(hand)
        assert len(dealt.devil) == len(state.devil)
        assert known.devil_known <= set(dealt.devil)
        every = [c for h in dealt.hands for c in h] + list(dealt.devil) + list(dealt.gone)
        assert sorted(every + sorted(known.out)) == list(DECK)
        assert not set(every) & known.out


@pytest.mark.parametrize("players", [3, 4])
def test_deals_agree_with_the_view(players: int) -> None:
    views = voids = 0
    for state, seat, view, _ in seeded_games(["leicht"] * players, 4):
        if view["phase"] == "play":
            check_deal(state, seat, view, 5)
            views += 1
            voids += sum(len(v) for v in seen(view, seat).voids)
    assert views > 100
    assert voids > 0  # the trick on the table shows some


@pytest.mark.parametrize("players", [3, 4])
def test_deals_agree_with_the_history(players: int) -> None:
    views = voids = holds = gone = 0
    for state, seat, view in with_history(4, players):
        check_deal(state, seat, view, 5)
        known = seen(view, seat)
        assert deal(known, random.Random(0)).gone == ()  # every played card is known
        views += 1
        voids += sum(len(v) for v in known.voids)
        holds += sum(len(h) for h in known.holds)
        gone += len(known.out)
    assert views > 100
    assert voids > 4 * views // 10
    assert holds > 0


@pytest.mark.parametrize("players", [3, 4])
def test_the_history_replays_the_coins_won(players: int) -> None:
    checked = 0
    for state, seat, view in with_history(3, players):
        known = seen(view, seat)
        for s, hand in enumerate(state.hands):
            assert known.won[s] == points(hand.won)
        checked += 1
    assert checked > 50


def played_out(state: FState, seat: int, **lopaka: Any) -> list[float]:
    """The rollout of the rest of ``state``'s hand with every seat's true cards, ``seat``
    to play now (``lopaka``: the play order and Lopaka's seat)."""
    return play_out(
        [h.cards for h in state.hands],
        state.trick[0][0] if state.trick else seat,
        [(s, c) for s, c in state.trick],
        price=state.price,
        owner=state.owner,
        won=[points(h.won) for h in state.hands],
        devil_points=points(state.devil),
        **lopaka,
    )


def test_the_rollout_scores_the_hand_as_the_engine() -> None:
    """From a state in the middle of a hand, the rollout with every seat's true cards
    scores what the engine scores when the seats play the same rules ("leicht")."""
    for g in range(6):
        rng = AuditedRng(hashlib.sha256(f"rollout:{g}".encode()).digest())
        names = ["a", "b", "c", "d"][: 3 + g % 2]
        state, _ = GAME.setup(names, {"hands": 1}, rng)
        leicht = player(KIND, "leicht")
        start = None
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            if start is None and state.phase == "play" and len(state.hands[seat].cards) < 6:
                start = played_out(state, seat)
            action = leicht.decide(GAME.views(state, len(names))[1][seat], seat)
            GAME.apply(state, seat, action, rng)
        assert start == [float(s) for s in state.scores[0].values()]


@pytest.mark.parametrize("hands", [1, 2])  # Lopaka's play order turns round with the dealer
@pytest.mark.parametrize("variant", ["lopaka", "glitterhuis"])
def test_a_two_player_rollout_scores_the_hand_as_the_engine(variant: str, hands: int) -> None:
    """From the middle of a hand of either dealer, the rollout with the true cards scores
    what the engine scores when both players play "leicht": with Lopaka, the seats in the
    order the hand plays them and Lopaka playing his rule; in Glitterhuis, from each place
    in a trick, its first two cards from the open sets and its last two from the hands."""
    for g in range(6):
        rng = AuditedRng(hashlib.sha256(f"rollout-{variant}:{g}".encode()).digest())
        state, _ = GAME.setup(["a", "b"], {"variant": variant, "hands": hands}, rng)
        leicht = player(KIND, "leicht")
        start, scored = None, 0
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            if (
                start is None and state.hand_number == hands and state.phase == "play"
                and len(state.hands[seat].cards) < 6
                and (variant == "lopaka" or len(state.trick) == g % 4)
            ):  # fmt: skip
                dummy = next((i for i, h in enumerate(state.hands) if h.dummy), None)
                extra: dict[str, Any] = (
                    {"order": cycle(state), "dummy": dummy} if variant == "lopaka"
                    else {"opens": [h.open_set for h in state.hands]}
                )  # fmt: skip
                start, scored = played_out(state, seat, **extra), len(state.scores)
            action = leicht.decide(GAME.views(state, 2)[1][seat], seat)
            GAME.apply(state, seat, action, rng)
        assert start is not None, g
        assert start == [float(v) for v in state.scores[scored].values()], g


@pytest.mark.parametrize("variant", ["lopaka", "glitterhuis"])
def test_stark_at_two_players_plays_its_own_card(variant: str) -> None:
    """With Lopaka and in Glitterhuis "stark" weighs its cards over deals (it played as
    "leicht" until issue 48's session): over seeded games it picks another card than
    "leicht" in some plays, every one legal, and none in Lopaka's name."""
    differs = plays = 0
    for state, seat, view, action in seeded_games(["stark", "leicht"], 3, {"variant": variant}):
        if seat == 0 and view["phase"] == "play" and len(view["legal"]["play"]) > 1:
            plays += 1
            differs += action != player(KIND, "leicht").decide(view, seat)
            assert action.args["card"] in view["legal"]["play"]
        assert not state.hands[seat].dummy
    assert plays > 20 and differs > 0, (plays, differs)


def test_stark_is_deterministic_and_prefers_not_to_buy() -> None:
    """The same view gives the same card; a card that surely buys the bottle for nothing
    is not played when a harmless one is at hand."""
    views = [v for _, s, v, _ in seeded_games(["leicht"] * 3, 1) if v["phase"] == "play"]
    view, seat = views[0], views[0]["viewer"]
    assert Stark(5).decide(view, seat) == Stark(5).decide(view, seat)
    hands = {0: [1, 2, 37], 1: [4, 6, 34], 2: [11, 14, 36]}
    crafted = {
        "viewer": 0,
        "variant": "standard",
        "phase": "play",
        "price": 19,
        "owner": None,
        "trick": [],
        "to_act": ["a"],
        "devil_count": 3,
        "legal": {"play": hands[0], "discard": [], "pass": [], "open": []},
        "seats": [
            {"player": p, "cards": hands[0] if i == 0 else None, "count": 3, "tricks": 0}
            | {"total": 0}
            for i, p in enumerate("abc")
        ],
    }
    assert Stark(1, samples=20).decide(crafted, 0) == Action("play", {"card": 37})
    assert POINTS[37] == 6


@pytest.mark.parametrize("level", ["leicht", "stark"])
@pytest.mark.parametrize("options", [{}, {"variant": "lopaka"}, {"variant": "glitterhuis"}])
def test_the_levels_give_away_their_lowest_cards(level: str, options: dict[str, Any]) -> None:
    """The discard and the passes: the lowest cards it may give (a 1 or 2 kept buys the
    bottle late, when it can hardly be passed on)."""
    given = 0
    players = 3 if not options else 2
    for _, _, view, action in seeded_games([level] * players, 2, options):
        if action.do in ("discard", "pass"):
            cards = sorted(view["legal"][action.do])
            gave = [int(c) for k, c in action.args.items() if k in ("card", "left", "right")]
            assert sorted(gave) == cards[: len(gave)]
            given += 1
    assert given >= 4


def test_stark_decides_the_same_whatever_the_clock_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """With its full budget, "stark" plays the same cards on a machine whose clock jumps an
    hour at every reading as on this one: its budget counts rollouts, not seconds."""
    views = [
        (v, s) for _, s, v, _ in seeded_games(["leicht"] * 3, 1) if len(v["legal"]["play"]) > 1
    ][:12]
    fast = [Stark(7).decide(view, seat) for view, seat in views]
    with slow_clock(monkeypatch):
        slow = [Stark(7).decide(view, seat) for view, seat in views]
    assert slow == fast


def test_the_registry_knows_the_levels() -> None:
    assert levels(KIND) == ("zufall", "leicht", "stark")
    for level in ("zufall", "leicht", "stark"):
        made = player(KIND, level, 3)
        assert (made.game, made.level) == (KIND, level)
    with pytest.raises(KeyError, match="known"):
        player(KIND, "meister")


def test_every_legal_action_is_listed() -> None:
    _, seat, view, _ = next(seeded_games(["zufall"] * 4, 1))
    actions = legal_actions(view, seat)
    assert len(actions) == 9
    assert all(a.do == "discard" for a in actions)
