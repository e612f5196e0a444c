"""The game page's dice check (``bot/web/static/check.js``) run under Node: on exports of
played games of every kind, and on forged ones, its verdict is the Python verifier's
(``bot.audit.verify``, without the replay, which the browser does not do); its canonical
JSON is the chain's, byte for byte."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import hmac
import json
import math
import random
import shutil
import struct
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.history import choose
from bot.audit import export
from bot.audit.verify import verify
from bot.engine.chain import canonical_json
from bot.engine.rng import derive
from bot.service import HOST_ONLY_VERBS, SETUP_VERBS, Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from bot.web.dice_check import CHECKED
from tests.audit.test_verify import rechain
from tests.helpers.web_games import played

SCRIPT = Path(__file__).resolve().parents[2] / "bot" / "web" / "static" / "check.js"
NODE = shutil.which("node")
RUNNER = """
const check = require(process.argv[1]);
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; }).on("end", async () => {
  const found = [];
  for (const item of JSON.parse(input)) {
    if (item.canon) {
      found.push(item.canon.map((text) => check.canon(check.parse(text))));
      continue;
    }
    let game;
    try { game = check.readExport(item.file); } catch (error) { found.push(null); continue; }
    const report = await check.verify(game);
    found.push({ draws: report.draws, events: report.events, revealed: report.revealed,
      problems: report.problems.map(({ kind, seq, ...params }) => [kind, seq,
        Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))]) });
  }
  process.stdout.write(JSON.stringify(found));
});
"""
PLAYERS = {
    "verflixte6": {"1001": "Anna", "1002": "Ben"},
    "teufel": {"1001": "Anna", "1002": "Ben", "1003": "Cem"},
    "flaschenteufel": {"1001": "Anna", "1002": "Ben", "1003": "Cem"},
    "dicedevils": {"1001": "Anna", "1002": "Ben", "1003": "Cem"},
}
ODD = {
    "one": 1.0, "small": 1e-05, "tiny": 1.5e-07, "big": 1e16, "minus_zero": -0.0,
    "huge": 2**70, "negative": -7, "pi": math.pi, "far": 1e300, "least": 5e-324,
    "text": "Würfel „7“ – 🎲 ÿ \u2028 \u00a0", "control": "".join(map(chr, range(32))) + '\x7f"\\/',
    "keys": {"b": 1, "a": 2, "é": 3, "z": 4, "🎲": 5, "\uffff": 6, "": 7, "A": 8, "a\x00": 9},
    "nested": [[], {}, [None, True, False, 0, "0"]],
}  # fmt: skip
"""Values whose JSON text only Python's own writing gives: floats (1.0, 1e-05), big
integers, text beyond ASCII, control characters, keys sorted by code point."""


def node_runs_webcrypto() -> bool:
    if NODE is None:
        return False
    probe = "process.exit(globalThis.crypto && globalThis.crypto.subtle ? 0 : 1)"
    return subprocess.run([NODE, "-e", probe], check=False).returncode == 0


pytestmark = pytest.mark.skipif(
    not node_runs_webcrypto(),
    reason="node (20 or newer, with WebCrypto) is not installed: the page's dice check "
    "runs under Node to be compared with the Python verifier",
)


def run_script(items: list[dict[str, Any]]) -> list[Any]:
    """check.js on each item: an export file's text, or JSON texts to write canonically."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(SCRIPT)], input=json.dumps(items), capture_output=True,
        text=True, check=False, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found: list[Any] = json.loads(done.stdout)
    return found


def python_verdict(text: str) -> dict[str, Any] | None:
    """What the verifier finds in an export file, as the script reports it (None: not an
    export)."""
    try:
        read = export.read(text)
    except export.ExportError:
        return None
    report = verify(read, {}, setup_verbs=SETUP_VERBS, host_verbs=HOST_ONLY_VERBS)
    problems = [
        [p.kind, p.seq, {k: str(v) for k, v in p.params.items()}]
        for p in report.problems
        if p.kind in CHECKED
    ]
    return {
        "draws": report.draws, "events": report.events, "revealed": report.seed_revealed,
        "problems": problems,
    }  # fmt: skip


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, dict[str, Any]]]:
    """The export of a finished game of every kind, and of a running one, as read back
    from its file."""
    engine = make_engine(default_sqlite_url(tmp_path_factory.mktemp("db") / "games.db"))
    upgrade(engine)
    service = Service(Store(engine))

    async def play_all() -> dict[str, int]:
        games = {
            kind: await played(service, kind, names, choose=choose)
            for kind, names in PLAYERS.items()
        }
        games["running"] = await played(service, "flaschenteufel", PLAYERS["teufel"], steps=6)
        return games

    found = {}
    for name, game_id in asyncio.run(play_all()).items():
        document = json.loads(export.to_json(export.from_store(service.store, game_id)))
        assert (document["status"] == "finished") == (name != "running"), name
        found[name] = document
    engine.dispose()
    yield found


