"""The verifier: played games verify; every kind of tampering with an export is named."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.__main__ import main
from bot.audit import export
from bot.audit.text import report_text
from bot.audit.verify import Report, verify
from bot.engine.chain import event_hash
from bot.plugins import GAMES
from bot.service import HOST_ONLY_VERBS, SETUP_VERBS, Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from cogs.verification import verify_upload
from tests.helpers.engine_state import engine_state

SEATS = {"verflixte6": 2, "teufel": 3, "flaschenteufel": 3, "dicedevils": 3}
FIELDS = ("action", "actor", "events", "draws", "prev_hash", "hash")


async def play(service: Service, kind: str, *, steps: int = 5000, seed: int = 1) -> int:
    """A game of ``kind`` played with random legal actions (to the end, or ``steps``)."""
    players = [str(100 + i) for i in range(SEATS[kind])]
    outcome = await service.create(kind, players, {}, nonce="900000000000000001")
    chance = random.Random(seed)
    for step in range(steps):
        if outcome.finished:
            break
        actor = outcome.to_act[0]
        state = engine_state(service, outcome.game_id)
        actions = GAMES[kind].legal_actions(state, outcome.players.index(actor))
        nonce = str(900000000000000002 + step)
        outcome = await service.act(outcome.game_id, actor, chance.choice(actions), nonce=nonce)
    return outcome.game_id


def check(document: dict[str, Any]) -> Report:
    """The verifier on a document, through the file format (as ``croupier verify`` reads)."""
    read = export.read(export.to_json(document))
    return verify(read, GAMES, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)


def rechain(document: dict[str, Any]) -> dict[str, Any]:
    """What a forger who knows the chain rule would do: recompute every hash and the head."""
    prev = document["seed_hash"]
    for seq, event in enumerate(document["events"], start=1):
        event["seq"], event["prev_hash"] = seq, prev
        fields = {k: event[k] for k in ("actor", "action", "events", "draws")}
        event["hash"] = prev = event_hash(
            game_id=document["game_id"], seq=seq, prev_hash=prev, **fields
        )
    document["head_hash"] = prev
    return document


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The export of a finished Flaschenteufel game (a deal, many events)."""
    engine = make_engine(default_sqlite_url(tmp_path_factory.mktemp("db") / "game.db"))
    upgrade(engine)
    service = Service(Store(engine))
    game_id = asyncio.run(play(service, "flaschenteufel"))
    document = export.from_store(service.store, game_id)
    engine.dispose()
    assert document["status"] == "finished" and document["seed"] is not None
    return json.loads(export.to_json(document))


# --- played games --------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["verflixte6", "flaschenteufel", "dicedevils"])
async def test_a_played_game_verifies(store: Store, kind: str) -> None:
    service = Service(store)
    game_id = await play(service, kind)
    report, rows, game = service.records.verify(game_id), store.events(game_id), store.get(game_id)
    assert game.status == "finished"
    assert report.ok, report.problems
    assert report.seed_revealed and report.replayed
    assert report.draws == sum(len(row.draws) for row in rows) > 0
    assert report.events == len(rows) > 1
    assert rows[0].prev_hash == game.seed_hash
    assert report.head_hash == rows[-1].hash == game.head_hash
    assert service.records.audit(game_id) == []
    text = report_text(report, "de")
    assert f"alle {report.draws} Würfe und Ziehungen stimmen" in text
    assert f"Kette aus {len(rows)} Ereignissen ist intakt" in text and game.seed in text


async def test_a_running_game_checks_its_chain_and_keeps_the_seed(store: Store) -> None:
    service = Service(store)
    game_id = await play(service, "teufel", steps=30)
    document = export.from_store(store, game_id)
    assert document["status"] == "open" and document["seed"] is None
    report = service.records.verify(game_id)
    assert report.ok and not report.seed_revealed and report.replayed
    text = report_text(report, "en")
    assert f"chain of {report.events} events is intact" in text
    assert "once the seed is revealed" in text
    assert store.get(game_id).seed not in text


