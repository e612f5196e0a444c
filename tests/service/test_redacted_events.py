"""Hidden information by construction: an outcome carries the events as the public may see
them and each player's own, never the log's. Every game with secrets is played through the
service; for every outcome the events it logged (whole, as the audit reads them) are held
against what the outcome hands on: no public event carries a hand, the devil's trick, a
discarded or passed card, a sealed bet or dice under a cup, and each player's own events
carry his secrets and nobody else's. The game log (``/v6 log`` and the like) is public too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.play.outcome import Outcome, merge
from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store
from tests.helpers.engine_state import engine_state

Check = Callable[[dict[str, Any], dict[str, Any] | None, dict[str, dict[str, Any] | None]], None]
LOPAKA = "Lopaka"


def _by_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


async def play(
    store: Store, kind: str, players: list[str], options: dict[str, Any], *, steps: int, seed: int
) -> list[tuple[Outcome, list[dict[str, Any]]]]:
    """Every outcome of a game played with random legal actions, with the events its
    actions logged."""
    service = Service(store)
    game, pick = GAMES[kind], random.Random(seed)
    outcome = await service.create(kind, players, options, guild_id=1, channel_id=2)
    seen = [(outcome, [e for row in store.events(outcome.game_id) for e in row.events])]
    for _ in range(steps):
        if outcome.finished or not outcome.to_act:
            break
        state = engine_state(service, outcome.game_id)
        actor = pick.choice(outcome.to_act)
        action = pick.choice(game.legal_actions(state, outcome.players.index(actor)))
        before = outcome.version
        outcome = await service.act(outcome.game_id, actor, action)
        logged = store.events(outcome.game_id, outcome.version, after=before)
        seen.append((outcome, [e for row in logged for e in row.events]))
    return seen


def check(seen: list[tuple[Outcome, list[dict[str, Any]]]], kinds: set[str], test: Check) -> int:
    """Hold each logged event of a secret-bearing kind against its public form and each
    player's (None where the outcome does not carry it); how many were checked."""
    checked = 0
    for outcome, logged in seen:
        assert [e["type"] for e in outcome.events] == [e["type"] for e in logged]
        assert set(outcome.private_events) == set(outcome.players)
        for player, own in outcome.private_events.items():
            assert [e["type"] for e in own] == [e["type"] for e in logged], player
        for index, event in enumerate(logged):
            if event["type"] not in kinds:
                assert outcome.events[index] == event  # nothing secret: as logged
                continue
            mine = {p: outcome.private_events[p][index] for p in outcome.players}
            test(event, outcome.events[index], mine)
            checked += 1
    return checked


def ft_check(event: dict[str, Any], public: Any, mine: dict[str, Any]) -> None:
    kind = event["type"]
    if kind == "deal":
        lopaka = {LOPAKA: event["hands"][LOPAKA]} if LOPAKA in event["hands"] else {}
        assert public["hands"] == lopaka and "devil" not in public
        for player, own in mine.items():
            assert own["hands"] == {player: event["hands"][player], **lopaka}
            assert "devil" not in own
    elif kind in ("discard", "pass"):
        key = "card" if kind == "discard" else "cards"
        assert key not in public and public["player"] == event["player"]
        for player, own in mine.items():
            assert own == event if player == event["player"] else key not in own
    else:  # received
        assert public["cards"] == {}
        for player, own in mine.items():
            assert own["cards"] == {player: event["cards"][player]}


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (["1", "2", "3"], {"hands": 1}),
        (["1", "2", "3", "4"], {"hands": 1}),
        (["1", "2"], {"variant": "lopaka", "hands": 1}),
        (["1", "2"], {"variant": "glitterhuis", "hands": 1}),
    ],
    ids=["standard-3", "standard-4", "lopaka", "glitterhuis"],
)
async def test_flaschenteufel_hands_discards_and_passes_reach_only_their_owners(
    store: Store, players: list[str], options: dict[str, Any]
) -> None:
    seen = await play(store, "flaschenteufel", players, options, steps=60, seed=len(players))
    assert seen[-1][0].finished  # a whole hand: dealt, discarded, passed, played, scored
    secret = {"deal", "discard", "pass", "received"}
    assert check(seen, secret, ft_check) >= 2 + len(players)  # deal, passes, received
    end = next(e for o, _ in seen for e in o.events if e["type"] == "hand_end")
    assert end["devil"]  # the devil's trick is shown when the hand is scored