Forgery = Callable[[dict[str, Any]], Any]


def all_draws(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for e in document["events"] for d in e["draws"]]


def later_draw(document: dict[str, Any]) -> dict[str, Any]:
    """A draw of more than one outcome, from the second half of the game."""
    draws = [d for d in all_draws(document) if d["sides"] > 1]
    return draws[len(draws) * 2 // 3]


def other_value(document: dict[str, Any]) -> None:
    draw = later_draw(document)
    draw["value"] = draw["value"] % draw["sides"] + 1


def other_nonce(document: dict[str, Any]) -> None:
    """A nonce the seed gives another value for (no forgery that happens to hold)."""
    draw, seed = later_draw(document), bytes.fromhex(document["seed"])
    nonce = next(
        f"{draw['nonce']}{i}"
        for i in range(100)
        if derive(seed, draw["n"], f"{draw['nonce']}{i}", draw["sides"]) != draw["value"]
    )
    draw["nonce"] = nonce


def renumbered(document: dict[str, Any]) -> None:
    later_draw(document)["n"] += 1


def no_sides(document: dict[str, Any]) -> None:
    later_draw(document)["sides"] = 0


def whole_numbers_as_text(document: dict[str, Any]) -> None:
    for draw in all_draws(document)[:3]:  # int("3"): the verifier reads them all the same
        draw["n"], draw["value"] = str(draw["n"]), f" {draw['value']} "


def changed_action(document: dict[str, Any]) -> None:
    event = document["events"][len(document["events"]) // 2]
    event["action"] = {**event["action"], "forged": True}


def odd_values(document: dict[str, Any]) -> None:
    event = document["events"][len(document["events"]) // 2]
    event["action"] = {**event["action"], "note": copy.deepcopy(ODD)}
    event["events"] = [*event["events"], {"type": "note", "values": list(ODD.values())}]


def removed(document: dict[str, Any]) -> None:
    del document["events"][len(document["events"]) // 2]


def removed_with_draws(document: dict[str, Any]) -> None:
    """An event that rolled, taken out: the draws after it are numbered wrong."""
    rolled = [e for e in document["events"] if e["draws"]]
    document["events"].remove(rolled[-2])


def swapped(document: dict[str, Any]) -> None:
    events, at = document["events"], len(document["events"]) // 2
    events[at], events[at + 1] = events[at + 1], events[at]


def last_removed(document: dict[str, Any]) -> None:
    document["events"].pop()


def wrong_seed(document: dict[str, Any]) -> None:
    document["seed"] = "00" * 32


def wrong_commitment(document: dict[str, Any]) -> None:
    document["seed_hash"] = "11" * 32


def spaced_seed(document: dict[str, Any]) -> None:
    document["seed"] = " ".join(document["seed"][i : i + 2] for i in range(0, 64, 2))


def seq_as_float(document: dict[str, Any]) -> None:
    document["events"][0]["seq"] = 1.0  # 1.0 == 1 to the verifier: not a forgery


def seq_as_text(document: dict[str, Any]) -> None:
    document["events"][1]["seq"] = "2"


def draws_not_a_list(document: dict[str, Any]) -> None:
    later = [e for e in document["events"] if e["draws"]][-1]
    later["draws"] = {"n": 0}


def rechained(forge: Forgery) -> Forgery:
    def forged(document: dict[str, Any]) -> None:
        forge(document)
        rechain(document)

    forged.__name__ = f"{forge.__name__} (chain recomputed)"
    return forged


HOLDS: list[Forgery] = [
    lambda document: None, rechained(odd_values), rechained(whole_numbers_as_text),
    spaced_seed, seq_as_float,
]  # fmt: skip
"""Changes the verifier accepts: none, and files that say the same in other words."""
FAILS: list[Forgery] = [
    other_value, rechained(other_value), rechained(other_nonce), rechained(renumbered),
    rechained(no_sides), changed_action, odd_values, removed, swapped, last_removed,
    wrong_seed, wrong_commitment, rechained(removed_with_draws), seq_as_text, draws_not_a_list,
    rechained(draws_not_a_list),
]  # fmt: skip


def test_the_script_judges_every_game_as_the_verifier_does(
    exports: dict[str, dict[str, Any]],
) -> None:
    files: list[tuple[str, bool | None, str]] = []
    for name, document in exports.items():
        for forge in HOLDS + FAILS if name != "running" else HOLDS[:2]:
            forged = copy.deepcopy(document)
            forge(forged)
            files.append((f"{name}: {getattr(forge, '__name__', 'untouched')}",
                          forge in HOLDS, export.to_json(forged)))  # fmt: skip
    files += [
        ("not JSON", None, "{"),
        ("no head", None, json.dumps({**exports["verflixte6"], "head_hash": None})),
        ("a float id", None, export.to_json({**exports["teufel"], "game_id": 7.0})),
        ("trailing text", None, export.to_json(exports["teufel"]) + " x"),
    ]
    found = run_script([{"file": text} for _, _, text in files])
    for (name, holds, text), verdict in zip(files, found, strict=True):
        expected = python_verdict(text)
        assert verdict == expected, name
        if holds is not None:
            assert (not expected["problems"]) == holds, (name, expected)
            assert expected["draws"] > 0 and expected["events"] > 1, name
            assert expected["revealed"] == (not name.startswith("running")), name


def test_a_forgery_is_named_with_its_event_and_draw(exports: dict[str, dict[str, Any]]) -> None:
    document = copy.deepcopy(exports["dicedevils"])
    rechained(other_value)(document)
    draw = later_draw(document)
    seq = next(i for i, e in enumerate(document["events"], 1) if draw in e["draws"])
    expected = derive(bytes.fromhex(document["seed"]), draw["n"], draw["nonce"], draw["sides"])
    [verdict] = run_script([{"file": export.to_json(document)}])
    params = {"n": str(draw["n"]), "logged": str(draw["value"]), "expected": str(expected)}
    assert verdict["problems"] == [["draw", seq, params]]


def random_value(pick: random.Random, depth: int = 0) -> Any:
    kind = pick.randrange(8 if depth < 3 else 5)
    if kind == 0:
        bits = struct.unpack("<d", pick.randbytes(8))[0]
        return bits if math.isfinite(bits) else pick.random() * 10 ** pick.randint(-12, 20)
    if kind == 1:
        return pick.choice([0, -1, 1, 2**53 + 1, -(2**64), 2**80]) + pick.randint(-9, 9)
    if kind == 2:
        wanted = [*range(0, 0x80), 0xE9, 0x2028, 0xD7FF, 0xE000, 0xFFFF, 0x1F3B2, 0x10FFFF]
        return "".join(chr(pick.choice(wanted)) for _ in range(pick.randrange(6)))
    if kind == 3:
        return pick.choice([None, True, False, 1.0, 1e-05, 0.0001, 1e16, 1e15, 100.0])
    if kind == 4:
        return pick.random() * 10 ** pick.randint(-10, 18)
    if kind == 5:
        return [random_value(pick, depth + 1) for _ in range(pick.randrange(4))]
    keys = (random_value(pick, 9) for _ in range(pick.randrange(5)))
    return {k: random_value(pick, depth + 1) for k in keys if isinstance(k, str)}


def test_the_script_writes_the_chain_s_json(exports: dict[str, dict[str, Any]]) -> None:
    pick = random.Random(47)
    values: list[Any] = [ODD, *(random_value(pick) for _ in range(400))]
    values += [e["action"] for e in exports["teufel"]["events"]]
    texts = [json.dumps(v, ensure_ascii=ascii) for v in values for ascii in (False, True)]
    [written] = run_script([{"canon": texts}])
    for text, found in zip(texts, written, strict=True):
        assert found == canonical_json(json.loads(text)), text


def test_the_script_samples_as_the_rng_does(exports: dict[str, dict[str, Any]]) -> None:
    """Dice of 2**255 + 1 sides: about half of the HMACs lie beyond the last whole multiple
    and are drawn again, which real dice almost never need."""
    document, sides = copy.deepcopy(exports["flaschenteufel"]), 2**255 + 1
    seed, limit = bytes.fromhex(document["seed"]), (1 << 256) - (1 << 256) % sides
    draws, redrawn = all_draws(document)[:24], []
    for draw in draws:
        draw["sides"] = sides
        draw["value"] = derive(seed, draw["n"], draw["nonce"], sides)
        message = f"{draw['n']}:{draw['nonce']}:{sides}:0".encode()
        first = int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")
        if first >= limit:
            redrawn.append((draw, first % sides + 1))
    assert redrawn  # all 24 drawn at once: a chance of 2**-24
    fair = export.to_json(rechain(document))
    draw, unfair_value = redrawn[0]
    draw["value"] = unfair_value  # what a sampler without the second draw would give
    unfair = export.to_json(rechain(document))
    found = run_script([{"file": fair}, {"file": unfair}])
    assert found == [python_verdict(fair), python_verdict(unfair)]
    assert not found[0]["problems"] and found[1]["problems"][0][0] == "draw"
