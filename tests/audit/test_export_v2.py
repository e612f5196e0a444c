"""The export of format 2 (croupier-game/2): the game pseudonymised, no Discord id in it,
and checked like before; files of format 1, written before, still check."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.audit import export
from bot.audit.verify import Report, verify
from bot.engine import Action
from bot.engine.chain import PSEUDONYM, Pseudonyms, canonical_json
from bot.plugins import GAMES
from bot.service import HOST_ONLY_VERBS, SETUP_VERBS, Service
from bot.store import Store
from tests.helpers.engine_state import engine_state

SEATS = {"verflixte6": 2, "teufel": 3, "flaschenteufel": 3, "dicedevils": 3}
FORMAT_1_FILE = Path(__file__).parent / "data" / "format1_verflixte6.json"
"""A finished game exported by the code before chain format 2 (croupier-game/1)."""


def snowflake(n: int) -> str:
    return str(100000000000000000 + n)


def check(text: str | bytes) -> Report:
    return verify(export.read(text), GAMES, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)


async def play_on(service: Service, game_id: int, outcome: Any, steps: int, seed: int = 1) -> Any:
    chance = random.Random(seed)
    for step in range(steps):
        if outcome.finished:
            break
        actor = outcome.to_act[0]
        state = engine_state(service, game_id)
        actions = GAMES[outcome.kind].legal_actions(state, outcome.players.index(actor))
        nonce = snowflake(900 + step)
        outcome = await service.act(game_id, actor, chance.choice(actions), nonce=nonce)
    return outcome


def assert_no_id(store: Store, game_id: int, text: str) -> None:
    """No person the game names, nor any actor of its log, appears in the file's text."""
    game = store.get(game_id)
    ids = {*game.people, *game.players, *(row.actor for row in store.events(game_id))}
    ids.discard(None)
    assert ids and set(game.players) <= set(game.people)
    for person in ids:
        assert person not in text, person


@pytest.mark.parametrize("kind", list(SEATS))
async def test_the_export_holds_pseudonyms_and_replays(store: Store, kind: str) -> None:
    service = Service(store)
    players = [snowflake(i) for i in range(SEATS[kind])]
    opened = await service.create(kind, players, {}, nonce=snowflake(800))
    outcome = await play_on(service, opened.game_id, opened, 5000 if kind != "teufel" else 60)
    text = service.records.export_json(opened.game_id)
    assert_no_id(store, opened.game_id, text)
    document = json.loads(text)
    assert document["format"] == "croupier-game/2"
    assert all(PSEUDONYM.fullmatch(p) for p in document["players"])
    report = check(text)
    assert report.ok, report.problems
    assert report.replayed  # the engine replays the game with pseudonyms for the ids
    assert report.seed_revealed == outcome.finished


async def test_lobby_and_host_tools_name_no_one_in_the_export(store: Store) -> None:
    """Who left the lobby, the host who acted for a player, whom a substitute replaced and
    the substitute: the export names none of them, and the game checks."""
    service = Service(store)
    host, ben, cem, dora, eve = (snowflake(i) for i in range(1, 6))
    lobby = await service.open_lobby("verflixte6", host, {"durchgaenge": 1})
    game_id = lobby.game_id
    for player, verb in ((ben, "join"), (dora, "join"), (dora, "leave"), (cem, "join")):
        await service.act(game_id, player, Action(verb), nonce=snowflake(600))
    outcome = await service.act(game_id, host, Action("start"), nonce=snowflake(601))
    absent = outcome.to_act[0]
    actions = GAMES["verflixte6"].legal_actions(
        engine_state(service, game_id), outcome.players.index(absent)
    )
    outcome = await service.host.do(
        game_id, eve, "act", for_player=absent, action=actions[0], nonce=snowflake(602)
    )
    outcome = await service.host.replace_player(game_id, host, ben, snowflake(7), "weg")
    outcome = await play_on(service, game_id, outcome, 5000)
    assert outcome.finished
    game = store.get(game_id)
    assert {host, ben, cem, dora, eve, snowflake(7)} <= set(game.people)
    text = service.records.export_json(game_id)
    assert_no_id(store, game_id, text)
    for person in (host, ben, cem, dora, eve):
        assert person not in text
    report = check(text)
    assert report.ok and report.replayed, report.problems


async def test_the_export_holds_exactly_what_is_hashed(store: Store) -> None:
    """What a browser does: each event's fields but its hash, with the file's game id, as
    canonical JSON, give its hash; nothing else of the game is needed."""
    import hashlib

    service = Service(store)
    opened = await service.create("verflixte6", [snowflake(1), snowflake(2)], {})
    await play_on(service, opened.game_id, opened, 10)
    document = json.loads(service.records.export_json(opened.game_id))
    prev = document["seed_hash"]
    for event in document["events"]:
        assert set(event) == set(export.EVENT_FIELDS)
        hashed = {k: v for k, v in event.items() if k != "hash"} | {"game_id": opened.game_id}
        assert event["prev_hash"] == prev
        prev = hashlib.sha256(canonical_json(hashed).encode()).hexdigest()
        assert prev == event["hash"]
    assert prev == document["head_hash"]


async def test_forged_pseudonymised_events_are_named(store: Store) -> None:
    service = Service(store)
    opened = await service.create("verflixte6", [snowflake(1), snowflake(2)], {})
    await play_on(service, opened.game_id, opened, 5000)
    document = json.loads(service.records.export_json(opened.game_id))
    assert check(json.dumps(document)).ok
    a, b = document["players"]
    swapped = copy.deepcopy(document)  # another player's pseudonym for the actor
    event = next(e for e in swapped["events"] if e["actor"] == a and e["seq"] > 1)
    event["actor"] = b
    assert check(json.dumps(swapped)).tampered_event == event["seq"]
    elsewhere = copy.deepcopy(document)  # the events of another game
    elsewhere["game_id"] += 1
    assert check(json.dumps(elsewhere)).tampered_event == 1
    drawn = copy.deepcopy(document)  # a die changed
    event = next(e for e in drawn["events"] if e["draws"])
    event["draws"][0]["value"] = event["draws"][0]["value"] % 6 + 1
    assert check(json.dumps(drawn)).tampered_event == event["seq"]
    moved = copy.deepcopy(document)  # two events reordered
    moved["events"][3], moved["events"][4] = moved["events"][4], moved["events"][3]
    assert check(json.dumps(moved)).tampered_event == 4


def test_a_file_of_format_1_still_checks() -> None:
    text = FORMAT_1_FILE.read_text()
    document = json.loads(text)
    assert document["format"] == "croupier-game/1"
    report = check(text)
    assert report.ok and report.replayed and report.seed_revealed and report.draws > 0
    changed = copy.deepcopy(document)
    changed["events"][2]["events"].append({"type": "forged"})
    assert check(json.dumps(changed)).tampered_event == 3
    renamed = copy.deepcopy(document)  # format 1 hashes the ids themselves
    names = Pseudonyms("33" * 32, document["players"])
    renamed["events"] = [{**e, "actor": names(e["actor"])} for e in renamed["events"]]
    assert check(json.dumps(renamed)).tampered_event is not None
