"""Every custom id every game emits, taken from play, reads back as itself.

Hypothesis plays each game through the real :class:`bot.service.Service` (on an in-memory
SQLite store) with legal actions of the engine (``legal_actions`` for the seats in
``to_act``), and a tournament with registrations, the draw and its group tables. At every
state it renders every card a player can see: the lobby, the table (live and closed), the
results, and the private prompts the table's buttons open (built as the cogs build them).
Every button, select and form id found must parse with :class:`bot.render.cards.ClickId`
back to itself, carry a verb the game's controls are known to carry (tests/helpers/click_ids.py),
and stay within Discord's 100 characters with the largest game id and version.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Action, AuditedRng, IllegalAction
from bot.games.dicedevils.render import cards as dd_cards
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.teufel.render import cards as teufel_cards
from bot.games.verflixte6.render import cards as v6_cards
from bot.lobby import LOBBY_VERBS
from bot.plugins import GAMES
from bot.render import tournament_cards
from bot.render.cards import MAX_CUSTOM_ID, Card, ClickId, Form, Select
from bot.render.lobby_card import table_lobby_card
from bot.render.onlooker_buttons import VERBS as ONLOOKER_VERBS
from bot.service import Outcome, Service
from bot.store import Store, make_engine, upgrade
from cogs.games.dicedevils import controls as dicedevils
from cogs.games.flaschenteufel.controls import CLICKS as FT_CLICKS
from cogs.games.teufel import show as teufel
from cogs.games.teufel.controls import CLICKS as TF_CLICKS
from cogs.games.verflixte6 import controls as verflixte6
from cogs.pipeline.clicks import GameClicks
from cogs.pipeline.incoming import Click
from cogs.pipeline.seat_back import BACK
from cogs.tournament.buttons import CLICKS as TOUR_CLICKS
from tests.helpers.click_ids import VERBS, click_of, game_of
from tests.helpers.engine_state import engine_state

SETUPS = [
    ("verflixte6", 2, {"durchgaenge": 1}),
    ("verflixte6", 4, {"durchgaenge": 1}),
    ("teufel", 3, {"random_start": True}),
    ("teufel", 5, {"random_start": True}),
    ("flaschenteufel", 3, {"hands": 1}),
    ("flaschenteufel", 4, {"hands": 1}),
    ("flaschenteufel", 2, {"variant": "glitterhuis", "hands": 1}),
    ("dicedevils", 3, {}),
    ("dicedevils", 5, {"variant": "more_fights"}),
]
PREFIXES = {
    "verflixte6": v6_cards.BUTTON,
    "teufel": teufel_cards.BUTTON,
    "flaschenteufel": ft_cards.BUTTON,
    "dicedevils": dd_cards.BUTTON,
}
LOBBY_CARDS = {
    "verflixte6": v6_cards.lobby_card,
    "teufel": teufel_cards.lobby_card,
    "flaschenteufel": ft_cards.lobby_card,
    "dicedevils": dd_cards.lobby_card,
}
CLICKS: dict[str, GameClicks] = {
    prefix: clicks
    for clicks in (verflixte6.CLICKS, TF_CLICKS, FT_CLICKS, dicedevils.CLICKS, TOUR_CLICKS)
    for prefix in clicks.prefixes
}
"""Each game's controls by their components' prefixes, as the router finds them."""
EVERY_GAMES = {*LOBBY_VERBS, *ONLOOKER_VERBS, BACK}  # verbs the pipeline answers for all
STEPS = 250  # actions per game at most (a game that has not ended by then is left open)
LARGEST_GAME_ID, LARGEST_VERSION = 2**63 - 1, 10**9


@pytest.fixture(scope="module")
def store() -> Iterator[Store]:
    engine = make_engine("sqlite://")
    upgrade(engine)
    yield Store(engine)
    engine.dispose()


def verbs(card: Card | Select) -> set[str]:
    ids = [card.custom_id] if isinstance(card, Select) else card.custom_ids()
    return {click_of(custom_id).verb for custom_id in ids}


def in_lobby(outcome: Outcome) -> bool:
    return outcome.status == "lobby" or "lobby" in outcome.public


def seen_cards(service: Service, outcome: Outcome) -> list[Card | Form]:
    """Every card of ``outcome`` a player can see: public and private, and what the
    table's buttons open for the players to act."""
    kind, locale = outcome.kind, outcome.locale
    if in_lobby(outcome):
        return [
            LOBBY_CARDS[kind](outcome, locale),
            table_lobby_card(outcome, locale, PREFIXES[kind]),
        ]
    return SEEN[kind](service, outcome)


