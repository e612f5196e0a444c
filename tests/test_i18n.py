"""Every refusal the code can raise has a German and an English text."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from bot.games.verflixte6.state import PHASE_JOKERS, PHASE_STEAL, PHASE_STEP
from bot.i18n import TEXTS, normalize_locale, t

ROOT = Path(__file__).resolve().parents[1]


def raised_keys() -> set[str]:
    """Literal keys of every ``IllegalAction("...")`` in bot/ and cogs/."""
    keys: set[str] = set()
    for path in [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "IllegalAction"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.add(str(node.args[0].value))
    return keys


def all_keys() -> set[str]:
    phases = {f"v6.phase.{p}" for p in (PHASE_JOKERS, PHASE_STEP, PHASE_STEAL)}
    phases |= {f"ft.phase.{p}" for p in ("discard", "pass", "open", "play", "over")}
    return raised_keys() | phases


def test_the_scan_finds_the_refusals() -> None:
    assert {"game.not_your_turn", "v6.victim_not_eligible"} <= raised_keys()


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_key_has_a_text(language: str) -> None:
    missing = sorted(all_keys() - set(TEXTS[language]))
    assert not missing


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
    assert t("game.not_your_turn", "en-GB", player="Anna") == "It is not your turn – Anna is next."
    assert t("game.not_your_turn", None, player="Anna") == "Du bist nicht am Zug – Anna ist dran."


def test_unknown_key_is_visible_not_fatal() -> None:
    assert t("no.such.key", "de") == "no.such.key"


def test_texts_without_parameters_come_as_written_and_missing_ones_stay_visible() -> None:
    assert t("ui.button.weiter", "en") == "weiter"
    assert t("ui.button.join", "de") == TEXTS["de"]["ui.button.join"]
    template = TEXTS["de"]["game.not_your_turn"]
    assert "{player}" in template
    assert t("game.not_your_turn", "de") == template  # a forgotten parameter: not fatal