async def test_an_export_is_consistent_while_an_action_commits(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = Service(store)
    game_id = await play(service, "verflixte6", steps=3)
    read_game = store.get

    def read_then_someone_acts(wanted: int) -> Any:
        row = read_game(wanted)
        store.append(
            wanted, expected_version=row.version, actor=None, action={"do": "pause"},
            events=[], draws=[], snapshot=row.snapshot, rng_counter=row.rng_counter,
            prev_hash=row.head_hash,
        )  # fmt: skip
        return row

    monkeypatch.setattr(store, "get", read_then_someone_acts)
    document = export.from_store(store, game_id)
    assert document["events"][-1]["hash"] == document["head_hash"]
    assert check(document).ok


# --- tampering ----------------------------------------------------------------------


def tamper(event: dict[str, Any], field: str) -> None:
    if field == "action":
        event["action"] = {**event["action"], "forged": True}
    elif field == "actor":
        event["actor"] = "666"
    elif field == "events":
        event["events"] = [*event["events"], {"type": "forged"}]
    elif field == "draws":
        if event["draws"]:
            draw = event["draws"][0]
            draw["value"] = draw["value"] % max(draw["sides"], 2) + 1
        else:
            event["draws"] = [{"n": 0, "sides": 6, "value": 6, "nonce": "forged"}]
    else:
        event[field] = "0" * 64


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_changed_event_is_named(finished: dict[str, Any], data: st.DataObject) -> None:
    document = copy.deepcopy(finished)
    seq = data.draw(st.integers(1, len(document["events"])), label="event")
    field = data.draw(st.sampled_from(FIELDS), label="field")
    tamper(document["events"][seq - 1], field)
    report = check(document)
    assert not report.ok
    assert report.tampered_event == seq, report.problems


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_moved_or_removed_events_are_named(finished: dict[str, Any], data: st.DataObject) -> None:
    document = copy.deepcopy(finished)
    events = document["events"]
    seq = data.draw(st.integers(1, len(events) - 1), label="event")
    if data.draw(st.booleans(), label="swap"):
        events[seq - 1], events[seq] = events[seq], events[seq - 1]
    else:
        del events[seq - 1]
    report = check(document)
    assert report.tampered_event == seq
    assert report.problems[0].kind == "order"


def test_a_removed_last_event_breaks_the_head(finished: dict[str, Any]) -> None:
    document = copy.deepcopy(finished)
    document["events"].pop()
    assert check(document).problems[0].kind == "head"


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_rechained_forged_draw_is_caught_by_the_seed(
    finished: dict[str, Any], data: st.DataObject
) -> None:
    document = copy.deepcopy(finished)
    draws = [d for e in document["events"] for d in e["draws"]]
    n = data.draw(st.sampled_from([i for i, d in enumerate(draws) if d["sides"] > 1]))
    draws[n]["value"] = draws[n]["value"] % draws[n]["sides"] + 1
    report = check(rechain(document))
    assert report.tampered_event is None  # the forger kept the chain consistent ...
    draw = next(p for p in report.problems if p.kind == "draw")  # ... but not the dice
    assert draw.params["n"] == n


def test_a_rechained_log_without_its_last_action_does_not_replay(
    finished: dict[str, Any],
) -> None:
    document = copy.deepcopy(finished)
    document["events"].pop()
    report = check(rechain(document))
    assert [p.kind for p in report.problems] == ["state"]


def test_a_wrong_seed_does_not_match_its_commitment(finished: dict[str, Any]) -> None:
    document = copy.deepcopy(finished)
    document["seed"] = "00" * 32
    assert [p.kind for p in check(document).problems] == ["seed"]
    document["seed_hash"] = "11" * 32  # a different commitment also unanchors the chain
    assert [p.kind for p in check(document).problems] == ["link", "seed"]


def test_a_changed_final_state_does_not_replay(finished: dict[str, Any]) -> None:
    document = copy.deepcopy(finished)
    document["final_state"] = {**document["final_state"], "forged": 1}
    report = check(document)
    assert [p.kind for p in report.problems] == ["state"]
    assert "gespeicherten Stand" in report_text(report, "de")


def test_the_untouched_export_verifies(finished: dict[str, Any]) -> None:
    report = check(finished)
    assert report.ok and report.replayed and report.draws > 0


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        json.dumps({"format": "something else"}),
        json.dumps({"format": export.FORMAT}),
    ],
)
def test_unreadable_exports_are_refused(text: str) -> None:
    with pytest.raises(export.ExportError):
        export.read(text)


def test_an_event_without_its_hash_is_refused(finished: dict[str, Any]) -> None:
    document = copy.deepcopy(finished)
    del document["events"][2]["hash"]
    with pytest.raises(export.ExportError, match="event 3"):
        export.read(json.dumps(document))


# --- command line and the upload check ------------------------------------------------


def write(tmp_path: Path, document: Any, name: str = "spiel.json") -> str:
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return str(path)


def test_cli_exit_codes(
    finished: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", write(tmp_path, finished)]) == 0
    assert "alle" in capsys.readouterr().out
    forged = copy.deepcopy(finished)
    tamper(forged["events"][4], "action")
    assert main(["verify", "--lang", "en", write(tmp_path, forged)]) == 1
    assert "Event 5 was changed" in capsys.readouterr().out
    assert main(["verify", write(tmp_path, "{broken")]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "missing.json")]) == 2


def test_cli_as_a_process(finished: dict[str, Any], tmp_path: Path) -> None:
    forged = copy.deepcopy(finished)
    tamper(forged["events"][0], "draws")
    command = [sys.executable, "-m", "bot", "verify", "--lang", "en"]
    ok, bad = (
        subprocess.run([*command, path], check=False, capture_output=True, text=True)
        for path in (write(tmp_path, finished), write(tmp_path, forged, "forged.json"))
    )
    assert (ok.returncode, bad.returncode) == (0, 1), (ok.stderr, bad.stderr)
    assert "all" in ok.stdout and "Event 1 was changed" in bad.stdout


def test_an_uploaded_file_is_checked(finished: dict[str, Any]) -> None:
    good = verify_upload(export.to_json(finished).encode(), GAMES, "de")
    assert "alle" in good and "stimmen" in good
    assert "kein Croupier-Spielexport" in verify_upload(b"\xff\xfe", GAMES, "de")