def v6_seen(service: Service, outcome: Outcome) -> list[Card | Form]:
    locale = outcome.locale
    table = v6_cards.table_card(outcome, locale)
    shown: list[Card | Form] = [table, v6_cards.table_card(outcome, locale, live=False)]
    for end in (e for e in outcome.events if e["type"] == "durchgang_end"):
        shown += [
            v6_cards.closed_durchgang_card(outcome, end, locale),
            v6_cards.result_card(outcome, end, locale),
        ]
    offered = verbs(table) & {"begin", "menu", "decide"}
    for actor in outcome.to_act:
        for verb in [*sorted(offered), "decide"]:  # "decide" also follows a move by itself
            try:  # the engine says whether the prompt opens (as the pipeline asks it)
                control = verflixte6.CLICKS.control(Click("v6b", 1, 1, verb, "", []))
                assert control is not None and control.decides is not None
                service.tables.check(outcome.game_id, actor, control.decides.verb)
                prompt = verflixte6.prompt_for(outcome, verb, actor)
            except IllegalAction:
                continue
            shown.append(prompt)
            menus = [r for r in prompt.rows if isinstance(r, Select) and verbs(r) == {"joker"}]
            if any(c.value == "sekante" for r in menus for c in r.options):  # then its target
                shown.append(verflixte6.prompt_for(outcome, "target", actor))
    return shown


def teufel_seen(service: Service, outcome: Outcome) -> list[Card | Form]:
    locale = outcome.locale
    table = teufel.table(service, outcome)
    shown: list[Card | Form] = [table]
    if any(e["type"] == "settle" for e in outcome.events):  # as cogs.games.teufel.show
        shown.append(teufel_cards.result_card(outcome, locale))
        if not outcome.finished:
            shown.append(teufel_cards.closed_round_card(outcome, locale))
    if "bet" in verbs(table):
        for actor in outcome.to_act:
            balance = teufel_cards.own_seat(outcome.private[actor], actor)["balance"]
            shown.append(teufel_cards.bet_form(outcome, balance, locale))
    return shown


def ft_seen(service: Service, outcome: Outcome) -> list[Card | Form]:
    locale = outcome.locale
    table = ft_cards.table_card(outcome, locale)
    shown: list[Card | Form] = [table]
    events = outcome.events
    if any(e["type"] == "deal" for e in events) and all(e["type"] != "start" for e in events):
        fresh = replace(outcome, events=events[ft_cards.hand_cut(events) :])
        shown += [ft_cards.closed_hand_card(outcome, locale), ft_cards.table_card(fresh, locale)]
    if "act" in verbs(table):
        for actor in outcome.to_act:
            prompt = ft_cards.prompt(outcome, actor, locale)
            shown.append(prompt)
            for row in prompt.rows:  # the left card chosen: the prompt for the right one
                if isinstance(row, Select) and verbs(row) == {"passl"}:
                    for choice in row.options:
                        shown.append(
                            ft_cards.prompt(outcome, actor, locale, left=int(choice.value))
                        )
    return shown


def dd_seen(service: Service, outcome: Outcome) -> list[Card | Form]:
    locale = outcome.locale
    table = dd_cards.table_card(outcome, locale)
    shown: list[Card | Form] = [table]
    events = outcome.events
    if any(e["type"] == "round" for e in events) and all(e["type"] != "start" for e in events):
        shown.append(dd_cards.closed_round_card(outcome, locale))
    if "decide" in verbs(table):
        for actor in outcome.to_act:
            options = dicedevils.options_for(outcome, actor)
            shown.append(dd_cards.decision_card(outcome, options, locale))
    return shown


SEEN = {
    "verflixte6": v6_seen,
    "teufel": teufel_seen,
    "flaschenteufel": ft_seen,
    "dicedevils": dd_seen,
}


def ids_of(shown: list[Card | Form]) -> set[str]:
    ids: set[str] = set()
    for item in shown:
        ids |= {item.custom_id} if isinstance(item, Form) else set(item.custom_ids())
    return ids


def check(custom_id: str) -> None:
    parsed = ClickId.parse(custom_id)
    assert parsed is not None, f"{custom_id!r} does not parse"
    assert str(parsed) == custom_id
    game = game_of(parsed.prefix)
    assert game in VERBS and parsed.verb in VERBS[game], f"unknown verb in {custom_id!r}"
    click = Click(parsed.prefix, parsed.game_id, parsed.version, parsed.verb, parsed.arg, [])
    known = parsed.verb in EVERY_GAMES or CLICKS[parsed.prefix].control(click) is not None
    assert known, f"no control of the game takes {custom_id!r}"
    largest = replace(parsed, game_id=LARGEST_GAME_ID, version=LARGEST_VERSION)
    assert len(str(largest)) <= MAX_CUSTOM_ID