def teufel_check(event: dict[str, Any], public: Any, mine: dict[str, Any]) -> None:
    assert event["amount"] >= 0  # the log keeps the sealed bet
    assert public == {"type": "bet_placed", "player": event["player"]}
    for player, own in mine.items():
        assert own == (event if player == event["player"] else public)


async def test_teufel_sealed_bets_reach_only_their_bettor_until_revealed(store: Store) -> None:
    seen = await play(store, "teufel", ["1", "2", "3"], {}, steps=40, seed=3)
    assert check(seen, {"bet_placed"}, teufel_check) >= 6  # two rounds' bets at least
    revealed = [e for o, _ in seen for e in _by_type(o.events, "bets")]
    assert revealed and all(len(e["bets"]) == 3 for e in revealed)  # then all, in public


def dd_check(event: dict[str, Any], public: Any, mine: dict[str, Any]) -> None:
    assert public == {**event, "dice": {}}
    for player, own in mine.items():
        assert own == {**event, "dice": {player: event["dice"][player]}}


async def test_dice_devils_cups_reach_only_their_owners(store: Store) -> None:
    seen = await play(store, "dicedevils", ["1", "2", "3", "4"], {}, steps=40, seed=4)
    assert check(seen, {"roll"}, dd_check) >= 2
    fights = [e for o, _ in seen for e in _by_type(o.events, "dice")]
    assert fights and all(e["dice"] for e in fights)  # a fight shows its dice to all


async def test_the_game_log_shows_public_events(store: Store) -> None:
    service = Service(store)
    outcome = await service.create("flaschenteufel", ["1", "2", "3"], {}, guild_id=1)
    logged = [e for row in store.events(outcome.game_id) for e in row.events]
    assert any(e["type"] == "deal" and e["hands"].get("1") for e in logged)
    recent = service.records.recent_events(outcome.game_id)
    assert recent == outcome.events
    assert [e["hands"] for e in recent if e["type"] == "deal"] == [{}]


async def test_merged_outcomes_keep_each_players_own_events(store: Store) -> None:
    service = Service(store)
    first = await service.create("dicedevils", ["1", "2", "3"], {}, guild_id=1)
    later = service.tables.outcome(
        service.tables.get(first.game_id), [{"type": "roll", "dice": {"1": [6], "2": [1]}}]
    )
    merged = merge(first, later)
    assert merged.events == [*first.events, {"type": "roll", "dice": {}}]
    assert merged.private_events["1"][-1] == {"type": "roll", "dice": {"1": [6]}}
    assert merged.private_events["3"][-1] == {"type": "roll", "dice": {}}
    for player in merged.players:
        assert merged.private_events[player][:-1] == first.private_events[player]


@pytest.mark.parametrize("page", [1, 2, 5, 64])
async def test_a_durchgangs_events_read_back_are_the_logs_tail(store: Store, page: int) -> None:
    """A Durchgang's picture reads the log back a page at a time from its start: the
    same events as the whole public log's tail from there, at any page size."""
    seen = await play(store, "verflixte6", ["a", "b"], {"durchgaenge": 3}, steps=200, seed=3)
    service = Service(store)
    game_id = seen[-1][0].game_id
    whole = service.records.recent_events(game_id, None)
    for number in (1, 2, 3, 9):

        def starts(e: dict[str, Any], number: int = number) -> bool:
            return e["type"] == "durchgang" and e["durchgang"] == number

        at = [i for i, e in enumerate(whole) if starts(e)]
        assert at or number == 9, f"Durchgang {number} was not played"
        tail = whole[at[-1] :] if at else whole
        assert service.records.events_from(game_id, starts, page=page) == tail
