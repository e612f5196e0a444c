"""The help and rules texts: both languages alike, every topic fits Discord's limits."""

from __future__ import annotations

import re

import pytest

from bot.games.verflixte6.state import JOKER_IDS
from bot.help_pages import SECTIONS, TOPICS, page_text, pages, sections
from bot.i18n import LANGUAGES as CATALOGUES
from bot.i18n import t
from bot.plugins import GAMES
from bot.render.cards import MAX_TEXT
from bot.tournament.game import TournamentGame

LANGUAGES = ("de", "en")


def test_every_game_has_rules_and_there_is_a_general_help() -> None:
    games = {kind for kind in GAMES if kind != TournamentGame.kind}
    assert set(TOPICS) == games | {"hilfe"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_fits_discord(topic: str, language: str) -> None:
    found = pages(topic, language)
    assert [s for page in found for s in page] == sections(topic, language)  # nothing lost
    for page in found:
        assert page and len(page_text(page)) <= MAX_TEXT
        for title, body in page:
            assert title and body and "\n" not in title
            assert not re.search(r"[{}]", title + body), (title, body)  # no placeholders


def test_too_much_text_is_cut_into_several_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = CATALOGUES["de"].texts
    for i in range(12):
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.title", f"Teil {i}")
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.body", "x" * 1500)
    monkeypatch.setitem(SECTIONS, "hilfe", tuple(f"s{i}" for i in range(9)))
    found = pages("hilfe", "de")
    assert [len(p) for p in found] == [2, 2, 2, 2, 1]  # 3 × (1,500 + a heading) > 4,000
    assert [s for page in found for s in page] == sections("hilfe", "de")
    for i in range(12):
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.title", f"T{i}")
        monkeypatch.setitem(texts, f"help.hilfe.s{i}.body", "x")
    monkeypatch.setitem(SECTIONS, "hilfe", tuple(f"s{i}" for i in range(12)))
    assert [len(p) for p in pages("hilfe", "de")] == [12]  # short sections share a card


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_v6_rules_end_with_all_fifteen_jokers_in_german(language: str) -> None:
    title, body = sections("verflixte6", language)[-1]
    assert title == ("Die 15 Joker" if language == "de" else "The 15 jokers")
    lines = body.split("\n")
    assert len(lines) == len(JOKER_IDS) == 15
    for joker, line in zip(JOKER_IDS, lines, strict=True):
        assert line.startswith(f"**{t(f'v6.joker.{joker}', 'de')}** – ")
        assert line.endswith(t(f"ui.rules.joker.{joker}", language))


def test_the_general_help_names_the_table_command_of_every_game() -> None:
    body = "\n".join(b for _, b in sections("hilfe", "de"))
    for command in ("/v6 tisch", "/teufel tisch", "/flaschenteufel tisch", "/dicedevils tisch"):
        assert command in body
    english = "\n".join(b for _, b in sections("hilfe", "en"))
    assert "/v6 table" in english and "SHA-256" in english and "SHA-256" in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_general_help_names_every_table_tool(language: str) -> None:
    body = "\n".join(b for _, b in sections("hilfe", language))
    table = t("cmd.tisch", language)
    for tool in ("pause", "fortsetzen", "uhr", "beenden", "ersetzen", "abwesend"):
        assert f"`/{table} {t('cmd.' + tool, language)}" in body, tool