def fixed_rng(seed: bytes) -> Any:
    return lambda _seed, counter, nonce: AuditedRng(seed, counter, nonce)


async def play(
    data: st.DataObject, service: Service, outcome: Outcome, players: list[str]
) -> tuple[set[str], Outcome]:
    """Legal actions chosen by Hypothesis until the game ends (or ``STEPS`` actions): the
    ids of every state, and the last outcome."""
    game_id = outcome.game_id
    game = GAMES[outcome.kind]
    ids: set[str] = set()
    for _ in range(STEPS):
        ids |= ids_of(seen_cards(service, outcome))
        if outcome.finished:
            break
        if in_lobby(outcome):
            waiting = [p for p in players if p not in outcome.players]
            actor, action = (
                (waiting[0], Action("join")) if waiting else (players[0], Action("start"))
            )
        else:
            state = engine_state(service, game_id)
            legal = [
                (outcome.players[seat], action)
                for seat in sorted(game.to_act(state))
                for action in game.legal_actions(state, seat)
            ]
            actor, action = data.draw(st.sampled_from(legal), label="action")
        outcome = await service.act(game_id, actor, action)
    return ids, outcome


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), setup=st.sampled_from(SETUPS), seed=st.binary(min_size=32, max_size=32))
def test_every_id_a_game_shows_reads_back(
    store: Store, data: st.DataObject, setup: tuple[str, int, dict[str, Any]], seed: bytes
) -> None:
    kind, count, options = setup
    players = [str(10**17 + i) for i in range(count)]
    service = Service(store, rng_factory=fixed_rng(seed))

    async def run() -> set[str]:
        lobby = await service.open_lobby(kind, players[0], options)
        ids, _ = await play(data, service, lobby, players)
        return ids

    ids = asyncio.run(run())
    assert ids
    for custom_id in sorted(ids):
        check(custom_id)


def tournament_seen(outcome: Outcome) -> list[Card | Form]:
    """The registration message (the tournament's only controls) and the round's standings."""
    locale, tour = outcome.locale, outcome.public
    shown: list[Card | Form] = [tournament_cards.registration_card(outcome, locale)]
    if tour["rounds"]:
        shown.append(tournament_cards.standings_card(tour, locale))
    return shown


async def start_groups(service: Service, tournament: Outcome) -> tuple[list[Outcome], Outcome]:
    """What cogs.tournament.group_threads.start_groups does without Discord: each group's
    table opened and linked by the tournament's workflow. The tables, and the tournament
    after the last link."""
    games = []
    for group in tournament.public["rounds"][-1]["groups"]:
        if group["game_id"] is None:
            flow = service.tournaments
            game, tournament = await flow.open_group(tournament.game_id, group["number"], None)
            games.append(game)
    return games, tournament


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    data=st.data(),
    seed=st.binary(min_size=32, max_size=32),
    pool=st.integers(3, 9),
    sign_ups=st.lists(st.tuples(st.integers(0, 8), st.booleans()), max_size=12),
)
def test_every_id_a_tournament_shows_reads_back(
    store: Store,
    data: st.DataObject,
    seed: bytes,
    pool: int,
    sign_ups: list[tuple[int, bool]],
) -> None:
    players = [str(10**17 + i) for i in range(pool)]
    service = Service(store, rng_factory=fixed_rng(seed))

    async def run() -> set[str]:
        outcome = await service.create("turnier", ["host"], {"name": "Cup", "durchgaenge": 1})
        tid = outcome.game_id
        ids = ids_of(tournament_seen(outcome))
        for index, register in sign_ups:  # sign-ups and withdrawals as players click them
            player = players[index % pool]
            if register != (player in outcome.public["registered"]):
                verb = "register" if register else "unregister"
                outcome = await service.act(tid, player, Action(verb))
                ids |= ids_of(tournament_seen(outcome))
        for player in players:
            if player not in outcome.public["registered"]:
                outcome = await service.act(tid, player, Action("register"))
        outcome = await service.act(tid, "host", Action("close"))
        while not outcome.finished:
            ids |= ids_of(tournament_seen(outcome))
            games, outcome = await start_groups(service, outcome)
            for game in games:
                seen, last = await play(data, service, game, game.players)
                ids |= seen
                if not last.finished:  # left open after STEPS actions: the round never ends
                    return ids
                caused = await service.settle(last)
                outcome = next((o for o in caused if o.game_id == tid), outcome)
        return ids | ids_of(tournament_seen(outcome))

    ids = asyncio.run(run())
    clicks = [click_of(i) for i in ids]
    assert {c.verb for c in clicks if c.prefix == tournament_cards.BUTTON} >= {"register", "close"}
    for custom_id in sorted(ids):
        check(custom_id)
