"""The texts' mechanics: languages, the default, plural forms, strictness about missing texts."""

from __future__ import annotations

import logging
import string

import pytest

from bot import i18n
from bot.games.verflixte6.state import PHASE_JOKERS, PHASE_STEAL, PHASE_STEP
from bot.i18n import MISSING, TEXTS, MissingText, has_text, normalize_locale, t
from bot.i18n.help import SECTIONS, sections

PHASES = {f"v6.phase.{p}" for p in (PHASE_JOKERS, PHASE_STEP, PHASE_STEAL)} | {
    f"ft.phase.{p}" for p in ("discard", "pass", "open", "play", "over")
}
"""Refusals built from a phase's name (the literal keys are found by test_texts_complete)."""


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_phase_refusal_has_a_text(language: str) -> None:
    assert sorted(key for key in PHASES if not has_text(key, language)) == []


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert set(TEXTS["de"]) == set(TEXTS["en"])
    fields = string.Formatter()
    for key in TEXTS["de"]:
        de = {f for _, f, _, _ in fields.parse(TEXTS["de"][key]) if f}
        en = {f for _, f, _, _ in fields.parse(TEXTS["en"][key]) if f}
        assert de == en, key


def test_german_is_the_default_and_discord_locales_map() -> None:
    assert normalize_locale(None) == "de"
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("fr") == "de"
    assert t("game.not_your_turn", "en-GB", player="Anna", count=1) == (
        "It is not your turn – it's Anna's turn."
    )
    assert t("game.not_your_turn", None, player="Anna", count=1) == (
        "Du bist nicht am Zug – Anna ist dran."
    )


def test_a_missing_text_fails_loudly_in_tests() -> None:
    with pytest.raises(MissingText):
        t("no.such.key", "de")
    with pytest.raises(MissingText):
        t("game.not_your_turn", "de")  # a forgotten parameter
    assert MISSING == ["de:no.such.key", "de:game.not_your_turn"]
    MISSING.clear()


def test_a_missing_text_is_logged_in_production_and_never_shows_a_repr(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(i18n, "STRICT", False)
    monkeypatch.setitem(TEXTS["de"], "only.english", "")
    del TEXTS["de"]["only.english"]
    monkeypatch.setitem(TEXTS["en"], "only.english", "English for {player}")
    with caplog.at_level(logging.ERROR, logger="bot.i18n"):
        assert t("no.such.key", "de", player="1") == "no.such.key"
        assert t("only.english", "de", player="Anna") == "English for Anna"
    assert "no.such.key" in caplog.text and "de:only.english" in caplog.text
    assert MISSING == []


def test_texts_without_parameters_come_as_written() -> None:
    assert t("ui.button.weiter", "en") == "weiter"
    assert t("ui.button.join", "de") == TEXTS["de"]["ui.button.join"]


def test_english_titles_start_every_part_with_a_capital() -> None:
    """'Dice Devils – Round 1', not '– round 1': titles read alike in English."""
    titles = [v for k, v in TEXTS["en"].items() if k.endswith("title")]
    titles += [title for topic in SECTIONS["en"] for title, _ in sections(topic, "en")]
    for title in titles:
        for part in title.split(" – ")[1:]:
            assert not part[:1].islower(), title
