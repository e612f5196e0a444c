"""Every text the code can ask for exists in German and English, and nothing else is in the
catalogues, found from the code itself (bot/i18n_tools/usage.py): the literal ids of ``t(...)``,
refusals and ``cmd(...)``, the families an id is built in (``t(f"ui.button.{verb}")``), the
events every engine logs and the help's sections. Every language's placeholders match
English, and the translators' template is up to date. (The tests also run with strict
texts: an id missing at run time fails the test that met it, tests/conftest.py.)"""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, has_text
from bot.i18n.catalogue import Language, catalogue_path, read_catalogue
from bot.i18n_tools import tools
from bot.i18n_tools.usage import EVENT_PREFIX, event_types, key_families, literal_keys, unused
from bot.render.table_events import TABLE_EVENTS, WITH_REASON, table_event_key

COMPLETE = ("de", "en")


def test_the_scans_find_what_they_look_for() -> None:
    assert {"game.not_your_turn", "ui.error", "teufel.ui.bet_done", "cmd.sprache"} <= literal_keys()
    assert r"ui\.button\..+" in key_families()
    assert {"round", "fight", "game_end"} <= event_types("dicedevils")


def test_the_catalogues_have_no_problems() -> None:
    """``croupier i18n check``: nothing missing, nothing stale, placeholders alike."""
    assert tools.problems() == []


@pytest.mark.parametrize("language", COMPLETE)
def test_every_literal_key_has_a_text(language: str) -> None:
    assert sorted(k for k in literal_keys() if not has_text(k, language)) == []


@pytest.mark.parametrize("family", sorted(key_families()))
def test_every_family_of_keys_exists_alike_in_both_languages(family: str) -> None:
    found = {
        lang: {k for k, _ in LANGUAGES[lang].every_text() if re.fullmatch(family, k)}
        for lang in COMPLETE
    }
    assert found["de"], f"no text matches {family}"
    assert found["de"] == found["en"]


@pytest.mark.parametrize("kind", sorted(EVENT_PREFIX))
@pytest.mark.parametrize("language", COMPLETE)
def test_every_event_of_every_engine_has_a_text(kind: str, language: str) -> None:
    prefix = EVENT_PREFIX[kind]
    ids = [k for k, _ in LANGUAGES[language].every_text()]
    missing = [
        e for e in event_types(kind) if not any(k.startswith(f"{prefix}.event.{e}") for k in ids)
    ]
    assert missing == []


def test_a_text_nothing_asks_for_is_found() -> None:
    assert unused({"game.over", "ui.button.weiter", "v6.event.steal", "ui.no.such.text"}) == [
        "ui.no.such.text"
    ]


def test_a_wrong_placeholder_or_a_stale_id_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    french = Language(
        "fr",
        {"game.over": "Fini, {player}.", "ui.gone": "x", "game.player_count": "De {low} à N."},
        {},
        lambda n: int(n > 1),
        str,
        str,
    )
    monkeypatch.setitem(LANGUAGES, "fr", french)
    assert [p for p in tools.problems() if p.startswith("fr:")] == [
        "fr: game.over has ['player']",
        "fr: ui.gone is not in English (stale?)",
        "fr: game.player_count lacks ['high']",
    ]


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
        event = {"type": kind, "host": "Hanna", "player": "Anna", "old": "Ben", "new": "Cem",
                 "by": "Dora"}  # fmt: skip
        line = describe_table_event(event, language, str)
        assert "{" not in line and "table.event" not in line, line
    one = describe_table_event({"type": "clock", "host": "H", "seconds": 60}, language, str)
    two = describe_table_event({"type": "clock", "host": "H", "seconds": 120}, language, str)
    assert one.endswith(" 1 Minute." if language == "de" else " 1 minute."), one
    assert two.endswith(" 2 Minuten." if language == "de" else " 2 minutes."), two


def test_french_is_complete_and_current() -> None:
    """French is a complete catalogue (docs/DECISIONS.md): no text is left fuzzy, which
    would have its readers read the English one."""
    catalogue = read_catalogue(catalogue_path("fr"), "fr")
    fuzzy = sorted(str(m.id) for m in catalogue if m.id and m.fuzzy)
    assert fuzzy == []
