"""Every text the code can ask for exists in both languages, found from the code itself:
the literal keys of ``t(...)`` and ``IllegalAction(...)``, the families a key is built in
(``t(f"ui.button.{verb}")``), and the events every engine and the service log, each of
which some table message or ``/v6 log`` shows. (The tests also run with strict texts: a
key missing at run time fails the test that met it, tests/conftest.py.)"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import TEXTS, has_text
from bot.render.table_events import TABLE_EVENTS, WITH_REASON, table_event_key

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [
    p
    for folder in ("bot", "cogs")
    for p in ROOT.joinpath(folder).rglob("*.py")
    if "i18n" not in p.parts and "loopback" not in p.parts and "bench" not in p.parts
]
EVENT_PREFIX = {"verflixte6": "v6", "teufel": "teufel", "flaschenteufel": "ft", "dicedevils": "dd"}
LANGUAGES = ("de", "en")


def _calls(names: set[str]) -> Iterator[tuple[Path, ast.Call]]:
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in names:
                    yield path, node


def literal_keys() -> set[str]:
    return {
        str(call.args[0].value)
        for _, call in _calls({"t", "IllegalAction"})
        if isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
    }


def key_families() -> set[str]:
    """Keys built from an f-string, as patterns (``ui.button.{verb}`` -> ``ui\\.button\\.\\w+``)."""
    families = set()
    for _, call in _calls({"t", "IllegalAction"}):
        key = call.args[0]
        if isinstance(key, ast.JoinedStr):
            parts = [
                re.escape(str(v.value)) if isinstance(v, ast.Constant) else r"[\w.]+"
                for v in key.values
            ]
            families.add("".join(parts))
    return families


def event_types(package: str) -> set[str]:
    """Types of the events an engine logs with a literal type (``Event("round", ...)``)."""
    types = set()
    for path in ROOT.joinpath("bot", "games", package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Event"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                types.add(str(node.args[0].value))
    return types


def test_the_scans_find_what_they_look_for() -> None:
    assert {"game.not_your_turn", "ui.error", "teufel.ui.bet_done"} <= literal_keys()
    assert r"ui\.button\.[\w.]+" in key_families()
    assert {"round", "fight", "game_end"} <= event_types("dicedevils")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_literal_key_has_a_text(language: str) -> None:
    assert sorted(k for k in literal_keys() if not has_text(k, language)) == []


@pytest.mark.parametrize("family", sorted(key_families()))
def test_every_family_of_keys_exists_alike_in_both_languages(family: str) -> None:
    found = {lang: {k for k in TEXTS[lang] if re.fullmatch(family, k)} for lang in LANGUAGES}
    assert found["de"], f"no text matches {family}"
    assert found["de"] == found["en"]


@pytest.mark.parametrize("kind", sorted(EVENT_PREFIX))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_of_every_engine_has_a_text(kind: str, language: str) -> None:
    prefix = EVENT_PREFIX[kind]
    missing = [
        e
        for e in event_types(kind)
        if not any(k.startswith(f"{prefix}.event.{e}") for k in TEXTS[language])
    ]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_event_has_a_text_with_and_without_a_reason(language: str) -> None:
    for kind in TABLE_EVENTS:
        extras: list[dict[str, object]] = [{}]
        extras += [{"reason": "Gewitter"}] if kind in WITH_REASON else []
        extras += [{"seconds": 0}, {"seconds": 60}] if kind == "clock" else []
        for extra in extras:
            key = table_event_key({"type": kind, **extra})
            assert has_text(key, language), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_event_reads_as_a_sentence(language: str) -> None:
    from bot.render.table_events import describe_table_event

    for kind in TABLE_EVENTS:
        event = {"type": kind, "host": "Hanna", "player": "Anna", "old": "Ben", "new": "Cem"}
        line = describe_table_event(event, language, str)
        assert "{" not in line and "table.event" not in line, line
    one = describe_table_event({"type": "clock", "host": "H", "seconds": 60}, language, str)
    two = describe_table_event({"type": "clock", "host": "H", "seconds": 120}, language, str)
    assert one.endswith(" 1 Minute." if language == "de" else " 1 minute."), one
    assert two.endswith(" 2 Minuten." if language == "de" else " 2 minutes."), two
