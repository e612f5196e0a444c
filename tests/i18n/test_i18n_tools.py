"""``croupier i18n update`` and ``add``: the translators' workflow on a copy of the catalogues;
and what the catalogues themselves must keep (formats, plural rules, command names)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from discord import Locale

from bot.__main__ import main
from bot.i18n import LANGUAGES, catalogue, number, t
from bot.i18n.catalogue import LOCALES_DIR, read_catalogue
from bot.i18n_tools import tools

NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for command and option names


@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The catalogues copied to ``tmp_path``, and the tools working on the copy."""
    shutil.copytree(LOCALES_DIR, tmp_path / "locales")
    root = tmp_path / "locales"

    def path(language: str) -> Path:
        return root / language / "LC_MESSAGES" / "croupier.po"

    monkeypatch.setattr(tools, "catalogue_path", path)
    monkeypatch.setattr(tools, "TEMPLATE", root / "croupier.pot")
    monkeypatch.setattr(
        tools, "installed", lambda: tuple(sorted(p.name for p in root.iterdir() if p.is_dir()))
    )
    return root


def test_the_real_catalogues_are_up_to_date_and_complete(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["i18n", "check"]) == 0
    assert "catalogues complete: de, en, fr" in capsys.readouterr().out


def test_a_changed_english_text_marks_the_partial_translation_fuzzy(copy: Path) -> None:
    english = copy / "en" / "LC_MESSAGES" / "croupier.po"
    text = english.read_text(encoding="utf-8")
    english.write_text(text.replace("The game is already over.", "This game has ended."), "utf-8")
    tools.update()
    french = read_catalogue(copy / "fr" / "LC_MESSAGES" / "croupier.po", "fr")
    german = read_catalogue(copy / "de" / "LC_MESSAGES" / "croupier.po", "de")
    assert french["game.over"].fuzzy and not french["ui.button.join"].fuzzy
    assert not german["game.over"].fuzzy  # German is kept complete by hand
    template = read_catalogue(copy / "croupier.pot")
    assert template["game.over"].auto_comments == ["English: This game has ended."]


def test_a_new_language_starts_empty_with_its_own_plural_rule(copy: Path) -> None:
    path = tools.add("ro")
    catalogue = read_catalogue(path, "ro")
    assert "nplurals=3" in str(catalogue.plural_forms)  # Romanian: 1 zar, 2 zaruri, 20 de zaruri
    assert all(not m.string or m.string == ("", "", "") for m in catalogue if m.id)
    assert catalogue["n.eyes"].auto_comments == ["English: {count} eye | {count} eyes"]
    with pytest.raises(ValueError, match="exists already"):
        tools.add("fr")
    with pytest.raises(ValueError, match="not a language"):
        tools.add("zz-Nowhere")


def test_a_partial_language_falls_back_to_english_per_text(
    copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools.add("nl")
    path = copy / "nl" / "LC_MESSAGES" / "croupier.po"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        'msgid "ui.button.join"\nmsgstr ""', 'msgid "ui.button.join"\nmsgstr "Meedoen"'
    )
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogue, "catalogue_path", tools.catalogue_path)  # the copy's
    monkeypatch.setitem(LANGUAGES, "nl", catalogue.load("nl"))
    assert t("ui.button.join", "nl") == "Meedoen"
    assert t("game.over", "nl") == t("game.over", "en")  # not translated: English
    assert t("n.eyes", "nl", count=3) == "3 eyes"


@pytest.mark.parametrize(
    ("locale", "one", "zero", "many"),
    [
        ("de", "1 Auge", "0 Augen", "1.600 Augen"),
        ("en", "1 eye", "0 eyes", "1,600 eyes"),
        ("fr", "1 œil", "0 œil", "1\u202f600 yeux"),  # French: 0 is singular, a narrow space
    ],
)
def test_counts_follow_each_languages_plural_rule_and_number_format(
    locale: str, one: str, zero: str, many: str
) -> None:
    assert t("n.eyes", locale, count=1) == one
    assert t("n.eyes", locale, count=0) == zero
    assert t("n.eyes", locale, count=1600) == many


def test_numbers_are_written_for_the_reader_but_identifiers_are_not() -> None:
    assert number(1600, "de") == "1.600" and number(1600, "en") == "1,600"
    assert number(2.5, "de") == "2,5"
    assert "1234" in t("verify.export_ready", "de", game=1234, file="x.json")
    assert "1.234" not in t("verify.export_ready", "de", game=1234, file="x.json")
    assert t("teufel.ui.account", "de", balance=1600).count("1.600") == 1


def test_a_change_is_written_with_its_sign_and_grouped() -> None:
    line = t("v6.event.frostschutz", "de", use=1, die=3, change=-1200, player="A", eyes=5)
    assert "→ −1.200," in line
    line = t("v6.event.frostschutz", "en", use=1, die=3, change=1200, player="A", eyes=5)
    assert "→ +1,200," in line


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_command_names_are_names_discord_takes(language: str) -> None:
    found = LANGUAGES[language].texts
    names = {k: v for k, v in found.items() if k.startswith("cmd.") and not k.endswith("desc")}
    bad = {k: v for k, v in names.items() if not NAME.match(v) or v != v.lower()}
    assert bad == {}
    long = {k: v for k, v in found.items() if k.startswith("cmd.") and len(v) > 100}
    assert long == {}


def test_every_catalogue_is_a_discord_locale_the_translator_serves() -> None:
    served = {str(loc) for loc in Locale}
    for language in LANGUAGES:
        assert any(code.split("-")[0] == language for code in served), language


def test_file_names_are_plain_in_every_language() -> None:
    """A catalogue's file name is used as written (letters, digits, hyphens), so nothing
    is lost to the clean-up, and a game's number stays plain digits."""
    from cogs.pipeline.payload import file_name

    for code, language in LANGUAGES.items():
        for key in sorted(k for k in language.ids() if k.startswith("file.")):
            what = key.removeprefix("file.")
            written = t(key, code, game=1234, seq=2)
            assert file_name(what, code, "png", game=1234, seq=2) == f"{written}.png", (code, key)
    assert file_name("game", "de", "json", game=1234) == "spiel-1234.json"
    assert file_name("track", "en", "png") == "track.png"
