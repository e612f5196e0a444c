"""The texts' mechanics: languages, the default, plural forms, strictness about missing texts."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from babel import Locale

from bot import i18n
from bot.games.verflixte6.state import PHASE_JOKERS, PHASE_STEAL, PHASE_STEP
from bot.help_pages import TOPICS, sections
from bot.i18n import (
    LANGUAGES,
    MISSING,
    MissingText,
    decimal,
    has_text,
    normalize_locale,
    t,
    template,
)
from bot.i18n.catalogue import installed
from bot.i18n_tools.tools import base_placeholders, placeholders
from bot.render.sums import signed_average

PHASES = {f"v6.phase.{p}" for p in (PHASE_JOKERS, PHASE_STEP, PHASE_STEAL)} | {
    f"ft.phase.{p}" for p in ("discard", "pass", "open", "play", "over")
}
"""Refusals built from a phase's name (the literal keys are found by test_texts_complete)."""


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_phase_refusal_has_a_text(language: str) -> None:
    assert sorted(key for key in PHASES if not has_text(key, language)) == []


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    de, en = LANGUAGES["de"], LANGUAGES["en"]
    assert set(de.texts) == set(en.texts) and set(de.plurals) == set(en.plurals)
    for key, text in de.every_text():
        assert placeholders(text) <= base_placeholders(key), key


def test_german_is_the_default_and_discord_locales_map() -> None:
    assert normalize_locale(None) == "de"
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("pl") == "de"  # no catalogue: the default
    assert normalize_locale("fr") == "fr"
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
    monkeypatch.setitem(LANGUAGES["en"].texts, "only.english", "English for {player}")
    with caplog.at_level(logging.ERROR, logger="bot.i18n"):
        assert t("no.such.key", "de", player="1") == "no.such.key"
        assert t("only.english", "de", player="Anna") == "English for Anna"
    assert "no.such.key" in caplog.text and "de:only.english" in caplog.text
    assert MISSING == []


def test_texts_without_parameters_come_as_written() -> None:
    assert t("ui.button.weiter", "en") == "weiter"
    assert t("ui.button.join", "de") == template("ui.button.join", "de")


def test_english_titles_start_every_part_with_a_capital() -> None:
    """'Dice Devils – Round 1', not '– round 1': titles read alike in English."""
    titles = [v for k, v in LANGUAGES["en"].texts.items() if k.endswith("title")]
    titles += [title for topic in TOPICS for title, _ in sections(topic, "en")]
    for title in titles:
        for part in title.split(" – ")[1:]:
            assert not part[:1].islower(), title


def test_the_readme_opens_with_every_language_players_can_read() -> None:
    """Its first lines said "German by default, English per server setting"; French exists
    too. Every language with a catalogue is named there (in English, as the README is)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    opening = readme.split("\n## ", 1)[0]
    for language in installed():
        name = Locale.parse(language).get_display_name("en")
        assert name in opening, name


def test_averages_round_a_half_up_as_people_do() -> None:
    """2,25 is written 2,3 (Python's ``round`` and Babel give the even 2,2); a negative
    half goes away from zero, and a decimal half just below in binary still rounds up."""
    assert decimal(2.25, "de") == "2,3"
    assert decimal(9 / 4, "en") == "2.3"
    assert decimal(-2.25, "de") == "−2,3"
    assert decimal(0.15, "fr") == "0,2"
    assert decimal(-0.04, "de") == "0,0"
    assert signed_average(9, 4, "de") == "+2,3"
    assert signed_average(-0.04, 1, "de") == "±0,0"
